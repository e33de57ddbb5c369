"""Verifier evaluation on a claims file: macro-F1, balanced accuracy and the confusion matrix.

Pairs are (claim, evidence text) with the evidence's own label. Evidence given as `doc_id` + sentence
indices (SciFact rationales) is read from the folder's corpus and carries the claim's label. Evidence
sentences given as text with no label of their own (WiCE: the sentences of the cited article) share the
claim's label as a set: the claim is supported, partly supported or not by them together, not by each
one, so they make one pair, the claim against the `models.text.SET_SENTENCES` sentences closest to it (as
`bench/models_eval.py` judges WiCE). `partial` counts as insufficient (part of the claim lacks support);
`disputed` claims are set-level conflicts, not pairs, and are left out.
"""

from __future__ import annotations

import json
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any

from answerable.backends.models.base import Verifier
from answerable.backends.models.text import closest_sentences

LABELS = ("supported", "refuted", "insufficient")
_MAP = {
    "supported": "supported",
    "refuted": "refuted",
    "insufficient": "insufficient",
    "partial": "insufficient",
    "not enough info": "insufficient",
    "nei": "insufficient",
}


def claim_pairs(path: Path, corpus_path: Path | None = None) -> Iterator[tuple[str, str, str, str]]:
    """(claim id, claim, evidence text, label) for every usable piece of evidence."""
    corpus: dict[str, Any] = {}
    if corpus_path is not None and corpus_path.exists():
        with corpus_path.open(encoding="utf-8") as f:
            corpus = {d["id"]: d for d in map(json.loads, f)}
    with path.open(encoding="utf-8") as f:
        for line in f:
            if not line.strip():
                continue
            rec = json.loads(line)
            claim_label = _MAP.get(str(rec.get("label", "")).lower())
            evidence = rec.get("evidence") or []
            as_a_set: list[str] = []
            for ev in evidence:
                own = _MAP.get(str(ev.get("label", "")).lower())
                text = ev.get("text")
                if text is not None and own is None:
                    as_a_set.append(text)
                    continue
                if text is None and ev.get("doc_id") in corpus:
                    sentences = corpus[ev["doc_id"]].get("sentences") or []
                    text = " ".join(sentences[i] for i in ev.get("sentences", []) if i < len(sentences))
                label = own or claim_label
                if label and text:
                    yield rec["id"], rec["claim"], text, label
            if claim_label and any(t.strip() for t in as_a_set):
                yield rec["id"], rec["claim"], closest_sentences(rec["claim"], as_a_set), claim_label
            if not evidence and claim_label == "insufficient":
                for doc_id in rec.get("cited_doc_ids", [])[:1]:
                    doc = corpus.get(doc_id)
                    if doc:
                        yield (
                            rec["id"],
                            rec["claim"],
                            " ".join((doc.get("sentences") or [doc["text"]])[:3]),
                            "insufficient",
                        )


def confusion(y: Sequence[str], pred: Sequence[str]) -> list[list[int]]:
    """Rows: true label, columns: predicted, in LABELS order."""
    m = [[0] * len(LABELS) for _ in LABELS]
    for t, p in zip(y, pred, strict=True):
        m[LABELS.index(t)][LABELS.index(p)] += 1
    return m


def scores(y: Sequence[str], pred: Sequence[str]) -> dict[str, Any]:
    m = confusion(y, pred)
    present = [i for i in range(len(LABELS)) if sum(m[i])]
    recalls = [m[i][i] / sum(m[i]) for i in present]
    f1s = []
    for i in present:
        predicted = sum(m[r][i] for r in range(len(LABELS)))
        precision = m[i][i] / predicted if predicted else 0.0
        recall = m[i][i] / sum(m[i])
        f1s.append(2 * precision * recall / (precision + recall) if precision + recall else 0.0)
    return {
        "n": len(y),
        "macro_f1": sum(f1s) / len(f1s) if f1s else None,
        "balanced_accuracy": sum(recalls) / len(recalls) if recalls else None,
        "labels": list(LABELS),
        "confusion": m,
    }


def evaluate_claims(
    verifier: Verifier, path: Path, corpus_path: Path | None = None, keep: Any = None, limit: int | None = None
) -> dict[str, Any]:
    pairs = [p for p in claim_pairs(path, corpus_path) if keep is None or keep(p[0])]
    if limit is not None and len(pairs) > limit:
        step = -(-len(pairs) // limit)
        pairs = pairs[::step][:limit]
    probs = verifier.probs_pairs([(c, t) for _, c, t, _ in pairs])
    return scores([lab for *_, lab in pairs], [pr.label.value for pr in probs])
