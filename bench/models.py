"""Speed of the evidence models: pairs per second (batched) and cold start (import plus load).

    .venv/bin/python bench/models.py [--threads 2] [--pairs 256] [--runs 3] [--max-len 256] [--lengths mixed]

Each figure is the median of `--runs` runs; cold start runs in a fresh interpreter each time.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import time

QUESTION = "When did the 1973 oil crisis begin and what caused the price of oil to rise?"
PASSAGE = (
    "The 1973 oil crisis began in October 1973 when the members of the Organization of Arab Petroleum "
    "Exporting Countries proclaimed an oil embargo. By the end of the embargo in March 1974, the price of oil "
    "had risen from US$3 per barrel to nearly $12 globally; US prices were significantly higher. The embargo "
    "caused an oil crisis, or shock, with many short- and long-term effects on global politics and the global "
    "economy. It was later called the first oil shock, followed by the 1979 oil crisis, termed the second oil shock. "
)

COLD = """
import time, sys
t = time.perf_counter()
import torch
torch.set_num_threads({threads})
from answerable.backends.registry import load_{kind}
m = load_{kind}({spec!r})
{call}
print(time.perf_counter() - t)
"""


def cold_start(kind: str, spec: str, threads: int) -> float:
    call = "m.score('q', ['p'])" if kind == "reranker" else "m.probs_pairs([('c', 'p')])"
    code = COLD.format(kind=kind, spec=spec, threads=threads, call=call)
    env = dict(os.environ, OMP_NUM_THREADS=str(threads))
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True, env=env)
    return float(out.stdout.strip().splitlines()[-1])


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--threads", type=int, default=2)
    ap.add_argument("--pairs", type=int, default=256)
    ap.add_argument("--runs", type=int, default=3)
    ap.add_argument("--max-len", type=int, default=256, help="tokens per pair (passages are cut to fit)")
    ap.add_argument("--specs", default="answerable,answerable?quantize=0,lexical:bm25,lexical:cosine")
    ap.add_argument(
        "--lengths",
        choices=("fixed", "mixed"),
        default="fixed",
        help="fixed: every passage cut to a full window, one call; mixed: 12 to 120 words, as retrieval "
        "candidates vary, scored 20 to a call as the engine scores one question's candidates",
    )
    ap.add_argument("--kinds", default="reranker,verifier", help="which models of each spec to measure")
    args = ap.parse_args()
    import torch

    torch.set_num_threads(args.threads)
    from answerable.backends.models.own_backend import OwnReranker, OwnVerifier
    from answerable.backends.registry import load_reranker, load_verifier

    long_passage = PASSAGE * 3  # about 300 words: cut to the best window of max-len tokens
    words = long_passage.split()

    def passage(i: int) -> str:  # mixed: 12 to 120 words, spread evenly
        return long_passage if args.lengths == "fixed" else " ".join(words[: 12 + (i * 37) % 109])

    rows = []
    for spec in args.specs.split(","):
        for kind in args.kinds.split(","):
            model = load_reranker(spec) if kind == "reranker" else load_verifier(spec)
            if isinstance(model, OwnReranker | OwnVerifier):  # own models: score at the requested length
                model.set_max_len(args.max_len)
            fn = model.score_pairs if kind == "reranker" else model.probs_pairs  # type: ignore[union-attr]
            fn([(f"{QUESTION} (warm-up {i})", passage(i)) for i in range(8)])
            rates = []
            step = args.pairs if args.lengths == "fixed" else 20
            for run in range(args.runs):
                # New questions each run: the own models remember pairs they scored lately.
                pairs = [(f"{QUESTION} ({run}.{i})", passage(i)) for i in range(args.pairs)]
                t = time.perf_counter()
                for start in range(0, len(pairs), step):
                    fn(pairs[start : start + step])
                rates.append(args.pairs / (time.perf_counter() - t))
            colds = [cold_start(kind, spec, args.threads) for _ in range(args.runs)]
            row = {
                "spec": spec,
                "kind": kind,
                "threads": args.threads,
                "max_len": args.max_len,
                "lengths": args.lengths,
                "pairs_per_s": round(statistics.median(rates), 1),
                "cold_start_s": round(statistics.median(colds), 2),
            }
            rows.append(row)
            print(json.dumps(row), flush=True)


if __name__ == "__main__":
    main()
