"""The engine wired to a real SQLite store, with mock models where a test counts calls or pins scores."""

from __future__ import annotations

import json
import re
from collections.abc import Sequence
from dataclasses import replace
from datetime import date
from pathlib import Path

import pytest

from answerable.backends.generation.extractive import ExtractiveGenerator
from answerable.backends.models.base import MockReranker, MockVerifier, SupportProbs
from answerable.backends.models.embed import HashEmbedder
from answerable.backends.store.sqlite import SQLiteStore
from answerable.core.errors import InputError, ModelError, StoreError
from answerable.core.policy import load_policy
from answerable.core.reasons import KEYWORDS_NEXT_STEP
from answerable.core.types import (
    MAX_QUESTION_CHARS,
    Claim,
    Draft,
    Label,
    Passage,
    Principal,
    ReasonCode,
    Result,
    Status,
)
from answerable.engine.engine import Engine
from answerable.engine.indexing import ingest
from answerable.interfaces.render import render_record
from answerable.signals.quoting import under_heading
from tests.conftest import ROOT

TEST_POLICY = ROOT / "tests" / "policy.toml"

NOW = date(2026, 11, 29)
WORD = re.compile(r"[a-z0-9]+")
STOP = {
    "the",
    "a",
    "an",
    "is",
    "are",
    "do",
    "does",
    "i",
    "how",
    "what",
    "when",
    "can",
    "my",
    "of",
    "to",
    "in",
    "and",
    "for",
    "it",
    "be",
    "with",
    "on",
    "which",
    "long",
    "many",
    "much",
}


def stems(text: str) -> set[str]:
    return {w[:5] for w in WORD.findall(text.lower()) if w not in STOP}


def overlap(question: str, passage: str) -> float:
    """A transparent stand-in for the answerability model: share of question words found in the passage."""
    q, p = stems(question), stems(passage)
    return len(q & p) / len(q) if q else 0.0


class CountingGenerator(ExtractiveGenerator):
    def generate(self, question: str, claims: Sequence[tuple[Claim, Sequence[Passage]]]) -> Draft:
        return super().generate(question, claims)


@pytest.fixture(scope="module")
def store(tmp_path_factory: pytest.TempPathFactory) -> SQLiteStore:
    s = SQLiteStore(tmp_path_factory.mktemp("engine") / "i.db")
    report = ingest([ROOT / "examples" / "docs"], s, HashEmbedder(128))
    assert report.documents >= 8
    return s


def engine(store: SQLiteStore, rerank=overlap, verify=None, **kw) -> Engine:  # type: ignore[no-untyped-def]
    reranker = MockReranker(rerank)
    verifier = MockVerifier(verify or (lambda c, p: Label.INSUFFICIENT))
    return Engine(
        store,
        HashEmbedder(128),
        reranker,
        verifier,
        load_policy(TEST_POLICY),
        generator=CountingGenerator(reranker.score),
        **kw,
    )


def on_topic(e: Engine, bar: float) -> Engine:
    """The engine with the strict profile's `min_topic_similarity` set to `bar`."""
    strict = replace(e.policy.profile("strict"), min_topic_similarity=bar)
    e.policy = replace(e.policy, profiles={**e.policy.profiles, "strict": strict})
    return e


def indexed(tmp_path: Path, pages: dict[str, str]) -> SQLiteStore:
    """A store holding `pages` (file name -> Markdown), ingested with hashed vectors."""
    docs = tmp_path / "docs"
    docs.mkdir(parents=True)
    for name, text in pages.items():
        (docs / name).write_text(text)
    s = SQLiteStore(tmp_path / "i.db")
    ingest([docs], s, HashEmbedder(128))
    return s


def test_supported_question_is_answered_with_citations_from_metadata(store: SQLiteStore) -> None:
    e = engine(store)
    d = e.ask("How do I rotate an API key?", as_of=NOW)
    assert d.status is Status.ANSWER, d.reason_codes
    assert d.citations[0].passage_id.startswith("api/keys#")
    assert d.citations[0].url == "https://docs.lumen.example/api/keys#rotating-a-key"  # the section's anchor
    assert "Rotate" in (d.answer or "") and f"[{d.citations[0].passage_id}]" in (d.answer or "")
    assert e.generator.calls == 1  # type: ignore[attr-defined]


def test_no_generation_call_when_the_gate_abstains(store: SQLiteStore) -> None:
    e = engine(store, rerank=lambda q, p: 0.05)
    d = e.ask("How do I rotate an API key?", as_of=NOW)
    # The keys page is on the topic (its cosine clears the bar) and the reranker says it does not answer.
    assert d.status is Status.ABSTAIN and ReasonCode.NO_ANSWER_BEARING_EVIDENCE in d.reason_codes
    assert e.generator.calls == 0  # type: ignore[attr-defined]
    assert d.suggestions  # closest readable pages are offered


