"""Per-case confidence scores behind the risk-coverage curves."""

from __future__ import annotations

from dataclasses import replace

from answerable import Claim, Label, decide
from answerable.core.types import Principal
from answerable.engine.engine import log_record
from answerable.evaluation.runner import case_scores
from answerable.signals.annotate import annotate
from tests.conftest import NOW, draft, evidence, passage, verdict

TEXT = "The Normans gave their name to Normandy in the 10th century."


def scores(ev, profile):  # type: ignore[no-untyped-def]
    decision = decide(ev, profile, NOW)
    record = log_record(ev, decision, profile, NOW, Principal(), {}, list(ev.passages), False)
    return case_scores(record, decision)


def test_the_gate_score_puts_answers_first_then_orders_by_the_weakest_claims_support(policy):  # type: ignore[no-untyped-def]
    strict = policy.profile("strict")
    claim = Claim("c1", "Who gave their name to Normandy in the 1000's?")
    ev = evidence(
        (passage("normans#1", 0.9, text=TEXT + " By the 1000's it was a duchy."),),
        (verdict("c1", "normans#1", Label.SUPPORTED, 0.8),),
        (claim,),
        drafted=draft(("The Normans gave their name to Normandy.", ("normans#1",), 0.9)),
    )
    answered = scores(ev, strict)
    assert answered["gate"] == 1.8 and answered["rerank"] == 0.9
    # Same support, but no passage mentions the 1000's: abstains, below every answer.
    unmentioned = scores(annotate(replace(ev, passages=(passage("normans#1", 0.9, text=TEXT),))), strict)
    assert unmentioned["gate"] == 0.8 and unmentioned["rerank"] == 0.9
    weak = scores(replace(ev, verdicts=(verdict("c1", "normans#1", Label.SUPPORTED, 0.3),)), strict)
    assert weak["gate"] == 0.3


def test_the_gate_score_reads_the_confirmation_of_the_strongest_support_not_of_a_rival(policy):  # type: ignore[no-untyped-def]
    """The second model is asked about the strongest support and its rivals; only the strongest's word
    decides whether the claim counts, so only it lowers the score."""
    strict = replace(policy.profile("strict"), min_confirmation=0.25)
    claim = Claim("c1", "Who gave their name to Normandy?")
    strongest = replace(verdict("c1", "normans#1", Label.SUPPORTED, 0.8), confirmation=0.6)
    rival = replace(verdict("c1", "franks#1", Label.SUPPORTED, 0.7), confirmation=0.3)
    ev = evidence(
        (passage("normans#1", 0.8, text=TEXT), passage("franks#1", 0.7, text="The Franks ruled Normandy.")),
        (strongest, rival),
        (claim,),
        drafted=draft(("The Normans gave their name to Normandy.", ("normans#1",), 0.9)),
    )
    assert scores(ev, strict)["gate"] == 1.6
    doubted = replace(ev, verdicts=(replace(strongest, confirmation=0.5), rival))
    assert scores(doubted, strict)["gate"] == 1.5


def test_the_index_is_renamed_into_place_only_when_built_and_names_what_it_left_out(tmp_path) -> None:  # type: ignore[no-untyped-def]
    from answerable.backends.models.embed import HashEmbedder
    from answerable.evaluation.data import open_dataset
    from answerable.evaluation.runner import build_index

    folder = tmp_path / "ds"
    folder.mkdir()
    (folder / "corpus.jsonl").write_text(
        '{"id": "a", "title": "A", "text": "Tokens last 12 hours."}\n'
        '{"id": "b", "title": "B", "text": "Secret.", "acls": ["staff"]}\n'
        '{"id": "c", "title": "C", "text": "Keys rotate yearly."}\n'
    )
    (folder / "cases.jsonl").write_text('{"id": "q", "question": "How long do tokens last?"}\n')
    dataset = open_dataset(folder)
    cache = tmp_path / "cache"
    cache.mkdir()
    # what an interrupted build leaves: a partial file under the building name, never taken for the index
    from answerable.ingest.chunking import ChunkConfig
    from answerable.ingest.sections import PARSING

    embedder = HashEmbedder(64)
    key = dataset.corpus_key(f"{embedder.name}:{embedder.dim}:{ChunkConfig()}:parsing-{PARSING}")
    (cache / f"ds-{key}.building").write_text("half an index")
    (cache / f"ds-{key}.building-wal").write_text("its log")
    warned: list[str] = []
    store = build_index(dataset, embedder, cache, warn=warned.append)
    assert store.stats().documents == 2 and not list(cache.glob("*.building*"))
    store.close()
    assert (cache / f"ds-{key}.db").exists()
    assert len(warned) == 1 and "corpus.jsonl:2" in warned[0] and "acls: not a field" in warned[0]
    again: list[str] = []
    build_index(dataset, HashEmbedder(64), cache, warn=again.append).close()  # reused, and still says so
    assert again == warned
