"""Sentence splitting and the refers-back reading over a folder of text: the time `text.sentences.sentences`
takes over every paragraph of every file under the folders, and `signals.quoting.refers_back` over every
sentence it gives, the median of --runs runs.

    .venv/bin/python bench/split.py FOLDER [FOLDER ...] [--runs 5] [--glob '*.txt']

Run it on two checkouts (`PYTHONPATH=OTHER/src`), in turns, to compare a change to either; it prints the
paragraphs, the sentences, how many refer back, and each median with its runs.
"""

from __future__ import annotations

import argparse
import statistics
import time
from pathlib import Path

from answerable.signals.quoting import refers_back
from answerable.text.sentences import sentences


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("folders", nargs="+", type=Path)
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--glob", default="*.txt")
    args = parser.parse_args()
    texts = [p.read_text(errors="replace") for folder in args.folders for p in sorted(folder.rglob(args.glob))]
    paragraphs = [p for text in texts for p in text.split("\n\n") if p.strip()]
    split: list[float] = []
    refer: list[float] = []
    said: list[str] = []
    back = 0
    for _ in range(args.runs):
        start = time.perf_counter()
        said = [s for p in paragraphs for s in sentences(p)]
        split.append(time.perf_counter() - start)
        start = time.perf_counter()
        back = sum(refers_back(s) for s in said)
        refer.append(time.perf_counter() - start)
    print(f"{len(paragraphs)} paragraphs, {len(said)} sentences, {back} refer back")
    print(f"split: median {statistics.median(split):.2f} s, runs {[round(x, 2) for x in split]}")
    print(f"refers_back: median {statistics.median(refer) * 1000:.1f} ms, runs {[round(x * 1000, 1) for x in refer]}")


if __name__ == "__main__":
    main()
