"""The packaged trained models: loaded once per run, checked on a few clear cases."""

from __future__ import annotations

import json
from dataclasses import astuple
from pathlib import Path

import pytest
from click.testing import CliRunner

from answerable.backends.models import Reranker, Verifier
from answerable.backends.models.own import ARTIFACTS
from answerable.core.types import Claim, Label, Passage
from answerable.interfaces.cli import main


def test_artifacts_are_small() -> None:
    for name in ("answerability", "support", "answerability-mpnet", "support-mpnet"):
        files = list((ARTIFACTS / name).iterdir())
        assert {"model.json", "adapter.safetensors", "calibration.json"} <= {f.name for f in files}
        assert sum(f.stat().st_size for f in files) <= 5 * 1024 * 1024


def test_answerability_prefers_the_passage_holding_the_answer(own_reranker: Reranker) -> None:
    cases = [
        (
            "When did the 1973 oil crisis begin?",
            "The 1973 oil crisis began in October 1973 when the members of OAPEC proclaimed an oil embargo.",
            "The Amazon rainforest covers much of the Amazon basin of South America.",
        ),
        (
            "Who wrote the novel Pride and Prejudice?",
            "Pride and Prejudice is an 1813 novel of manners written by Jane Austen.",
            "The Eiffel Tower is a wrought-iron lattice tower in Paris, France.",
        ),
    ]
    for question, match, other in cases:
        s_match, s_other = own_reranker.score(question, [match, other])
        assert 0.0 <= s_other < s_match <= 1.0


def test_the_mpnet_reranker_loads_on_its_base_and_prefers_the_answer() -> None:
    from answerable.backends.registry import load_reranker, load_verifier
    from answerable.core.errors import ModelError

    mpnet = load_reranker("answerable-mpnet")
    assert mpnet.name == "answerable (all-mpnet-base-v2)"
    question = "Who wrote the novel Pride and Prejudice?"
    match = "Pride and Prejudice is an 1813 novel of manners written by Jane Austen."
    near = "Pride and Prejudice has been adapted for film and television many times."
    s_match, s_near = mpnet.score(question, [match, near])
    assert 0.0 <= s_near < s_match <= 1.0
    with pytest.raises(ModelError, match="takes no argument"):
        load_reranker("answerable-mpnet:/tmp/x")
    with pytest.raises(ModelError, match="takes no argument"):
        load_verifier("answerable-mpnet:/tmp/x")


def test_the_mpnet_verifier_tells_support_from_refutation() -> None:
    from answerable.backends.registry import load_verifier

    mpnet = load_verifier("answerable-mpnet")
    assert mpnet.name == "answerable (all-mpnet-base-v2)"
    passage = "The 1973 oil crisis began in October 1973, when OAPEC proclaimed an oil embargo."
    agree, deny = mpnet.probs_pairs(
        [
            ("The oil crisis began in 1973.", passage),
            ("The 1973 oil crisis began in March 1975, long before any embargo.", passage),
        ]
    )
    assert agree.supported > max(agree.refuted, agree.insufficient)
    assert deny.refuted > max(deny.supported, deny.insufficient)


def test_a_score_depends_on_its_own_pair_only(
    own_reranker: Reranker, own_verifier: Verifier, monkeypatch: pytest.MonkeyPatch
) -> None:
    # With activations quantized per batch, a long unrelated companion moved the score of a short pair by up
    # to 0.05 here (and so a borderline decision). Each pair must score as it does alone, up to float noise.
    for model in (own_reranker, own_verifier):
        monkeypatch.setattr(model._m, "memo_pairs", 0)  # type: ignore[attr-defined]  # score every time
    question = "When did the 1973 oil crisis begin?"
    short = "The 1973 oil crisis began in October 1973."
    companions = [
        "The embargo caused an oil crisis with many short- and long-term effects on global politics. " * 6,
        "Prices rose from US$3 per barrel to nearly $12 globally by March 1974; US prices were higher. " * 4,
        "OAPEC members proclaimed an embargo.",
    ]
    alone = own_reranker.score(question, [short])[0]
    assert own_reranker.score(question, [*companions, short])[-1] == pytest.approx(alone, abs=1e-6)
    claim = "The 1973 oil crisis began in October 1973."
    alone_probs = own_verifier.probs_pairs([(claim, short)])[0]
    beside = own_verifier.probs_pairs([(claim, c) for c in companions] + [(claim, short)])[-1]
    assert astuple(beside) == pytest.approx(astuple(alone_probs), abs=1e-6)


def test_a_pair_scored_lately_is_not_scored_again(monkeypatch: pytest.MonkeyPatch) -> None:
    from answerable.backends.models import own_backend

    reranker = own_backend.OwnReranker()
    scored: list[int] = []
    real = own_backend.predict_logits

    def counting(model: object, tok: object, a: list[str], b: list[str], *args: object, **kw: object) -> object:
        scored.append(len(a))
        return real(model, tok, a, b, *args, **kw)  # type: ignore[arg-type]

    monkeypatch.setattr(own_backend, "predict_logits", counting)
    question = "When did the 1973 oil crisis begin?"
    passages = ["The 1973 oil crisis began in October 1973.", "Paris is the capital of France.", "Oil is a fuel."]
    first = reranker.score(question, passages[:2])
    again = reranker.score(question, [passages[1], passages[2], passages[1], passages[0]])
    assert scored == [2, 1]  # only the new pair went to the model, once
    assert again == [first[1], again[1], first[1], first[0]]
    reranker._m.memo_pairs = 2  # bounded: the oldest pairs are forgotten
    reranker.score("another question", passages)
    assert len(reranker._m._memo) == 2
    reranker.score(question, passages[:1])
    assert scored[-1] == 1


def test_support_labels_an_entailed_claim_supported(own_verifier: Verifier) -> None:
    passage = Passage(
        id="p#1",
        document_id="p",
        text="Pride and Prejudice is an 1813 novel of manners written by the English author Jane Austen.",
    )
    (verdict,) = own_verifier.verify(Claim("c1", "Jane Austen wrote Pride and Prejudice."), [passage])
    assert verdict.label is Label.SUPPORTED and 0.5 < verdict.strength <= 1.0
    unrelated = Passage(id="q#1", document_id="q", text="The Eiffel Tower is a wrought-iron lattice tower in Paris.")
    (probs,) = own_verifier.verify_probs(Claim("c1", "Jane Austen wrote Pride and Prejudice."), [unrelated])
    assert probs.supported < 0.5


def test_score_cli_prints_calibrated_probabilities() -> None:
    runner = CliRunner()
    res = runner.invoke(
        main,
        [
            "score",
            "support",
            "--json",
            "Jane Austen wrote Pride and Prejudice.",
            "Pride and Prejudice is a novel by Jane Austen.",
        ],
    )
    assert res.exit_code == 0, res.output
    out = json.loads(res.output)
    assert out["label"] in {"supported", "refuted", "insufficient"}
    assert abs(sum(out["probabilities"].values()) - 1.0) < 1e-3
    res = runner.invoke(
        main, ["score", "answerability", "Who wrote it?", "Jane Austen wrote it.", "--model", "lexical:bm25"]
    )
    assert res.exit_code == 0 and res.output.startswith("answerability ")


def test_score_cli_model_failure_exits_non_zero(tmp_path: Path) -> None:
    res = CliRunner().invoke(main, ["score", "answerability", "q", "p", "--model", f"answerable:{tmp_path}"])
    assert res.exit_code == 1 and "error:" in res.output
