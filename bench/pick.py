"""Time of choosing the sentence that answers and checking it is answered as asked, without the models: for
each question of the Black set (examples/realdocs/black), `signals.quoting.pick` over the sentences of its
first gold page (the scores given as the page's order), then, for the sentence chosen, the draft's checks
(`kinds.required_form`'s test, `mismatch.mismatch`, `mismatch.other_member` against the page). Median
milliseconds a question over several runs.

    python bench/pick.py [--runs 7] [--against OTHER_SRC]

`--against` times the same questions with another checkout's `src` (a fresh process) and prints the ratio.
"""

from __future__ import annotations

import argparse
import json
import re
import statistics
import time
from pathlib import Path

from against import figure_with  # bench/ is the script's folder, first on the path

ROOT = Path(__file__).resolve().parent.parent
SET = ROOT / "examples" / "realdocs" / "black"


def cases() -> list[tuple[str, list[str], str]]:
    """(question, the sentences of its first gold page, the page's text) for each question with a gold page."""
    out = []
    for line in (SET / "questions.jsonl").read_text(encoding="utf-8").splitlines():
        if not line.strip():
            continue
        case = json.loads(line)
        pages = case.get("gold_doc_ids") or []
        path = SET / "docs" / f"{pages[0]}.md" if pages else None
        if path is None or not path.is_file():
            continue
        text = path.read_text(encoding="utf-8")
        sentences = [s for s in re.split(r"(?<=[.!?])\s+", text) if s.strip()]
        out.append((case["question"], sentences, text))
    return out


def per_question(runs: int) -> float:
    """Median milliseconds a question over `runs` passes."""
    from answerable.signals import kinds, mismatch
    from answerable.signals.quoting import pick

    other_member = getattr(mismatch, "other_member", None)  # absent from older checkouts
    found = cases()
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        for question, sentences, text in found:
            scores = [1.0 - k / (len(sentences) + 1) for k in range(len(sentences))]
            chosen = sentences[pick(question, sentences, scores)]
            form = kinds.required_form(question)
            if form is not None:
                form[1](chosen)
            mismatch.mismatch(question, chosen)
            if other_member is not None:
                other_member(question, chosen, text)
        times.append((time.perf_counter() - start) / len(found) * 1e3)
    return statistics.median(times)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=7)
    parser.add_argument("--against", type=Path, help="another checkout's src folder to time the same way")
    parser.add_argument("--only", action="store_true", help=argparse.SUPPRESS)  # one figure, for --against
    args = parser.parse_args()
    here = per_question(args.runs)
    if args.only:
        print(here)
        return
    print(f"pick and the draft's checks: {len(cases())} questions, {here:.2f} ms a question (median of {args.runs})")
    if args.against:
        other = figure_with(__file__, args.against, args.runs)
        print(f"  against {args.against}: {other:.2f} ms a question; ratio {here / other:.2f}")


if __name__ == "__main__":
    main()
