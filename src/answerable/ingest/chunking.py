"""Heading-aware, unit-bounded chunking with stable ids and content hashes.

A chunk never crosses a heading, nor cuts a unit of `text.units`: a list item, an entry, an admonition, a
code block (with the sentence that introduces it) and a table are packed whole; a prose paragraph is packed
whole when it fits, else sentence by sentence (pysbd, a bounded window at a time, so the cost stays
linear). Only a unit longer than a chunk is cut: a table between rows under its header, anything else on
white space. Units are packed up to `size` characters, blank lines between them, and the next chunk
repeats trailing units of up to `overlap` characters. Ids are `<document id>#<n>`, so one document's
chunks never depend on another document.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from answerable.core.errors import InputError
from answerable.core.types import Chunk, content_hash
from answerable.ingest.loaders import Loaded
from answerable.text.sentences import sentences
from answerable.text.units import UnitKind, is_table_row, pieces


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


def _cut(text: str, size: int) -> list[str]:
    """One enormous unit (a log line, a huge code block) cut on white space into parts of `size`."""
    parts: list[str] = []
    while len(text) > size:
        cut = text.rfind(" ", 0, size)
        cut = cut if cut > size // 2 else size
        parts.append(text[:cut].strip())
        text = text[cut:].strip()
    return [*parts, text] if text else parts


def _units(text: str, size: int) -> list[str]:
    units: list[str] = []
    for kind, block in pieces(text):
        block = block.strip("\n")
        if not block.strip():
            continue
        if kind is UnitKind.CODE and units and units[-1].endswith(":") and len(units[-1]) + len(block) < size:
            units[-1] += "\n" + block  # the sentence that introduces a code block stays with it
            continue
        if len(block) <= size:
            units.append(block)
            continue
        table = _table_parts(block, size) if kind is UnitKind.TABLE else None
        if table is not None:
            units.extend(table)
        elif kind is UnitKind.CODE:
            units.extend(_code_parts(block, size))
        elif kind is UnitKind.SENTENCE:
            for sentence in sentences(" ".join(block.split())):
                units.extend(_cut(sentence, size))
        else:
            units.extend(_prose_parts(kind, block, size))
    return units


def _code_parts(block: str, size: int) -> list[str]:
    """A code block too long for one chunk, cut between lines, each part fenced as the block was: a part
    without its opening fence would be read as prose, one without its closing fence as code to the end."""
    lines = block.split("\n")
    opening = lines[0]
    mark = opening.strip()[:1]
    closing = mark * (len(opening.strip()) - len(opening.strip().lstrip(mark)))
    closed = len(lines) > 1 and lines[-1].strip() and set(lines[-1].strip()) == {mark}
    body = lines[1:-1] if closed else lines[1:]
    room = max(size - len(opening) - len(closing) - 2, size // 2)
    parts: list[list[str]] = [[]]
    length = 0
    for line in (piece for whole in body for piece in (_cut(whole, room) if len(whole) > room else [whole])):
        if parts[-1] and length + len(line) + 1 > room:
            parts.append([])
            length = 0
        parts[-1].append(line)
        length += len(line) + 1
    return ["\n".join([opening, *part, closing]) for part in parts if part]


def _prose_parts(kind: UnitKind, block: str, size: int) -> list[str]:
    """An item, entry or admonition too long for one chunk, packed sentence by sentence. Each part
    of an entry is named again (a parameter's later sentence still says what it is of), each part of an
    admonition is quoted again; an item's later parts are prose."""
    text = " ".join(block.split())
    prefix = ""
    if kind is UnitKind.ENTRY:
        name_end = text.index(": ") + 2 if ": " in text else 0
        prefix, text = text[:name_end], text[name_end:]
    elif kind is UnitKind.ADMONITION:
        prefix, text = "> ", text.lstrip("> ")
    parts: list[str] = []
    current = ""
    for sentence in sentences(text):
        for piece in _cut(sentence, size - len(prefix) - 1):
            if current and len(prefix) + len(current) + len(piece) + 1 > size:
                parts.append(current)
                current = ""
            current = f"{current} {piece}" if current else piece
    if current:
        parts.append(current)
    if kind is UnitKind.ITEM:
        return parts
    return [prefix + part for part in parts]


def _pack(units: list[str], config: ChunkConfig) -> list[str]:
    chunks: list[str] = []
    current: list[str] = []
    length = 0
    for unit in units:
        if current and length + len(unit) + 2 > config.size:
            chunks.append("\n\n".join(current))
            carried: list[str] = []
            carried_len = 0
            for prev in reversed(current):
                if carried_len + len(prev) + 2 > config.overlap:
                    break
                carried.insert(0, prev)
                carried_len += len(prev) + 2
            if carried_len + len(unit) + 2 > config.size:
                carried, carried_len = [], 0
            current, length = carried, carried_len
        current.append(unit)
        length += len(unit) + 2
    if current:
        chunks.append("\n\n".join(current))
    return chunks


def chunk_id(document_id: str, n: int) -> str:
    """The id of a document's `n`-th chunk (from 0, in reading order)."""
    return f"{document_id}#{n}"


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
                    id=chunk_id(doc.id, n),
                    document_id=doc.id,
                    n=n,
                    text=text,
                    heading_path=section.heading_path,
                    content_hash=content_hash(doc.title, section.heading_path, text),
                    anchor=section.anchor,
                )
            )
    return tuple(out)
