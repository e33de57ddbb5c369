"""A passage's units: sentences of its prose, list items, parameter entries, tables, code blocks, admonitions.

Pure. A passage is stored as text in one small Markdown subset, which ingest writes for every format it
reads (Markdown, reST, HTML):

- prose: paragraphs of plain text (inline code kept as `backticks`), split here into sentences;
- list items, one a line: `- text` or `1. text`, nested ones indented;
- definition and parameter entries, one a line: `` `name`: description ``;
- tables: rows opening with a bar, the header ruled off (`|---|---|`);
- fenced code blocks with their language (```` ```python ````);
- admonitions, one a line: `> Note: text`.

`units` reads it back into the units an answer may quote, each whole and typed: a table, a code block, an
entry or an item is never cut into sentences. Text written otherwise (a passage handed to
`answerable.check`) is read as well as its lines allow: Markdown's wrapped items and quoted lines too.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass
from enum import StrEnum
from functools import lru_cache

from answerable.text.sentences import sentences


class UnitKind(StrEnum):
    """What a unit of a passage is."""

    SENTENCE = "sentence"
    ITEM = "item"
    ENTRY = "entry"
    TABLE = "table"
    CODE = "code"
    ADMONITION = "admonition"


@dataclass(frozen=True)
class Unit:
    """One quotable unit of a passage, its text as `sentences_of` gives it."""

    kind: UnitKind
    text: str


def is_table_row(line: str) -> bool:
    """A line of a Markdown table (HTML tables are written so too): it opens with a bar."""
    return line.lstrip().startswith("|")


def normalise(text: str) -> str:
    return " ".join(text.split()).lower()


_FENCE = re.compile(r"^[ \t]*(`{3,}|~{3,})")
_ITEM = re.compile(r"^[ \t]*(?:[-*+•]|\d+[.)])[ \t]+\S")
# `name`: description, or ``na`me``: description when the name holds a backtick.
_ENTRY = re.compile(r"^(`+)(?!`)[^\n]*?[^`\n]\1:(?:[ \t]|$)")
# An admonition's label ("Note:", "New in version 2.1:", "[!NOTE]") before its text.
_LABELLED = re.compile(r"^(?:\[!\w+\]|[A-Z][\w ,.'()-]{0,60}:\s)")
# A quoted run longer than this without a label is a quotation, read as its sentences.
_LONG_QUOTE = 600
LEAD = re.compile(r"^(?:[-*+•>#]+|\d+[.)])\s+")  # a list item's, quote's or heading's marker, quoted or not


def is_item(line: str) -> bool:
    """Does `line` open a list item ("- ...", "* ...", "2. ...")?"""
    return _ITEM.match(line) is not None


def is_code(unit: str) -> bool:
    """Is `unit` a fenced code block (its first line opens a fence)?"""
    return _FENCE.match(unit) is not None


def is_entry(line: str) -> bool:
    """Does `line` open a definition or parameter entry ("`pool_size`: the largest number ...")?"""
    return _ENTRY.match(line) is not None


# What an entry's name is made of besides its names: a type or note in brackets ("(integer)"), an
# option's value ("--jobs=number-of-jobs", "-j number-of-jobs" reads "number-of-jobs" as a name too, which
# nobody asks for), list separators.
_ENTRY_NAME_NOISE = re.compile(r"\([^)]*\)|=\S*|,|\band\b|\bor\b")


def entry_names(unit: str) -> tuple[str, ...]:
    """The names an entry defines ("shared_buffers" of "`shared_buffers (integer)`: Sets ...", "-X" and
    "--no-psqlrc" of "`-X --no-psqlrc`: Do not read ..."); none for a unit that is no entry."""
    m = _ENTRY.match(unit)
    if m is None:
        return ()
    fence = m.group(1)
    name = m.group(0)[len(fence) : m.group(0).rindex(fence + ":")]
    return tuple(word for word in _ENTRY_NAME_NOISE.sub(" ", name).split() if any(ch.isalnum() for ch in word))


def entry_description(unit: str) -> str:
    """What an entry says of its names ("Sets the amount of memory ..." of "`shared_buffers (integer)`: Sets
    the amount of memory ..."); empty for a unit that is no entry."""
    m = _ENTRY.match(unit)
    return unit[m.end() :].strip() if m else ""


def _closes(line: str, fence: str) -> bool:
    stripped = line.strip()
    return bool(stripped) and set(stripped) == {fence[0]} and len(stripped) >= len(fence)


def pieces(text: str) -> Iterator[tuple[UnitKind, str]]:
    """The blocks of `text` as written, each with its kind: a prose paragraph (SENTENCE, not yet split), an
    item or an entry with its wrapped lines, a whole table, a whole fenced block, a quoted run. Ingest packs
    chunks from these, so no chunk boundary falls inside one."""
    lines = text.split("\n")
    i = 0
    prose: list[str] = []

    def paragraph() -> Iterator[tuple[UnitKind, str]]:
        if any(line.strip() for line in prose):
            yield UnitKind.SENTENCE, "\n".join(prose).strip()
        prose.clear()

    while i < len(lines):
        line = lines[i]
        opening = _FENCE.match(line)
        if opening:
            yield from paragraph()
            fence = opening.group(1)
            end = next((k for k in range(i + 1, len(lines)) if _closes(lines[k], fence)), len(lines) - 1)
            yield UnitKind.CODE, "\n".join(lines[i : end + 1])
            i = end + 1
            continue
        if not line.strip():
            yield from paragraph()
            i += 1
            continue
        if is_table_row(line):
            yield from paragraph()
            end = i
            while end + 1 < len(lines) and is_table_row(lines[end + 1]) and not _FENCE.match(lines[end + 1]):
                end += 1
            yield UnitKind.TABLE, "\n".join(row.strip() for row in lines[i : end + 1])
            i = end + 1
            continue
        if line.lstrip().startswith(">"):
            yield from paragraph()
            end = i
            while end + 1 < len(lines) and lines[end + 1].lstrip().startswith(">"):
                end += 1
            yield UnitKind.ADMONITION, "\n".join(lines[i : end + 1])
            i = end + 1
            continue
        kind = UnitKind.ITEM if is_item(line) else UnitKind.ENTRY if is_entry(line) else None
        if kind is not None:
            yield from paragraph()
            end = i
            # its wrapped lines: indented, and not a new item or a fence
            while (
                end + 1 < len(lines)
                and lines[end + 1][:1].isspace()
                and lines[end + 1].strip()
                and not is_item(lines[end + 1])
                and not _FENCE.match(lines[end + 1])
            ):
                end += 1
            yield kind, "\n".join(lines[i : end + 1])
            i = end + 1
            continue
        prose.append(line)
        i += 1
    yield from paragraph()


def _one_line(text: str) -> str:
    return " ".join(text.split())


def _quoted(block: str) -> list[Unit]:
    """A quoted run: an admonition ("> Note: ...") as one unit; a long quotation without a label as its
    sentences."""
    inner = _one_line(" ".join(re.sub(r"^\s*>+ ?", "", line) for line in block.split("\n")))
    if not inner:
        return []
    if len(inner) > _LONG_QUOTE and not _LABELLED.match(inner):
        return [Unit(UnitKind.SENTENCE, s) for s in sentences(inner)]
    return [Unit(UnitKind.ADMONITION, inner)]


def _code(block: str) -> str:
    """A fenced block without the indentation of its fence (a block inside a list item is indented)."""
    lines = block.split("\n")
    indent = len(lines[0]) - len(lines[0].lstrip())
    if not indent:
        return block
    return "\n".join(line[indent:] if not line[:indent].strip() else line.lstrip() for line in lines)


@lru_cache(maxsize=256)
def units(text: str) -> tuple[Unit, ...]:
    """The units of a passage, in order (see the module). A code block introduced by a unit that ends with
    a colon ("Add the dependency to your module's `build.gradle.kts`:") is one unit with it, of kind CODE:
    apart, the introduction says nothing, and joined into the prose the sentence after the code was quoted
    after it. Cached: the check re-reads the passages the generator just split."""
    out: list[Unit] = []
    for kind, block in pieces(text):
        if kind is UnitKind.SENTENCE:
            out += [Unit(kind, s) for s in sentences(_one_line(block))]
        elif kind in (UnitKind.ITEM, UnitKind.ENTRY):
            out.append(Unit(kind, _one_line(block)))
        elif kind is UnitKind.ADMONITION:
            out += _quoted(block)
        elif kind is UnitKind.CODE:
            code = _code(block)
            if out and out[-1].kind is not UnitKind.CODE and out[-1].text.endswith(":"):
                out[-1] = Unit(UnitKind.CODE, f"{out[-1].text}\n{code}")
            else:
                out.append(Unit(kind, code))
        else:
            out.append(Unit(kind, block))
    return tuple(out)


@lru_cache(maxsize=256)
def sentences_of(text: str) -> tuple[str, ...]:
    """The texts of a passage's `units`, as the extractive generator quotes them."""
    return tuple(unit.text for unit in units(text))


def without_marker(sentence: str) -> str:
    """A sentence without the list item's, quote's or heading's marker it opens with ("2. In your IdP..." ->
    "In your IdP..."): the marker is layout, and its number is no figure of the answer."""
    return LEAD.sub("", sentence.lstrip()) or sentence


def table_parts(unit: str) -> tuple[str, list[str]] | None:
    """A Markdown table's header row and body rows (without the rule under the header), when `unit` (one
    of `sentences_of`) is a table; else None."""
    lines = unit.split("\n")
    if len(lines) < 3 or not all(line.startswith("|") for line in lines):
        return None
    if set(lines[1]) - set("|-: "):
        return None
    return lines[0], lines[2:]