def test_empty_retrieval_is_no_evidence_with_no_model_calls(store: SQLiteStore) -> None:
    calls: list[str] = []

    def rerank(q: str, p: str) -> float:
        calls.append(p)
        return 1.0

    e = engine(store, rerank=rerank)
    d = e.ask("How do I rotate an API key?", as_of=NOW, doc_ids=[])
    assert d.status is Status.ABSTAIN and d.reason_codes == (ReasonCode.NO_EVIDENCE,)
    assert calls == [] and e.generator.calls == 0  # type: ignore[attr-defined]


def test_superseded_page_is_stale_and_its_replacement_answers(store: SQLiteStore) -> None:
    d = engine(store).ask("Which TLS versions does the Lumen API accept?", as_of=NOW)
    assert d.status is Status.ANSWER, d.reason_codes
    assert {c.passage_id.split("#")[0] for c in d.citations} == {"security/tls"}


def test_forum_only_fact_is_not_allowed_under_strict_but_is_under_assist(store: SQLiteStore) -> None:
    q = "Can billing switch my invoices to euros?"
    rerank = lambda q, p: 0.9 if "euros" in p else 0.1  # noqa: E731
    strict = engine(store, rerank=rerank).ask(q, as_of=NOW)
    assert strict.status is Status.ABSTAIN and ReasonCode.SOURCE_NOT_ALLOWED in strict.reason_codes
    assist = engine(store, rerank=rerank).ask(q, profile="assist", as_of=NOW)
    assert assist.status is Status.ANSWER


def test_conflicting_documents_abstain_and_name_both(tmp_path: Path) -> None:
    s = indexed(
        tmp_path,
        {
            "export-limits.md": "---\ntrust: official\nupdated_at: 2026-09-01\n---\nExports are limited to 1 GB.",
            "export-faq.md": "---\ntrust: official\nupdated_at: 2026-09-01\n---\nExports can be up to 5 GB.",
        },
    )

    def verify(claim: str, passage: str) -> SupportProbs:
        agree = ("1 GB" in claim) == ("1 GB" in passage)
        return SupportProbs(0.9, 0.05, 0.05) if agree else SupportProbs(0.02, 0.95, 0.03)

    e = on_topic(engine(s, rerank=lambda q, p: 0.9, verify=verify), 0.0)  # hashed vectors say nothing of topics
    d = e.ask("How large can an export be?", as_of=NOW)
    assert d.status is Status.ABSTAIN and d.reason_codes == (ReasonCode.CONFLICTING_EVIDENCE,)
    assert {pid.split("#")[0] for pid in d.claims[0].passage_ids} == {"export-limits", "export-faq"}
    assert d.answer is None


def test_a_page_stating_the_same_name_or_none_of_its_kind_does_not_contradict(tmp_path: Path) -> None:
    """The support model read "Owner: ... deleting the workspace" and a page that only points to the
    answer's page as refuting "Only the workspace Owner can delete a workspace.": the same refutation is
    a conflict only from a page that names someone else."""
    q = "Who can delete a workspace?"
    refute_all = lambda claim, passage: SupportProbs(0.02, 0.95, 0.03)  # noqa: E731
    others = {
        "the same name": ("Owner: everything an Admin can do, plus deleting the workspace.", Status.ANSWER),
        "a pointer": ("Projects are deleted in 30 days. For workspaces, see Delete a workspace.", Status.ANSWER),
        "another name": ("Only an Admin can delete a workspace.", Status.ABSTAIN),
    }
    for case, (text, status) in others.items():
        s = indexed(
            tmp_path / case.replace(" ", "-"),
            {"delete.md": "Only the workspace Owner can delete a workspace.", "other.md": text},
        )
        rerank = lambda q, p: 0.9 if p.startswith("Only the") else 0.85  # noqa: E731
        d = on_topic(engine(s, rerank=rerank, verify=refute_all), 0.0).ask(q, as_of=NOW)
        assert d.status is status, (case, d.reason_codes)
        if status is Status.ABSTAIN:
            assert d.reason_codes == (ReasonCode.CONFLICTING_EVIDENCE,)
        else:
            assert "Owner" in (d.answer or "")


def test_only_a_page_that_speaks_of_what_the_answer_says_can_contradict_it(tmp_path: Path) -> None:
    """A table of how long deleted files are kept read as refuting one of how long versions are kept (0.66)
    for "How long is version history kept on the Business plan?": it never says "version"."""
    q = "How long is version history kept on the Business plan?"
    refute_all = lambda claim, passage: SupportProbs(0.02, 0.95, 0.03)  # noqa: E731
    others = {
        "another subject": ("Business workspaces keep deleted files for 90 days.", Status.ANSWER),
        "the same subject": ("Business workspaces keep version history for 90 days.", Status.ABSTAIN),
    }
    for case, (text, status) in others.items():
        s = indexed(
            tmp_path / case.replace(" ", "-"),
            {"versions.md": "Business workspaces keep version history for 180 days.", "other.md": text},
        )
        rerank = lambda q, p: 0.9 if "180" in p else 0.85  # noqa: E731
        d = on_topic(engine(s, rerank=rerank, verify=refute_all), 0.0).ask(q, as_of=NOW)
        assert d.status is status, (case, d.reason_codes)
        if status is Status.ANSWER:
            assert "180 days" in (d.answer or "")
        else:
            assert d.reason_codes == (ReasonCode.CONFLICTING_EVIDENCE,)


