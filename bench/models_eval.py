"""The evaluation table of docs/research/models.md: trained models against the lexical baseline and the untuned
bi-encoder cosine, on held-out splits only (articles, queries and claims no model trained or calibrated on).

    .venv/bin/python bench/models_eval.py [--data ../shared/data] [--fit-baselines] [--specs ...] [--json OUT]

`--fit-baselines` first fits the baselines' calibrations on the calibration split and writes them to
src/answerable/models/artifacts/baselines/ (they are committed).
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

from answerable.backends.models import calibration as cal
from answerable.backends.models.ensemble import fit_ensemble
from answerable.backends.models.lexical import BASELINES, LexicalReranker, LexicalVerifier
from answerable.backends.models.training.data import SUPPORT_LABELS, Split, answerability_mix, support_mix
from answerable.backends.models.training.evaluate import evaluate_reranker, evaluate_verifier
from answerable.backends.registry import load_reranker, load_verifier, parse_spec, schemes


def fit_baselines(root: Path) -> None:
    BASELINES.mkdir(parents=True, exist_ok=True)
    ans = answerability_mix(root)[Split.CALIB]
    sup = support_mix(root)[Split.CALIB]
    for kind in ("bm25", "cosine"):
        r = LexicalReranker(kind)
        raw = r.raw_scores([(p.a, p.b) for p in ans])
        cal.save(cal.fit_binary(raw, [p.label for p in ans]), BASELINES / f"{kind}-answerability.json")
        v = LexicalVerifier(kind)
        raw = v.raw_scores([(p.a, p.b) for p in sup])
        fitted = cal.fit_multiclass([[s] for s in raw], [p.label for p in sup], SUPPORT_LABELS)
        cal.save(fitted, BASELINES / f"{kind}-support.json")
        print(f"fitted {kind} baselines", file=sys.stderr)
    # After the baselines: the ensemble's members include them.
    weights = fit_ensemble([(p.a, p.b) for p in ans], [p.label for p in ans], load_reranker)
    (BASELINES / "ensemble-answerability.json").write_text(json.dumps(weights, indent=1) + "\n", encoding="utf-8")
    print(f"fitted the ensemble: {weights}", file=sys.stderr)


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--data", default="../shared/data")
    ap.add_argument("--fit-baselines", action="store_true")
    ap.add_argument("--specs", default="answerable,lexical:bm25,lexical:cosine")
    ap.add_argument("--tasks", default="answerability,support")
    ap.add_argument("--threads", type=int, default=1)
    ap.add_argument("--json", dest="json_out", default=None)
    args = ap.parse_args()
    import torch

    torch.set_num_threads(args.threads)
    root = Path(args.data)
    if args.fit_baselines:
        fit_baselines(root)
    results: dict[str, dict[str, object]] = {}
    for spec in args.specs.split(","):
        results[spec] = {}
        for task in args.tasks.split(","):
            if task == "support" and parse_spec(spec)[0] not in schemes("verifier"):
                continue  # an answerability-only backend (ensemble)
            t = time.time()
            print(f"{spec} {task}", file=sys.stderr)
            log = lambda m: print(m, file=sys.stderr)  # noqa: E731
            if task == "answerability":
                results[spec][task] = evaluate_reranker(load_reranker(spec), root, log)
            else:
                results[spec][task] = evaluate_verifier(load_verifier(spec), root, log)
            print(f"  ({time.time() - t:.0f}s)", file=sys.stderr)
    if args.json_out:
        Path(args.json_out).write_text(json.dumps(results, indent=2) + "\n", encoding="utf-8")
    print(table(results))


def table(results: dict[str, dict[str, object]]) -> str:
    def g(spec: str, task: str, ds: str, key: str) -> str:
        try:
            return f"{results[spec][task][ds][key]:.3f}"  # type: ignore[index]
        except (KeyError, TypeError):
            return "-"

    specs = list(results)
    lines = [
        "| task | dataset (held-out split) | metric | " + " | ".join(specs) + " |",
        "|---|---|---|" + "---|" * len(specs),
    ]
    rows = [
        ("answerability", "squad2-dev-a", "auroc", "AUROC"),
        ("answerability", "nomiracl-en-a", "auroc", "AUROC"),
        ("support", "climate-fever-a", "macro_f1", "macro-F1"),
        ("support", "climate-fever-a", "balanced_accuracy", "balanced accuracy"),
        ("support", "scifact", "macro_f1", "macro-F1"),
        ("support", "scifact", "balanced_accuracy", "balanced accuracy"),
        ("support", "wice-dev", "macro_f1", "macro-F1 (supported vs rest)"),
        ("support", "wice-dev", "balanced_accuracy", "balanced accuracy (supported vs rest)"),
        ("support", "wice-dev", "auroc", "AUROC (supported vs rest)"),
    ]
    for task, ds, key, label in rows:
        lines.append(f"| {task} | {ds} | {label} | " + " | ".join(g(s, task, ds, key) for s in specs) + " |")
    return "\n".join(lines)


if __name__ == "__main__":
    main()
