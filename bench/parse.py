"""Parsing time of the pages of a folder: how long `sections.page` takes over every Markdown, reST, HTML and
notebook page under it (no embedding, no store), the median of --runs runs.

    .venv/bin/python bench/parse.py [FOLDER ...] [--runs 7]

Default folders: every Markdown set under `examples/`. Run it on two checkouts, in turns, to compare a parsing
change; it prints pages, characters, the median and each run, in seconds.
"""

from __future__ import annotations

import argparse
import statistics
import time
from pathlib import Path

from answerable.ingest.loaders import file_format, find
from answerable.ingest.sections import Format, page

ROOT = Path(__file__).resolve().parents[1]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("folders", nargs="*", type=Path, default=[ROOT / "examples"])
    parser.add_argument("--runs", type=int, default=7)
    args = parser.parse_args()
    pages = []
    for found in find(args.folders):
        fmt = file_format(found.path.name)
        if fmt is Format.TEXT:
            continue  # JSONL corpora and plain text: no parsing to time
        text = found.path.read_text(encoding="utf-8", errors="replace")
        if found.path.name.endswith(".ipynb"):
            from answerable.ingest.notebook import notebook_markdown  # a checkout without notebooks has none

            text = notebook_markdown(text)
        pages.append((text, fmt, str(found.path)))
    runs = []
    for _ in range(args.runs):
        start = time.perf_counter()
        for text, fmt, source in pages:
            page(text, fmt, source)
        runs.append(time.perf_counter() - start)
    chars = sum(len(t) for t, _, _ in pages)
    print(f"{len(pages)} pages, {chars:,} characters: median {statistics.median(runs):.3f} s over {args.runs} runs")
    print("runs: " + ", ".join(f"{r:.3f}" for r in runs))


if __name__ == "__main__":
    main()
