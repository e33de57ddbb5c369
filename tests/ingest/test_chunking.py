"""Sentence splitting stays linear in the length of a paragraph, and unchanged for ordinary ones."""

from __future__ import annotations

from typing import Any

import pytest

from answerable.ingest import chunking
from answerable.ingest.chunking import sentences


class RecordingSegmenter:
    """pysbd, recording the length of every text it is given (its time grows with the square of that)."""

    def __init__(self, inner: Any) -> None:
        self.inner = inner
        self.lengths: list[int] = []

    def segment(self, text: str) -> list[str]:
        self.lengths.append(len(text))
        return list(self.inner.segment(text))


@pytest.fixture
def recorder(monkeypatch: pytest.MonkeyPatch) -> RecordingSegmenter:
    recording = RecordingSegmenter(chunking._segmenter())
    monkeypatch.setattr(chunking, "_segmenter", lambda: recording)
    return recording


def test_a_long_paragraph_reaches_pysbd_in_bounded_windows(recorder: RecordingSegmenter) -> None:
    words = ["alpha", "beta", "e.g.", "export", "Dr.", "gamma", "lumen", "v2.3", "queue", "delta"]
    log = " ".join(words[(n * 7) % len(words)] for n in range(12_000))  # 60 KB, no sentence end, no line break
    pieces = sentences(log)
    assert max(recorder.lengths) <= 4000
    assert sum(recorder.lengths) < 3 * len(log)  # each character is segmented a bounded number of times
    assert " ".join(pieces) == log  # nothing lost, nothing repeated


def test_windows_give_the_sentences_of_the_whole_paragraph(recorder: RecordingSegmenter) -> None:
    prose = " ".join(
        f"Sentence {n} says that Dr. Rivera rotated key {n} at 10.{n % 60:02d} a.m. on the U.S. cluster!"
        if n % 5 == 0
        else f"Line {n} has no end mark\nso the line break ends it"
        if n % 7 == 0
        else f"Sentence {n} is short."
        for n in range(400)
    )
    assert len(prose) > 12_000
    whole = [s.strip() for s in chunking._segmenter().inner.segment(prose) if s.strip()]
    recorder.lengths.clear()
    assert sentences(prose) == whole
    assert max(recorder.lengths) <= 4000


def test_an_ordinary_paragraph_is_segmented_whole(recorder: RecordingSegmenter) -> None:
    para = "Keys rotate from the Security tab. Old keys expire after 24 hours (see Dr. Rivera's note). " * 20
    assert sentences(para) == [s.strip() for s in recorder.inner.segment(para) if s.strip()]
    assert recorder.lengths == [len(para)]


def test_a_table_longer_than_a_chunk_repeats_its_header_in_every_part() -> None:
    head = "| Plan | Seats | Storage (GB) |\n|---|:---:|---:|"
    rows = [f"| Plan{n:03d} | {n} | {10 * n} |" for n in range(60)]
    table = "\n".join([head, *rows])
    units = chunking._units(f"Plans and their quotas.\n\n{table}\n\nAsk support for more.", 300)
    parts = [u for u in units if u.startswith("| Plan |")]
    assert len(parts) > 3 and all(u.startswith(head + "\n") and len(u) <= 300 for u in parts)
    assert [r for u in parts for r in u.split("\n")[2:]] == rows  # every row once, in order
    assert units[0] == "Plans and their quotas." and units[-1] == "Ask support for more."
    # A table that fits, and text that only starts with a bar, are left alone.
    assert chunking._units(table, len(table)) == [table]
    assert chunking._table_parts("| not a table\n| at all\n| really", 10) is None
