"""Which (claim, evidence, label) pairs a claims file gives the verifier evaluation."""

from __future__ import annotations

import json
from pathlib import Path

from answerable.backends.models.text import SET_SENTENCES
from answerable.evaluation.claims import claim_pairs


def write(path: Path, rows: list[dict[str, object]]) -> Path:
    path.write_text("".join(json.dumps(r) + "\n" for r in rows))
    return path


def test_labelled_evidence_gives_one_pair_per_sentence_with_its_own_label(tmp_path: Path) -> None:
    rows = [
        {
            "id": "cf1",
            "claim": "Sea level rise is accelerating.",
            "label": "disputed",
            "evidence": [
                {"id": "e1", "text": "Sea level rise has accelerated since 1990.", "label": "supported"},
                {"id": "e2", "text": "Tide gauges show no acceleration.", "label": "refuted"},
                {"id": "e3", "text": "Glaciers are retreating.", "label": "not enough info"},
            ],
        }
    ]
    pairs = list(claim_pairs(write(tmp_path / "claims.jsonl", rows)))
    assert [(p[2], p[3]) for p in pairs] == [
        ("Sea level rise has accelerated since 1990.", "supported"),
        ("Tide gauges show no acceleration.", "refuted"),
        ("Glaciers are retreating.", "insufficient"),
    ]


def test_unlabelled_sentences_are_judged_as_a_set_under_the_claims_label(tmp_path: Path) -> None:
    # WiCE: the label is the claim's, over the article's sentences together. "Skip to content" on its
    # own supports nothing; labelling each sentence with the claim's label made nonsense pairs (and
    # thousands of them).
    filler = [{"id": f"s{i}", "text": f"Unrelated line number {i} about menus."} for i in range(20)]
    rows = [
        {
            "id": "w1",
            "claim": "Arnold is the publisher of Media Play News.",
            "label": "partial",
            "evidence": [
                {"id": "s-a", "text": "Skip to content"},
                *filler[:10],
                {"id": "s-b", "text": "Thomas K. Arnold is publisher and editorial director of Media Play News."},
                *filler[10:],
            ],
        }
    ]
    pairs = list(claim_pairs(write(tmp_path / "claims.jsonl", rows)))
    assert len(pairs) == 1
    claim_id, _claim, text, label = pairs[0]
    assert (claim_id, label) == ("w1", "insufficient")
    assert "Thomas K. Arnold is publisher" in text
    # The closest sentences only, the one holding the claim's words among them (ties keep article order).
    assert text.count("Unrelated line") + text.count("Skip to content") == SET_SENTENCES - 1


def test_rationales_read_from_the_corpus_carry_the_claims_label(tmp_path: Path) -> None:
    corpus = write(
        tmp_path / "corpus.jsonl",
        [{"id": "d1", "title": "T", "text": "", "sentences": ["A is B.", "C causes D.", "E is F."]}],
    )
    rows = [
        {"id": "s1", "claim": "C causes D.", "label": "refuted", "evidence": [{"doc_id": "d1", "sentences": [1, 2]}]}
    ]
    assert list(claim_pairs(write(tmp_path / "claims.jsonl", rows), corpus)) == [
        ("s1", "C causes D.", "C causes D. E is F.", "refuted")
    ]
