"""`ask` latency without an LLM: p50/p95 and the share of time in each stage.

    .venv/bin/python bench/ask.py [--reranker ensemble] [--verifier answerable] [--confirmer answerable-mpnet]
                                  [--questions 50]

Three corpora: the example docs (examples/docs + examples/questions.jsonl), SQuAD 2.0 dev-a
(../shared/data/squad2-dev-a, its questions), and 100k synthetic chunks (SQuAD paragraphs plus random
filler, random-vector padding so the store holds 100k rows; SQuAD questions). Models are loaded once,
the confirmer too (the engine would load it on the first answer); the first question of each corpus is a
warm-up and is not counted.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import tempfile
import time
from collections import defaultdict
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "src"))

from answerable.backends.models import DEFAULT_CONFIRMER  # noqa: E402
from answerable.backends.models.own_backend import OwnReranker, OwnVerifier  # noqa: E402
from answerable.backends.registry import (  # noqa: E402
    load_embedder,
    load_reranker,
    load_verifier,
)
from answerable.backends.store.sqlite import SQLiteStore  # noqa: E402
from answerable.core.policy import load_policy  # noqa: E402
from answerable.core.types import (  # noqa: E402
    Chunk,
    Document,
    content_hash,
)
from answerable.engine.engine import Engine  # noqa: E402
from answerable.engine.indexing import ingest  # noqa: E402

DATA = ROOT.parent / "shared" / "data"


def questions(path: Path, n: int) -> list[str]:
    rows = [json.loads(line) for line in path.open()]
    return [r["question"] for r in rows[:: max(1, len(rows) // n)]][:n]


def pad(store: SQLiteStore, target: int, dim: int) -> None:
    """Random filler documents until the store holds `target` chunks (10 a document)."""
    rng = np.random.default_rng(3)
    vocab = [f"filler{i}" for i in range(5000)]
    have = store.stats().chunks
    d = 0
    while have < target:
        doc = Document(id=f"pad{d}", title=f"Filler {d}", text="")
        texts = [" ".join(rng.choice(vocab, 50)) for _ in range(10)]
        # Real content hashes, as ingest writes them: the engine finds a candidate's stored vector by its hash.
        chunks = [Chunk(f"pad{d}#{n}", doc.id, n, t, (), content_hash(doc.title, (), t)) for n, t in enumerate(texts)]
        vectors = rng.standard_normal((10, dim)).astype(np.float32)
        vectors /= np.linalg.norm(vectors, axis=1, keepdims=True)
        store.upsert(doc, chunks, vectors, "h")
        have += 10
        d += 1


def run(engine: Engine, qs: list[str]) -> dict[str, object]:
    engine.ask(qs[0])
    totals: list[float] = []
    stages: dict[str, list[float]] = defaultdict(list)
    for q in qs[1:]:
        t = time.perf_counter()
        engine.ask(q)
        totals.append((time.perf_counter() - t) * 1000)
        record = engine.store.read_log(last=1)[0]
        for stage, ms in record["timings_ms"].items():
            stages[stage].append(ms)
    all_stage = sum(sum(v) for v in stages.values())
    return {
        "n": len(totals),
        "p50_ms": statistics.median(totals),
        "p95_ms": float(np.percentile(totals, 95)),
        "share": {k: round(sum(v) / all_stage, 3) for k, v in stages.items()},
        # each stage's mean in ms: steadier than the p95 for comparing two versions of one stage
        "stage_mean_ms": {k: round(sum(v) / len(v), 1) for k, v in stages.items()},
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--reranker", default="ensemble")
    parser.add_argument("--verifier", default="answerable")
    parser.add_argument("--confirmer", default=DEFAULT_CONFIRMER, help="asked under a profile with min_confirmation")
    parser.add_argument("--questions", type=int, default=40)
    parser.add_argument("--chunks", type=int, default=100_000)
    args = parser.parse_args()
    embedder = load_embedder()
    reranker, verifier, policy = load_reranker(args.reranker), load_verifier(args.verifier), load_policy()
    confirmer = load_reranker(args.confirmer)
    confirmer.score("warm-up", ["A first forward pass sets up the model's kernels."])  # not in the first timed answer
    members = getattr(reranker, "members", [])  # an ensemble's trained member remembers pairs too
    own = [m for m in (reranker, verifier, confirmer, *members) if isinstance(m, OwnReranker | OwnVerifier)]
    modes = {m.model_folder.name: "compiled" if m.is_compiled else "eager" for m in own}
    modes["embedder"] = "compiled" if getattr(embedder, "is_compiled", False) else "eager"
    print("models: " + ", ".join(f"{k} {v}" for k, v in modes.items()) + " (`answerable models compile`)")
    results: dict[str, object] = {"models": modes}
    with tempfile.TemporaryDirectory() as tmp:
        corpora = [
            (
                "example docs",
                [ROOT / "examples" / "docs"],
                questions(ROOT / "examples" / "questions.jsonl", args.questions),
                0,
            ),
            (
                "squad2-dev-a",
                [DATA / "squad2-dev-a" / "corpus.jsonl"],
                questions(DATA / "squad2-dev-a" / "cases.jsonl", args.questions),
                0,
            ),
            (
                f"{args.chunks // 1000}k chunks",
                [DATA / "squad2-dev-a" / "corpus.jsonl"],
                questions(DATA / "squad2-dev-a" / "cases.jsonl", args.questions),
                args.chunks,
            ),
        ]
        for i, (name, paths, qs, target) in enumerate(corpora):
            store = SQLiteStore(Path(tmp) / f"{i}.db")
            ingest(paths, store, embedder)
            if target:
                pad(store, target, embedder.dim)
            for model in own:  # the own models remember pairs: start each corpus afresh
                model.forget()
            r = run(Engine(store, embedder, reranker, verifier, policy, confirmer=confirmer), qs)
            results[name] = r
            shares: dict[str, float] = r["share"]  # type: ignore[assignment]
            means: dict[str, float] = r["stage_mean_ms"]  # type: ignore[assignment]
            share = ", ".join(f"{k} {v:.0%} ({means[k]:.0f} ms)" for k, v in shares.items() if v >= 0.005)
            print(
                f"{name:14} ({store.stats().chunks:,} chunks): "
                f"p50 {r['p50_ms']:.0f} ms, p95 {r['p95_ms']:.0f} ms  [{share}]"
            )
            store.close()
    print(json.dumps(results))


if __name__ == "__main__":
    main()
