from __future__ import annotations

import pytest

from answerable.backends.models import MockReranker, MockVerifier, Reranker, SupportProbs
from answerable.backends.registry import load_reranker, load_verifier, parse_spec, register
from answerable.core.errors import InputError, ModelError, UnknownModelError
from answerable.core.types import Claim, Label, Passage


def test_parse_spec() -> None:
    assert parse_spec("answerable") == ("answerable", "", {})
    assert parse_spec("cross-encoder:org/model?labels=a:supported,b:refuted&calibration=c.json") == (
        "cross-encoder",
        "org/model",
        {"labels": "a:supported,b:refuted", "calibration": "c.json"},
    )


def test_unknown_scheme_is_a_model_error_and_bad_input() -> None:
    with pytest.raises(UnknownModelError, match="unknown reranker") as raised:
        load_reranker("nope:x")
    assert isinstance(raised.value, ModelError) and isinstance(raised.value, InputError)  # exit 2, a usage error
    with pytest.raises(UnknownModelError, match="unknown verifier"):
        load_verifier("nope")
    with pytest.raises(ModelError, match="lexical baseline"):
        load_reranker("lexical:tfidf")


def test_third_party_backend_registers_like_a_builtin() -> None:
    register("reranker", "const", lambda arg, options, **deps: MockReranker(lambda q, p: float(arg)))
    assert load_reranker("const:0.25").score("q", ["a", "b"]) == [0.25, 0.25]


def test_mock_reranker_scores_in_order() -> None:
    r: Reranker = MockReranker(lambda q, p: 1.0 if q in p else 0.0)
    assert r.score("keys", ["rotate keys", "billing"]) == [1.0, 0.0]
    assert r.score("keys", []) == []


def test_verify_gives_one_verdict_per_passage_with_label_probability() -> None:
    def handler(claim: str, passage: str) -> Label | SupportProbs:
        if "not" in passage:
            return SupportProbs(0.1, 0.7, 0.2)
        return Label.SUPPORTED if claim in passage else Label.INSUFFICIENT

    v = MockVerifier(handler)
    claim = Claim("c1", "keys rotate")
    passages = [
        Passage(id="a#1", document_id="a", text="keys rotate daily"),
        Passage(id="b#1", document_id="b", text="keys do not rotate"),
        Passage(id="c#1", document_id="c", text="billing"),
    ]
    verdicts = v.verify(claim, passages)
    assert [(x.passage_id, x.label, x.strength) for x in verdicts] == [
        ("a#1", Label.SUPPORTED, 1.0),
        ("b#1", Label.REFUTED, 0.7),
        ("c#1", Label.INSUFFICIENT, 1.0),
    ]
    assert all(x.claim_id == "c1" for x in verdicts)


def test_ties_go_to_the_cautious_label() -> None:
    assert SupportProbs(0.4, 0.2, 0.4).label is Label.INSUFFICIENT
    assert SupportProbs(0.45, 0.45, 0.1).label is Label.REFUTED
