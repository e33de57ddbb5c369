"""Ingest and `ask` latency on real documentation: the whole PostgreSQL 15 manual.

    .venv/bin/python bench/realdocs.py [--runs 3] [--ingest-runs 1] [--questions dev] [--index FILE] [--json FILE]

The corpus is every HTML page of the Debian package `examples/realdocs/postgresql/source.toml` names
(postgresql-doc-15, 1,169 pages), fetched once into the cache (`evaluation.debian`), with the pages'
published URLs, as `answerable eval` ingests its 53 listed pages.

Ingest: the chunks the pages give, the time to ingest them into a fresh SQLite index with the packaged
embedder, and the bare embedder's time over the texts ingest embeds (the same chunk texts, title and
headings included, each distinct text once, in one call); ingest's time over the bare time is what parsing,
chunking, batching and writing add (median of --ingest-runs runs, bare and ingest alternating).

Ask: the questions of examples/realdocs/postgresql/questions.jsonl in the split named (dev by default),
asked against that index with the default models and policy, --runs runs; the first question of each run
is a warm-up and is not counted, and the own models forget the pairs they scored before each run, so no
run answers from the one before. Each run's p50 / p95 and stage means; the figures are the medians over
runs. The script prints whether each own model runs compiled (`answerable models compile`) or eagerly.

With `--index FILE`, the index is kept there, and an index already there is asked without ingesting again
(no ingest figures).
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import tempfile
import time
from dataclasses import replace
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "src"))

from ask import run as timed_run  # noqa: E402  (bench/ask.py: p50, p95 and stage shares of a run)

from answerable.backends.models import DEFAULT_CONFIRMER  # noqa: E402
from answerable.backends.models.own_backend import OwnReranker, OwnVerifier  # noqa: E402
from answerable.backends.registry import load_embedder, load_reranker, load_verifier  # noqa: E402
from answerable.backends.store.sqlite import SQLiteStore  # noqa: E402
from answerable.core.policy import load_policy  # noqa: E402
from answerable.core.settings import Settings  # noqa: E402
from answerable.core.types import embedding_text  # noqa: E402
from answerable.engine.engine import Engine  # noqa: E402
from answerable.engine.indexing import ingest  # noqa: E402
from answerable.evaluation.debian import fetch, pages_folder, read_source  # noqa: E402
from answerable.ingest.chunking import ChunkConfig, chunk  # noqa: E402
from answerable.ingest.loaders import Loaded, find, load_file  # noqa: E402
from answerable.ingest.metadata import Defaults  # noqa: E402

SET = ROOT / "examples" / "realdocs" / "postgresql"


def manual(cache: Path) -> tuple[Path, Defaults, str]:
    """The folder of every page of the manual (fetched if need be), the defaults ingest is given, a label."""
    source = read_source(SET / "source.toml")
    whole = replace(source, pages=None)  # every page under the root, not the 53 the questions are about
    folder = pages_folder(whole, fetch(source.package, source.version, cache), cache)
    return folder, Defaults(base_url=source.base_url), f"{source.package} {source.version}"


def embedded_texts(folder: Path, defaults: Defaults) -> tuple[int, int, list[str]]:
    """Pages, chunks, and the distinct texts ingest embeds for them (in the order it meets them)."""
    pages = chunks = 0
    texts: dict[str, None] = {}
    for found in find([folder]):
        for item in load_file(found.path, found.doc_id, defaults, rel_path=found.rel_path):
            if isinstance(item, Loaded):
                pages += 1
                for c in chunk(item, ChunkConfig()):
                    chunks += 1
                    texts.setdefault(embedding_text(item.document.title, c.heading_path, c.text))
    return pages, chunks, list(texts)


def questions(split: str) -> list[str]:
    rows = [json.loads(line) for line in (SET / "questions.jsonl").read_text().splitlines() if line.strip()]
    return [r["question"] for r in rows if r.get("split") == split]


def ingest_report(
    results: dict[str, object],
    full: list[float],
    bare: list[float],
    n_chunks: int,
    n_texts: int,
    pages: int,
    skipped: int,
    index: Path,
) -> None:
    ingest_s, bare_s = statistics.median(full), statistics.median(bare)
    results["ingest"] = {
        "pages": pages,
        "chunks": n_chunks,
        "distinct_texts": n_texts,
        "skipped": skipped,
        "ingest_s": round(ingest_s, 1),
        "bare_embed_s": round(bare_s, 1),
        "ingest_over_bare": round(ingest_s / bare_s, 3),
        "chunks_per_s": round(n_chunks / ingest_s, 1),
        "index_mb": round(sum(p.stat().st_size for p in index.parent.glob(f"{index.name}*")) / 1e6, 1),
    }
    print(
        f"ingest: {n_chunks:,} chunks in {ingest_s:.1f} s ({n_chunks / ingest_s:.0f} chunks/s); the bare embedder "
        f"over the same {n_texts:,} texts {bare_s:.1f} s: ingest / bare = {ingest_s / bare_s:.2f}"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--runs", type=int, default=3, help="ask runs over the questions")
    parser.add_argument("--ingest-runs", type=int, default=1)
    parser.add_argument("--questions", default="dev", help="the split of questions.jsonl to ask")
    parser.add_argument("--index", type=Path, default=None, help="keep the index here; reuse one already there")
    parser.add_argument("--json", type=Path, default=None, help="also write the figures here")
    args = parser.parse_args()
    started = time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime())
    load = os.getloadavg()[0]
    folder, defaults, label = manual(Settings.resolve(os.environ).cache_dir())
    embedder = load_embedder()
    pages, n_chunks, texts = embedded_texts(folder, defaults)
    print(f"{label}: {pages:,} pages, {n_chunks:,} chunks ({len(texts):,} distinct texts), embedder {embedder.name}")
    embedder.embed(texts[:64])  # warm-up
    bare: list[float] = []
    full: list[float] = []
    results: dict[str, object] = {"started": started, "load_at_start": round(load, 2), "corpus": label}
    with tempfile.TemporaryDirectory() as tmp:
        index = args.index or Path(tmp) / "manual.db"
        reuse = index.exists()
        for i in range(0 if reuse else max(1, args.ingest_runs)):
            t = time.perf_counter()
            embedder.embed(texts)
            bare.append(time.perf_counter() - t)
            for leftover in index.parent.glob(f"{index.name}*"):
                leftover.unlink()
            store = SQLiteStore(index)
            t = time.perf_counter()
            report = ingest([folder], store, embedder, defaults=defaults)
            full.append(time.perf_counter() - t)
            store.close()
            assert report.chunks == n_chunks and report.embedded == len(texts), report.to_dict()
            print(f"  ingest run {i + 1}: {full[-1]:.1f} s; bare embedder {bare[-1]:.1f} s")
        if reuse:
            print(f"ingest: not timed, {index} asked as it is")
        else:
            ingest_report(results, full, bare, n_chunks, len(texts), pages, len(report.skipped), index)

        reranker, verifier, policy = load_reranker("ensemble"), load_verifier("answerable"), load_policy()
        confirmer = load_reranker(DEFAULT_CONFIRMER)
        confirmer.score("warm-up", ["A first forward pass sets up the model's kernels."])
        members = getattr(reranker, "members", [])
        own = [m for m in (reranker, verifier, confirmer, *members) if isinstance(m, OwnReranker | OwnVerifier)]
        modes = {m.model_folder.name: "compiled" if m.is_compiled else "eager" for m in own}
        modes["embedder"] = "compiled" if getattr(embedder, "is_compiled", False) else "eager"
        print("models: " + ", ".join(f"{k} {v}" for k, v in modes.items()) + " (`answerable models compile`)")
        results["models"] = modes
        qs = questions(args.questions)
        store = SQLiteStore(index)
        engine = Engine(store, embedder, reranker, verifier, policy, confirmer=confirmer)
        runs = []
        for i in range(args.runs):
            for model in own:
                model.forget()
            r = timed_run(engine, qs)
            runs.append(r)
            print(f"  ask run {i + 1}: {r['n']} questions, p50 {r['p50_ms']:.0f} ms, p95 {r['p95_ms']:.0f} ms")
        store.close()
    p50 = statistics.median(float(r["p50_ms"]) for r in runs)  # type: ignore[arg-type]
    p95 = statistics.median(float(r["p95_ms"]) for r in runs)  # type: ignore[arg-type]
    means: list[dict[str, float]] = [r["stage_mean_ms"] for r in runs]  # type: ignore[misc]
    stages = {k: round(statistics.median(m.get(k, 0.0) for m in means), 1) for k in sorted(set().union(*means))}
    results["ask"] = {
        "questions": f"{args.questions} ({len(qs) - 1} timed a run)",
        "runs": args.runs,
        "p50_ms": round(p50),
        "p95_ms": round(p95),
        "p95_over_300ms_target": round(p95 / 300, 2),
        "runs_p50_p95_ms": [[round(float(r["p50_ms"])), round(float(r["p95_ms"]))] for r in runs],  # type: ignore[arg-type]
        "stage_mean_ms": stages,
    }
    results["load_at_end"] = round(os.getloadavg()[0], 2)
    shown = ", ".join(f"{k} {v:.0f} ms" for k, v in sorted(stages.items(), key=lambda kv: -kv[1]) if v >= 0.5)
    print(
        f"ask ({len(qs) - 1} {args.questions} questions x {args.runs} runs, medians): p50 {p50:.0f} ms, "
        f"p95 {p95:.0f} ms (p95 / 300 ms target: {p95 / 300:.2f}); stage means {shown}"
    )
    print(f"load average: {load:.2f} at the start, {results['load_at_end']} at the end")
    if args.json:
        args.json.write_text(json.dumps(results, indent=1))
    print(json.dumps(results))


if __name__ == "__main__":
    main()
