"""Held-out evaluation of any reranker or verifier backend on the dev sets (splits of `data`)."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

from answerable.backends.models.base import Reranker, Verifier
from answerable.backends.models.training.data import (
    Split,
    climate_fever_pairs,
    nomiracl_sets,
    scifact_pairs,
    squad2_pairs,
    wice_claims,
)


def _auroc(y: list[int], s: list[float]) -> float:
    from sklearn.metrics import roc_auc_score  # type: ignore[import-untyped]

    return float(roc_auc_score(y, s))


def evaluate_reranker(backend: Reranker, root: Path, log: Callable[[str], None] = print) -> dict[str, Any]:
    """AUROC on squad2-dev-a (own paragraph, held-out articles) and nomiracl-en-a (set max, held-out queries)."""
    squad = squad2_pairs(root)[Split.EVAL]
    s = backend.score_pairs([(p.a, p.b) for p in squad])
    res: dict[str, Any] = {"squad2-dev-a": {"auroc": _auroc([p.label for p in squad], s), "n": len(squad)}}
    log(f"  squad2-dev-a AUROC {res['squad2-dev-a']['auroc']:.4f} ({len(squad)} pairs)")
    sets = nomiracl_sets(root)[Split.EVAL]
    flat = [(q, p) for q, ps, _ in sets for p in ps]
    scores = backend.score_pairs(flat)
    best, k = [], 0
    for _, ps, _ in sets:
        best.append(max(scores[k : k + len(ps)]))
        k += len(ps)
    res["nomiracl-en-a"] = {"auroc": _auroc([lab for _, _, lab in sets], best), "n": len(sets)}
    log(f"  nomiracl-en-a AUROC {res['nomiracl-en-a']['auroc']:.4f} ({len(sets)} queries)")
    return res


def evaluate_verifier(backend: Verifier, root: Path, log: Callable[[str], None] = print) -> dict[str, Any]:
    """Macro-F1 and balanced accuracy (3-way) on climate-fever-a and scifact; supported-vs-rest on wice-dev."""
    from sklearn.metrics import balanced_accuracy_score, f1_score

    res: dict[str, Any] = {}
    for name, pairs in (
        ("climate-fever-a", climate_fever_pairs(root)[Split.EVAL]),
        ("scifact", scifact_pairs(root)[Split.EVAL]),
    ):
        probs = backend.probs_pairs([(p.a, p.b) for p in pairs])
        order = ["supported", "refuted", "insufficient"]
        pred = [order.index(pr.label.value) for pr in probs]
        y = [p.label for p in pairs]
        res[name] = {
            "macro_f1": float(f1_score(y, pred, average="macro", labels=[0, 1, 2])),
            "balanced_accuracy": float(balanced_accuracy_score(y, pred)),
            "n": len(pairs),
        }
        log(f"  {name} macro-F1 {res[name]['macro_f1']:.4f} balanced accuracy {res[name]['balanced_accuracy']:.4f}")
    wice = wice_claims(root)
    probs = backend.probs_pairs([(c, t) for c, t, _ in wice])
    y = [lab for _, _, lab in wice]
    pred = [1 if pr.label.value == "supported" else 0 for pr in probs]
    res["wice-dev"] = {
        "macro_f1": float(f1_score(y, pred, average="macro", labels=[0, 1])),
        "balanced_accuracy": float(balanced_accuracy_score(y, pred)),
        "auroc": _auroc(y, [pr.supported for pr in probs]),
        "n": len(wice),
    }
    w = res["wice-dev"]
    log(f"  wice-dev supported-vs-rest balanced accuracy {w['balanced_accuracy']:.4f} AUROC {w['auroc']:.4f}")
    return res


def evaluate_task(task: str, backend: Any, root: Path, log: Callable[[str], None] = print) -> dict[str, Any]:
    return evaluate_reranker(backend, root, log) if task == "answerability" else evaluate_verifier(backend, root, log)