def test_a_page_about_other_days_or_another_thing_named_before_a_pronoun_cannot_contradict(tmp_path: Path) -> None:
    """What the answer speaks of is read as for value conflicts: "Only the finance team can approve them."
    speaks of the refunds the sentence before names, which a page about expenses never says; a page that
    speaks only of weekdays says nothing of Saturdays. A page about the same thing still contradicts."""
    refute_all = lambda claim, passage: SupportProbs(0.02, 0.95, 0.03)  # noqa: E731
    cases = {
        "pronoun, another thing": (
            "Who can approve refunds?",
            "Refunds over $100 need a second look. Only the finance team can approve them.",
            "Only an Admin can approve expenses.",
            Status.ANSWER,
        ),
        "pronoun, the same thing": (
            "Who can approve refunds?",
            "Refunds over $100 need a second look. Only the finance team can approve them.",
            "Only an Admin can approve refunds.",
            Status.ABSTAIN,
        ),
        "other days": (
            "Who answers the phone on Saturdays?",
            "On Saturdays the duty nurse answers the phone.",
            "On weekdays the receptionist answers the phone.",
            Status.ANSWER,
        ),
        "the same day": (
            "Who answers the phone on Saturdays?",
            "On Saturdays the duty nurse answers the phone.",
            "On Saturdays a volunteer answers the phone.",
            Status.ABSTAIN,
        ),
    }
    for case, (q, answer, text, status) in cases.items():
        s = indexed(tmp_path / case.replace(" ", "-").replace(",", ""), {"answer.md": answer, "other.md": text})
        rerank = lambda q, p, a=answer: 0.9 if p.endswith(a.split(". ")[-1]) else 0.85  # noqa: E731
        d = on_topic(engine(s, rerank=rerank, verify=refute_all), 0.0).ask(q, as_of=NOW)
        assert d.status is status, (case, d.reason_codes, d.answer)
        if status is Status.ABSTAIN:
            assert d.reason_codes == (ReasonCode.CONFLICTING_EVIDENCE,), case


def test_passages_are_scored_under_their_section_heading(tmp_path: Path) -> None:
    """ "How often are alerts evaluated?" scored 0.71 on "Lumen evaluates alerts every 10 minutes." alone,
    under the retrieval bar; its section is "How often alerts run"."""
    s = indexed(
        tmp_path,
        {
            "alerts.md": "# Alerts\n\n## How often alerts run\n\nLumen checks them every 10 minutes.\n",
        },
    )
    read: list[str] = []

    def rerank(q: str, p: str) -> float:
        read.append(p)
        return 0.9 if p.startswith("How often alerts run. ") else 0.3

    d = on_topic(engine(s, rerank=rerank), 0.0).ask("How often are alerts evaluated?", as_of=NOW)
    assert d.status is Status.ANSWER and d.answer == "Lumen checks them every 10 minutes. [alerts#0]", d
    assert "How often alerts run. Lumen checks them every 10 minutes." in read


def test_only_a_page_on_the_questions_topic_can_contradict_the_answer(tmp_path: Path) -> None:
    """The same refutation is a conflict from a page on the topic and ignored from one off it: the support
    model reads a page on another subject as refuting ("Monthly plans are not refunded", on deleting a
    workspace, against an annual plan's refund window)."""
    # another figure than the answer's: a page that states none cannot disagree on one (`states_otherwise`)
    # (and one that speaks of annual plans: `kinds.about_as_much`)
    s = indexed(
        tmp_path,
        {
            "refunds.md": "Annual plans can be refunded within 30 days.",
            "delete.md": "Deleting a workspace cancels it. Annual plans are refunded within 14 days.",
        },
    )

    def verify(claim: str, passage: str) -> SupportProbs:
        return SupportProbs(0.02, 0.95, 0.03) if "14 days" in passage else SupportProbs(0.9, 0.05, 0.05)

    q = "Within how many days can an annual plan be refunded?"
    e = engine(s, rerank=lambda q, p: 0.9 if "30 days" in p else 0.8, verify=verify)
    # every page on the topic, then none (a page found by words alone has no cosine, and counts as on it)
    bars = {bar: on_topic(e, bar).ask(q, as_of=NOW) for bar in (0.0, 1.0)}
    assert bars[0.0].reason_codes == (ReasonCode.CONFLICTING_EVIDENCE,)
    assert bars[1.0].status is Status.ANSWER and "30 days" in (bars[1.0].answer or "")


