"""Heading-aware, sentence-bounded chunking with stable ids and content hashes.

A chunk never crosses a heading. Within a section, paragraphs are the units; a paragraph longer than the
chunk size is split into sentences (pysbd, a bounded window at a time, so the cost stays linear). Units
are packed up to `size` characters, and the next chunk repeats trailing units of up to `overlap`
characters. Ids are `<document id>#<n>`, so one document's chunks never depend on another document.
"""

from __future__ import annotations

import hashlib
import re
from dataclasses import dataclass
from functools import cache
from typing import Any

from answerable.errors import InputError
from answerable.ingest.loaders import Loaded
from answerable.types import Chunk


@dataclass(frozen=True)
class ChunkConfig:
    """Chunk size and overlap, in characters."""

    size: int = 1000
    overlap: int = 150

    def __post_init__(self) -> None:
        if self.size < 50:
            raise InputError(f"chunk size must be at least 50 characters, got {self.size}")
        if not 0 <= self.overlap < self.size:
            raise InputError(f"chunk overlap must be from 0 to less than the size ({self.size}), got {self.overlap}")


@cache
def _segmenter() -> Any:
    import pysbd

    return pysbd.Segmenter(language="en", clean=False)


# pysbd's time grows with the square of its input (a 122 KB paragraph took 50 s), so a longer text is
# segmented a window at a time: the window's last sentence may be cut short by the window's end, so it is
# segmented again at the start of the next window. A text up to one window is segmented whole, as before.
_WINDOW = 4000


def _segments(text: str) -> list[str]:
    return [s for s in _segmenter().segment(text) if s]


def _windowed(text: str) -> list[str]:
    """pysbd's segments of a long text, in linear time; joined, they are the text again."""
    out: list[str] = []
    start = 0
    while len(text) - start > _WINDOW:
        window = text[start : start + _WINDOW]
        segments = _segments(window)
        done = sum(len(s) for s in segments[:-1])
        if "".join(segments) != window:  # pysbd changed the text: take the window as it is
            segments, done = [window], 0
        if done < _WINDOW // 2:
            # no sentence ends in the second half of the window: cut the long one at its last line break,
            # else at a sentence end or a space, else at the window's end
            rest = window[done:]
            found = (i for i in (rest.rfind("\n"), _last_sentence_end(rest), rest.rfind(" ")) if i >= len(rest) // 2)
            cut = next(found, len(rest) - 1) + 1
            out.extend(segments[:-1])
            out.append(rest[:cut])
            done += cut
        else:
            out.extend(segments[:-1])
        start += done
    out.extend(_segments(text[start:]))
    return out


def _last_sentence_end(text: str) -> int:
    """Index of the white space after the last `.`, `!` or `?` of `text` (-1 if none)."""
    return max(text.rfind(". "), text.rfind("! "), text.rfind("? ")) + 1 or -1


def sentences(text: str) -> list[str]:
    """Sentences of a paragraph (pysbd, rule-based, offline); linear time in the length of `text`."""
    segments = _segments(text) if len(text) <= _WINDOW else _windowed(text)
    return [s.strip() for s in segments if s.strip()]


_TABLE_RULE = re.compile(r"^\|?\s*:?-{3,}:?\s*(?:\|\s*:?-{3,}:?\s*)*\|?$")


def is_table_row(line: str) -> bool:
    """A line of a Markdown table (HTML tables are written so too): it opens with a bar."""
    return line.lstrip().startswith("|")


def _table_parts(para: str, size: int) -> list[str] | None:
    """A Markdown table too long for one chunk, cut between rows, each part under the header row and its
    rule: a row read without its column names ("| PlanBD | 34 | 390 |") says nothing. None if not a table."""
    lines = para.split("\n")
    if len(lines) < 3 or not all(is_table_row(line) for line in lines):
        return None
    if not _TABLE_RULE.match(lines[1].strip()):
        return None
    head = "\n".join(lines[:2])
    parts: list[str] = []
    rows: list[str] = []
    length = len(head)
    for row in lines[2:]:
        if rows and length + len(row) + 1 > size:
            parts.append("\n".join([head, *rows]))
            rows, length = [], len(head)
        rows.append(row)
        length += len(row) + 1
    parts.append("\n".join([head, *rows]))
    return parts


def _units(text: str, size: int) -> list[str]:
    units: list[str] = []
    for para in re.split(r"\n\s*\n", text):
        para = para.strip()
        if not para:
            continue
        if len(para) <= size:
            units.append(para)
            continue
        table = _table_parts(para, size)
        if table is not None:
            units.extend(table)
            continue
        for sentence in sentences(para):
            while len(sentence) > size:  # one enormous "sentence" (a table, a log line): cut on whitespace
                cut = sentence.rfind(" ", 0, size)
                cut = cut if cut > size // 2 else size
                units.append(sentence[:cut].strip())
                sentence = sentence[cut:].strip()
            if sentence:
                units.append(sentence)
    return units


def _pack(units: list[str], config: ChunkConfig) -> list[str]:
    chunks: list[str] = []
    current: list[str] = []
    length = 0
    for unit in units:
        if current and length + len(unit) + 1 > config.size:
            chunks.append("\n".join(current))
            carried: list[str] = []
            carried_len = 0
            for prev in reversed(current):
                if carried_len + len(prev) + 1 > config.overlap:
                    break
                carried.insert(0, prev)
                carried_len += len(prev) + 1
            if carried_len + len(unit) + 1 > config.size:
                carried, carried_len = [], 0
            current, length = carried, carried_len
        current.append(unit)
        length += len(unit) + 1
    if current:
        chunks.append("\n".join(current))
    return chunks


def embedding_text(title: str, heading_path: tuple[str, ...], text: str) -> str:
    """What gets embedded and indexed: the document's title and headings give a chunk its context."""
    heading = " > ".join(h for h in heading_path if h != title)
    return "\n".join(part for part in (title, heading, text) if part)


def content_hash(title: str, heading_path: tuple[str, ...], text: str) -> str:
    """The key of a chunk's stored vector: the same embedded text always has the same vector."""
    return hashlib.sha256(embedding_text(title, heading_path, text).encode("utf-8")).hexdigest()


def chunk(loaded: Loaded, config: ChunkConfig | None = None) -> tuple[Chunk, ...]:
    """All chunks of a loaded document, numbered from 0 in reading order."""
    config = config or ChunkConfig()
    doc = loaded.document
    out: list[Chunk] = []
    for section in loaded.sections:
        for text in _pack(_units(section.text, config.size), config):
            n = len(out)
            out.append(
                Chunk(
                    id=f"{doc.id}#{n}",
                    document_id=doc.id,
                    n=n,
                    text=text,
                    heading_path=section.heading_path,
                    content_hash=content_hash(doc.title, section.heading_path, text),
                    anchor=section.anchor,
                )
            )
    return tuple(out)
