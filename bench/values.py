"""Time of reading the values a sentence states (`signals.values.values_in`, run on every sentence the value
checks compare), per sentence of the example docs' Markdown pages; median of several runs. Then the time of
reading the names a sentence states for a question asking which one (`signals.values.names_in`, run on the
sentences compared for such a question only), and its ratio to the first.

    python bench/values.py [--runs 7] [--against OTHER_SRC]

`--against` times the same sentences with another checkout's `src` (a fresh process) and prints the ratio.
"""

from __future__ import annotations

import argparse
import re
import statistics
import time
from pathlib import Path

from against import figure_with  # bench/ is the script's folder, first on the path

ROOT = Path(__file__).resolve().parent.parent


def sentences() -> list[str]:
    out: list[str] = []
    for page in sorted((ROOT / "examples").rglob("*.md")):
        out += [s for s in re.split(r"(?<=[.!?])\s+", page.read_text(encoding="utf-8")) if s.strip()]
    return out


def per_sentence(runs: int) -> float:
    """Median microseconds a sentence over `runs` passes."""
    from answerable.signals.values import values_in

    texts = sentences()
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        for text in texts:
            values_in(text)
        times.append((time.perf_counter() - start) / len(texts) * 1e6)
    return statistics.median(times)


def names_per_sentence(runs: int, question: str = "Which plan includes single sign-on?") -> float:
    """Median microseconds a sentence over `runs` passes of reading its names for `question`."""
    from answerable.signals.values import names_in

    texts = sentences()
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        for text in texts:
            names_in(question, text)
        times.append((time.perf_counter() - start) / len(texts) * 1e6)
    return statistics.median(times)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=7)
    parser.add_argument("--against", type=Path, help="another checkout's src folder to time the same way")
    parser.add_argument("--only", action="store_true", help=argparse.SUPPRESS)  # one figure, for --against
    args = parser.parse_args()
    here = per_sentence(args.runs)
    if args.only:
        print(here)
        return
    print(f"values_in: {len(sentences())} sentences, {here:.1f} us a sentence (median of {args.runs})")
    names = names_per_sentence(args.runs)
    print(f"names_in: {names:.1f} us a sentence; ratio to values_in {names / here:.2f}")
    if args.against:
        other = figure_with(__file__, args.against, args.runs)
        print(f"  against {args.against}: {other:.1f} us a sentence; ratio {here / other:.2f}")


if __name__ == "__main__":
    main()