def test_restricted_page_leaves_no_trace_for_a_principal_without_the_group(store: SQLiteStore) -> None:
    q = "How do I drain the ingestion queue?"
    e = engine(store)
    public = e.ask(q, as_of=NOW)
    assert public.record is not None and public.record["why"]
    # The decision, its log record (the causes of its reasons among them) and the readable output.
    dumped = json.dumps(public.to_dict()) + json.dumps(public.record) + render_record(public.record)
    for trace in ("incident-runbook", "lumenctl", "Incident runbook", "internal.lumen.example"):
        assert trace not in dumped
    staff = engine(store).ask(q, principal=Principal(groups=frozenset({"staff"})), as_of=NOW)
    assert staff.status is Status.ANSWER and "lumenctl" in (staff.answer or "")


def test_every_decision_is_logged_with_its_inputs_and_stage_times(store: SQLiteStore) -> None:
    before = len(store.read_log())
    d = engine(store).ask("How do I rotate an API key?", principal=Principal(id="u-42"), as_of=NOW)
    (record,) = store.read_log()[before:]
    assert record["decision_id"] == d.decision_id and record["principal"]["id"] == "u-42"
    assert record["claims"] and record["retrieved"] and record["verdicts"] and record["policy"]["version"]
    assert set(record["timings_ms"]) >= {"claims", "search", "rerank", "verify", "gate", "generate", "cite", "decide"}
    assert record["decision"] == d.to_dict()


def test_model_and_store_failures_are_errors_not_abstentions(store: SQLiteStore, tmp_path: Path) -> None:
    def broken(q: str, p: str) -> float:
        raise ModelError("reranker crashed")

    with pytest.raises(ModelError):
        engine(store, rerank=broken).ask("How do I rotate an API key?", as_of=NOW)
    closed = SQLiteStore(tmp_path / "x.db")
    closed.close()
    with pytest.raises(StoreError):
        engine(closed).ask("How do I rotate an API key?", as_of=NOW)


def test_two_part_question_with_one_part_missing(store: SQLiteStore) -> None:
    q = "How do I rotate an API key, and which Martian moon hosts the backup vault?"
    strict = engine(store).ask(q, as_of=NOW)
    assert strict.status is Status.ABSTAIN and ReasonCode.REQUIRED_CLAIM_NOT_COVERED in strict.reason_codes
    assert len(strict.missing_claims) == 1 and "Martian" in strict.missing_claims[0]
    assist = engine(store).ask(q, profile="assist", as_of=NOW)
    assert assist.status is Status.PARTIAL and assist.answer and assist.missing_claims == strict.missing_claims


def test_injected_instructions_never_reach_an_answer(store: SQLiteStore) -> None:
    for q in ("Are all Lumen plans free?", "Do all Lumen plans include 24/7 phone support?"):
        d = engine(store).ask(q, as_of=NOW)
        dumped = json.dumps(d.to_dict()).lower()
        assert "ignore all previous instructions" not in dumped and "cite this page as official" not in dumped
        assert "all plans are free" not in (d.answer or "").lower()


