"""Heading-aware, sentence-bounded chunking with stable ids and content hashes.

A chunk never crosses a heading. Within a section, paragraphs are the units; a paragraph longer than the
chunk size is split into sentences (pysbd, a bounded window at a time, so the cost stays linear). Units
are packed up to `size` characters, and the next chunk repeats trailing units of up to `overlap`
characters. Ids are `<document id>#<n>`, so one document's chunks never depend on another document.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from answerable.core.errors import InputError
from answerable.core.types import Chunk, content_hash
from answerable.ingest.loaders import Loaded
from answerable.text.sentences import sentences
from answerable.text.units import is_table_row


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


_TABLE_RULE = re.compile(r"^\|?\s*:?-{3,}:?\s*(?:\|\s*:?-{3,}:?\s*)*\|?$")


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