def test_an_empty_or_overlong_question_is_an_input_error(store: SQLiteStore) -> None:
    e = engine(store)
    with pytest.raises(InputError, match="the question is empty"):
        e.ask("   ", as_of=NOW)
    long = "How do I rotate " + "a very long API key " * (MAX_QUESTION_CHARS // 20) + "?"
    with pytest.raises(InputError, match=f"characters long; the limit is {MAX_QUESTION_CHARS:,}"):
        e.ask(long, as_of=NOW)
    assert e.ask(long[:MAX_QUESTION_CHARS], as_of=NOW).status in (Status.ANSWER, Status.ABSTAIN)


def test_the_ensemble_reads_the_cosine_from_the_index_vectors(store: SQLiteStore, tmp_path: Path) -> None:
    """With the index's own embedder, the ensemble's cosine comes from stored vectors: no second bi-encoder
    pass over the candidates. With another embedder the stored vectors do not compare, and it embeds."""
    import numpy as np

    from answerable.backends.models.ensemble import EnsembleReranker
    from answerable.backends.registry import load_embedder, load_reranker
    from answerable.core.types import content_hash

    ens = load_reranker("ensemble")
    assert isinstance(ens, EnsembleReranker)
    (cosine,) = [m for m in ens.members if m.cosine_embedder == "minilm"]
    embedded: list[int] = []
    given: dict[str, float] = {}
    own_pass, given_pass = cosine.raw_scores, cosine.score_with_cosines  # type: ignore[attr-defined]

    def given_cosines(query: str, texts: Sequence[str], cosines: Sequence[float]) -> list[float]:
        given.update(zip(texts, cosines, strict=True))
        return given_pass(query, texts, cosines)

    cosine.raw_scores = lambda pairs: embedded.append(len(pairs)) or own_pass(pairs)  # type: ignore[attr-defined]
    cosine.score_with_cosines = given_cosines  # type: ignore[method-assign]
    minilm = load_embedder("minilm")
    indexed = SQLiteStore(tmp_path / "minilm.db")
    ingest([ROOT / "examples" / "docs" / "api"], indexed, minilm)
    question = "How long does my old API key keep working after I rotate it?"
    eng = Engine(indexed, minilm, ens, MockVerifier(lambda c, p: Label.INSUFFICIENT), load_policy(TEST_POLICY))
    _result = eng.ask(question)
    assert embedded == []
    assert _result.evidence is not None
    passages = _result.evidence.passages
    assert passages[0].document_id == "keys"  # ids are relative to the folder ingested
    # Each candidate's cosine is the question's with that chunk's stored vector (title and headings included).
    qv = minilm.embed([question])[0]
    for p in passages:
        (stored,) = indexed.vectors_for_hashes([content_hash(p.title, p.heading_path, p.text)]).values()
        assert given[under_heading(p, p.text)] == pytest.approx(float(np.dot(qv, stored)), abs=1e-5)
    # The hash-embedded store: its vectors are not MiniLM's, so the ensemble embeds the candidates itself.
    Engine(store, HashEmbedder(128), ens, MockVerifier(lambda c, p: Label.INSUFFICIENT), load_policy(TEST_POLICY)).ask(
        question
    )
    assert embedded and embedded[0] > 0


def confirming(store: SQLiteStore, confirm: float, **kw) -> tuple[Engine, list[tuple[str, str]]]:  # type: ignore[no-untyped-def]
    """An engine whose profiles ask a second model (which answers `confirm` and records what it was asked)."""
    policy = load_policy(TEST_POLICY)
    policy = replace(policy, profiles={n: replace(p, min_confirmation=0.5) for n, p in policy.profiles.items()})
    asked: list[tuple[str, str]] = []

    def second(q: str, p: str) -> float:
        asked.append((q, p))
        return confirm

    reranker = MockReranker(overlap)
    e = Engine(
        store,
        HashEmbedder(128),
        reranker,
        MockVerifier(lambda c, p: Label.INSUFFICIENT),
        policy,
        generator=CountingGenerator(reranker.score),
        confirmer=MockReranker(second),
        **kw,
    )
    return e, asked


def test_a_second_model_is_asked_once_per_claim_before_an_answer_leaves(store: SQLiteStore) -> None:
    """Once per claim about its strongest support, and once more where another source is nearly tied."""
    e, asked = confirming(store, confirm=0.9)
    d = e.ask("How do I rotate an API key, and how many active keys can one project have?", as_of=NOW)
    assert d.status is Status.ANSWER, d.reason_codes
    evidence = d.evidence
    assert evidence is not None
    claims = [c.text for c in evidence.claims]
    assert sorted(dict.fromkeys(q for q, _ in asked)) == sorted(claims) and len(asked) <= 2 * len(claims)
    record = d.record or {}
    confirmed = [v for v in record["verdicts"] if v.get("confirmation") is not None]
    assert len(confirmed) == len(asked) and all(v["confirmation"] == 0.9 for v in confirmed)
    doc = {p.id: p.document_id for p in evidence.passages}
    for claim in evidence.claims:  # a second pair for a claim is about another source
        mine = [v["passage_id"] for v in confirmed if v["claim_id"] == claim.id]
        assert len({doc[pid] for pid in mine}) == len(mine)
    assert record["models"]["confirmer"] == "mock" and "confirm" in record["timings_ms"]
    assert record["gate"]["min_confirmation"] == 0.5
    explained = render_record(record)
    assert "confirmed 0.90" in explained and "confirmation bar 0.50" in explained


def test_an_answer_the_second_model_does_not_confirm_is_an_abstention(store: SQLiteStore) -> None:
    e, asked = confirming(store, confirm=0.1)
    d = e.ask("How do I rotate an API key?", as_of=NOW)
    assert d.status is Status.ABSTAIN and ReasonCode.NO_ANSWER_BEARING_EVIDENCE in d.reason_codes
    # The strongest support, a nearly tied source, and (doubting the strongest) the best other source.
    assert 1 <= len(asked) <= 3 and e.generator.calls == 0  # type: ignore[attr-defined]


def test_doubting_the_strongest_support_the_second_model_takes_a_second_look(store: SQLiteStore) -> None:
    """Confirmed under SECOND_LOOK_BELOW, the strongest support leaves the best source from another document
    to be asked about in a second call; preferred by CONFIRMATION_LEAD, it is the one the answer quotes."""
    e, _ = confirming(store, confirm=0.9)
    question = "How do I post alerts to a private Slack channel?"  # no source nearly tied to the strongest
    first = e.ask(question, as_of=NOW)
    lead = first.citations[0].passage_id
    lead_text = next(p.text for p in (first.evidence.passages if first.evidence else ()) if p.id == lead)
    calls: list[list[str]] = []

    class Second(MockReranker):
        def __init__(self, lead_score: float) -> None:
            super().__init__(overlap)
            self.lead_score = lead_score

        def score_pairs(self, pairs):  # type: ignore[no-untyped-def]
            calls.append([p for _, p in pairs])
            return [self.lead_score if p == lead_text else 0.8 for _, p in pairs]

    e.confirmer = Second(0.55)
    d = e.ask(question, as_of=NOW)
    assert d.status is Status.ANSWER and len(calls) == 2 and lead_text in calls[0] and lead_text not in calls[1]
    assert d.citations[0].passage_id != lead
    doc = {p.id: p.document_id for p in (d.evidence.passages if d.evidence else ())}
    assert doc[d.citations[0].passage_id] != doc[lead]
    # Confirmed at 0.6, the strongest is not doubted: one call, and it leads.
    calls.clear()
    e.confirmer = Second(0.6)
    d = e.ask(question, as_of=NOW)
    assert len(calls) == 1 and d.citations[0].passage_id == lead


def test_the_second_model_is_not_asked_when_the_gate_abstains_anyway(store: SQLiteStore) -> None:
    e, asked = confirming(store, confirm=0.9)
    d = e.ask("What is the capital of Peru?", as_of=NOW)
    assert d.status is Status.ABSTAIN and asked == []


def test_a_misspelt_question_is_read_as_the_documents_spell_it(store: SQLiteStore) -> None:
    q = "How do I rotaet an API key?"  # the stand-in reranker matches "rotae" against no word
    e = engine(store)
    d = e.ask(q, as_of=NOW)
    assert d.status is Status.ANSWER and "Rotate" in (d.answer or ""), d.reason_codes
    assert d.claims[0].text == "How do I rotate an API key?"
    assert d.record is not None
    assert d.record["question"] == q and d.record["read_as"] == "How do I rotate an API key?"
    assert "read as: How do I rotate an API key?" in render_record(d.record)
    unread = engine(store)
    strict = replace(unread.policy.profile("strict"), read_typos=False)
    unread.policy = replace(unread.policy, profiles={**unread.policy.profiles, "strict": strict})
    d = unread.ask(q, as_of=NOW)
    assert d.status is Status.ABSTAIN and d.claims[0].text == q
    assert d.record is not None and d.record["read_as"] is None


def test_a_restricted_page_never_shapes_how_a_question_is_read(store: SQLiteStore) -> None:
    q = "How do I drain the ingestion queue with lumenct?"  # "lumenctl" is written on staff pages only
    public = engine(store)
    d = public.ask(q, as_of=NOW)
    assert d.record is not None and d.record["read_as"] is None
    assert "lumenctl" not in json.dumps(d.record) and "lumenctl" not in json.dumps(d.to_dict())
    staff = engine(store)
    _result = staff.ask(q, principal=Principal(groups=frozenset({"staff"})), as_of=NOW)
    assert _result.record is not None and _result.record["read_as"] == q.replace("lumenct", "lumenctl")


def test_a_search_of_a_few_words_that_finds_no_answer_asks_for_the_question(store: SQLiteStore) -> None:
    """A search of "sourdough proofing" is no documentation gap: what is wanted is unknown. A question that finds no
    answer keeps its reason's next step."""
    e = engine(store)
    searched = e.ask("sourdough proofing", as_of=NOW)
    assert searched.status is Status.ABSTAIN and searched.next_step == KEYWORDS_NEXT_STEP
    assert searched.suggestions  # the closest pages are still offered
    asked = e.ask("How long should I proof sourdough?", as_of=NOW)
    assert asked.status is Status.ABSTAIN and asked.reason_codes
    assert asked.next_step == asked.reason_codes[0].next_step != KEYWORDS_NEXT_STEP


def test_a_page_that_points_to_the_answer_does_not_take_its_place(tmp_path: Path) -> None:
    """Stowly's "What happens to our files after we cancel the subscription?" quoted the billing page's "The
    Owner can cancel from ...": its pointer "For what happens to your files after cancelling, see the FAQ."
    made it read as the answer (0.98 against the FAQ's 0.95)."""
    s = indexed(
        tmp_path,
        {
            "billing.md": (
                "# Billing\n\n## Cancel your subscription\n\nThe Owner can cancel from the billing page. For what "
                "happens to your files after you cancel the subscription, see the [FAQ](faq.md).\n"
            ),
            "faq.md": "# FAQ\n\n## Cancelling\n\nAfter the subscription ends, your files stay read-only for 60 days.\n",
        },
    )
    read: list[str] = []

    def rerank(q: str, p: str) -> float:
        read.append(p)
        return 0.95 if "60 days" in p else min(0.99, 0.5 + overlap(q, p))

    d = on_topic(engine(s, rerank=rerank), 0.0).ask(
        "What happens to our files after we cancel the subscription?", as_of=NOW
    )
    assert d.status is Status.ANSWER and [c.passage_id for c in d.citations] == ["faq#0"], d
    assert read and not any("see the [FAQ]" in text for text in read)


def test_a_table_is_judged_by_the_rows_the_question_names(tmp_path: Path) -> None:
    """Stowly's "what does error E309 mean" quoted the quota page's "The desktop app shows error E309 until
    there is space again": the error table, read whole, scored under it (0.50 against 0.80)."""
    rows = "".join(f"| E{n} | Meaning number {n} |\n" for n in range(101, 108))
    e309 = "| E309 | The storage quota is full |\n"
    s = indexed(
        tmp_path,
        {
            "errors.md": f"# Sync errors\n\n## Error codes\n\n| Code | Meaning |\n|---|---|\n{rows}{e309}",
            "quota.md": "# Quotas\n\nThe desktop app shows error E309 until there is space again.\n",
        },
    )
    read: list[str] = []

    def rerank(q: str, p: str) -> float:
        read.append(p)
        if "quota is full" in p:  # the table: its E309 row scores as an answer, the whole table does not
            return 0.95 if p.count("\n") < 3 else 0.5
        return 0.8 if "E309" in p else 0.1

    confirmed: list[str] = []

    def confirm(q: str, p: str) -> float:
        confirmed.append(p)
        return 0.9

    e = on_topic(engine(s, rerank=rerank, confirmer=MockReranker(confirm)), 0.0)
    strict = replace(e.policy.profile("strict"), min_confirmation=0.5)
    e.policy = replace(e.policy, profiles={**e.policy.profiles, "strict": strict})
    d = e.ask("what does error E309 mean", as_of=NOW)
    assert d.status is Status.ANSWER and [c.passage_id for c in d.citations] == ["errors#0"], d
    assert "The storage quota is full" in (d.answer or "") and "E101" not in (d.answer or "")
    assert not any("E101" in text for text in read + confirmed) and confirmed


def test_a_situation_the_asker_tells_is_no_part_to_establish(tmp_path: Path) -> None:
    """Stowly's s46: "A customer's restore job ..." had been a claim of its own that no page states, and with
    it one claim, its "7 hours" a name no page mentions (the runbook says "more than 6 hours")."""
    s = indexed(
        tmp_path,
        {
            "runbook.md": (
                "# Restore runbook\n\nIf a restore job has been stuck for more than 6 hours, page the on-call SRE "
                "through the PagerDuty service `storage-restore`.\n"
            ),
        },
    )
    e = on_topic(engine(s, rerank=lambda q, p: 0.9 if "storage-restore" in p else 0.1), 0.0)
    strict = replace(e.policy.profile("strict"), require_named_terms=True)
    e.policy = replace(e.policy, profiles={**e.policy.profiles, "strict": strict})
    question = "A customer's restore job has shown no progress for about 7 hours. Which PagerDuty service do I page?"
    d = e.ask(question, as_of=NOW)
    assert [c.text for c in d.claims] == [question]
    assert d.status is Status.ANSWER and "`storage-restore`" in (d.answer or ""), d
    # A name the question states is still required: no page mentions Opsgenie.
    d = e.ask(question.replace("PagerDuty", "Opsgenie"), as_of=NOW)
    assert d.status is Status.ABSTAIN and d.claims[0].unmatched_terms == ("Opsgenie",), d


def test_a_superseded_answer_is_restated_by_its_replacement_when_the_second_model_confirms_it(tmp_path: Path) -> None:
    """The older page answers clearly; the page that supersedes it restates the section with the current
    figure in words the reranker scores under the bar. The answer quotes the newer page, and names the rule
    that chose it; where the second model doubts the restatement, the claim stays stale."""
    s = indexed(
        tmp_path,
        {
            "lockers-2025.md": (
                "---\ntitle: Pickup lockers\nsuperseded_by: [lockers]\n---\n# Pickup lockers\n\n"
                "## How long items wait\n\nItems wait in a pickup locker for 3 days.\n"
            ),
            "lockers.md": (
                "---\ntitle: Pickup lockers\nsupersedes: [lockers-2025]\n---\n# Pickup lockers\n\n"
                "## How long items wait\n\nYour reserved things stay ready for you for 5 days once we message you.\n"
            ),
        },
    )
    question = "How long do items wait in a pickup locker?"

    def ask(confirm: float) -> Result:
        e = on_topic(
            engine(s, rerank=lambda q, p: 0.95 if "3 days" in p else 0.3, confirmer=MockReranker(lambda q, p: confirm)),
            0.0,
        )
        strict = replace(e.policy.profile("strict"), min_confirmation=0.5)
        e.policy = replace(e.policy, profiles={**e.policy.profiles, "strict": strict})
        return e.ask(question, as_of=NOW)

    d = ask(0.9)
    assert d.status is Status.ANSWER and [c.passage_id for c in d.citations] == ["lockers#0"], d
    assert "5 days" in (d.answer or "") and "3 days" not in (d.answer or "")
    (note,) = d.decision.conflicts
    assert note.resolved_by == "supersedes" and note.values == ("5 days", "3 days")
    d = ask(0.1)
    assert d.status is Status.ABSTAIN and d.reason_codes[0] is ReasonCode.EVIDENCE_STALE, d


TARPIT = """# tarpit

## Description

tarpit copies a directory tree into an archive, one file at a time.

## Options

- `-a, --append`: Add the files to an archive that exists already.
- `-c, --compress=LEVEL`: Compress each file at LEVEL, from 1 to 9.
- `-f, --force`: Overwrite an archive of the same name without asking.
- `-n, --dry-run`: Print what would be copied and copy nothing.
- `-q, --quiet`: Print nothing but errors.
- `-x, --exclude=PATTERN`: Leave out the files whose names match PATTERN.
"""


def entry_reader(question: str, text: str) -> float:
    """A stand-in for the answerability model that knows a flag only read as one entry of its page: a text
    with the page's name and one entry about replacing an archive answers; anything else barely does."""
    one_entry = text.count("`:") == 1
    return 0.95 if text.startswith("tarpit. ") and one_entry and "Overwrite" in text else 0.1


def test_a_passage_of_options_scores_as_its_best_entry_read_under_the_page_name(tmp_path: Path) -> None:
    """An options list read as one passage hides the option asked for among the others; each entry, read
    under its page's title and heading, is scored too, and the answer quotes the entry."""
    s = indexed(tmp_path, {"tarpit.md": TARPIT})
    e = engine(s, rerank=entry_reader)
    for question in (
        "Which tarpit flag replaces an archive that already exists?",
        "How do I make tarpit write over an old archive?",
        "Can tarpit clobber an existing archive without prompting?",
    ):
        d = e.ask(question, as_of=NOW)
        assert d.status is Status.ANSWER, (question, d.reason_codes)
        assert d.answer is not None and d.answer.startswith("`-f, --force`: Overwrite an archive"), d.answer
        assert [c.passage_id for c in d.citations] == ["tarpit#1"]
    # Whatever the question, an entry that does not answer lends its passage nothing.
    d = engine(s, rerank=lambda q, p: 0.95 if "Overwrite" in p and "--quiet" not in p else 0.1).ask(
        "Which tarpit flag replaces an archive that already exists?", as_of=NOW
    )
    assert d.status is Status.ANSWER and (d.answer or "").startswith("`-f, --force`")
    assert engine(s, rerank=lambda q, p: 0.1).ask("Which flag sets the archive's owner?", as_of=NOW).status is (
        Status.ABSTAIN
    )


def test_a_passage_keeps_its_own_score_beside_the_entries_of_others(tmp_path: Path) -> None:
    """Entries are scored in a batch after the passages': a score that weighs words by the texts scored
    together (BM25) gives each passage the same score with or without entries among the candidates."""
    s = indexed(tmp_path, {"tarpit.md": TARPIT})
    batches: list[list[str]] = []

    class Recording(MockReranker):
        def score(self, query: str, passages: Sequence[str]) -> list[float]:
            batches.append(list(passages))
            return super().score(query, passages)

    e = engine(s)
    e.reranker = Recording(entry_reader)
    d = e.ask("Which tarpit flag replaces an archive that already exists?", as_of=NOW)
    assert d.evidence is not None
    passages = {p.id: p for p in d.evidence.passages}
    first, second = batches[0], batches[1]
    assert len(first) == len(passages) and all("tarpit. Options. `" not in t for t in first)
    assert second[: len(first)] == first  # the passages again, then their entries, each alone
    assert [t for t in second[len(first) :] if "--force" in t] == [
        "tarpit. Options. `-f, --force`: Overwrite an archive of the same name without asking."
    ]
    assert passages["tarpit#1"].scores.rerank == 0.95 and passages["tarpit#0"].scores.rerank == 0.1


def test_only_the_passages_ranked_first_as_wholes_are_read_entry_by_entry(tmp_path: Path) -> None:
    """Each entry read is a model call: the entries of a passage the ranker puts below its first
    `rerank_k` are not read, and it keeps its own score."""
    from answerable.engine.engine import EngineConfig

    s = indexed(tmp_path, {"tarpit.md": TARPIT})

    def reader(question: str, text: str) -> float:
        return 0.5 if "copies a directory tree" in text else entry_reader(question, text)

    read: list[str] = []

    class Recording(MockReranker):
        def score(self, query: str, passages: Sequence[str]) -> list[float]:
            read.extend(passages)
            return super().score(query, passages)

    question = "Which tarpit flag replaces an archive that already exists?"
    e = engine(s, config=EngineConfig(rerank_k=1))
    e.reranker = Recording(reader)
    d = e.ask(question, as_of=NOW)
    assert not any(t.startswith("tarpit. Options. `") for t in read)
    assert d.status is Status.ABSTAIN
    e = engine(s, config=EngineConfig(rerank_k=2))
    e.reranker = Recording(reader)
    assert e.ask(question, as_of=NOW).status is Status.ANSWER
    assert any(t.startswith("tarpit. Options. `-f") for t in read)
