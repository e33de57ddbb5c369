"""A passage's units: the sentences of its prose, its list items, its tables and its code blocks.

Pure. A passage is stored as text in which structure is written the Markdown way (a fenced code block, a
table's rows opening with a bar, list items with their markers); `sentences_of` reads it back into the
units an answer may quote, each whole: a table or a code block is never cut into sentences.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from functools import lru_cache
from itertools import groupby

from answerable.text.sentences import sentences


def is_table_row(line: str) -> bool:
    """A line of a Markdown table (HTML tables are written so too): it opens with a bar."""
    return line.lstrip().startswith("|")


def normalise(text: str) -> str:
    return " ".join(text.split()).lower()


@lru_cache(maxsize=256)
def sentences_of(text: str) -> tuple[str, ...]:
    """Sentences of a passage, as the extractive generator quotes them (line breaks joined first: Markdown
    wraps sentences across lines). A Markdown table is one unit, its rows on their lines: a row apart from
    its header says nothing, and joined to the prose around it the table became part of a "sentence" ("...
    a service credit on the next invoice: | Monthly uptime | Credit | ... To claim a credit, ..."). So is a
    fenced code block, kept with the sentence that introduces it with a colon ("Add the dependency to your
    module's `build.gradle.kts`:"): joined into the prose, "The SDK needs the `INTERNET` permission" was
    quoted after the dependency's code. Cached: the check re-reads the passages the generator just split."""
    out: list[str] = []
    for kind, lines in groupby(_line_kinds(text.split("\n")), key=lambda kl: kl[0]):
        block = [line.strip() if kind == "table" else line for _, line in lines]
        if kind == "prose":
            out += sentences(" ".join(" ".join(block).split()))
        elif kind == "list":
            out += _items(block)
        elif kind == "code" and out and out[-1].endswith(":"):
            out[-1] += "\n" + "\n".join(block)
        else:
            out.append("\n".join(block))
    return tuple(out)


def _items(lines: list[str]) -> list[str]:
    """A list's items, each one unit with its wrapped lines: "- Their My Files folder is kept for 90 days.
    During that time you can transfer it ..." is one thing the list says."""
    items: list[str] = []
    for line in lines:
        if is_item(line) or not items:
            items.append(line.strip())
        elif line.strip():
            items[-1] += " " + line.strip()
    return [" ".join(item.split()) for item in items if item]


def _line_kinds(lines: list[str]) -> Iterator[tuple[str, str]]:
    """Each line with what it is part of: a fenced code block (its fences included), a table, a list (its
    items, their indented lines, and blank lines between items), or prose."""
    fence: str | None = None
    kind = "prose"
    for i, line in enumerate(lines):
        if fence is None and line.lstrip()[:3] in _FENCES:
            fence, kind = line.lstrip()[:3], "code"
        elif fence is not None:
            fence = None if line.strip() == fence else fence
        elif is_table_row(line):
            kind = "table"
        elif is_item(line) or (kind == "list" and line[:1].isspace() and line.strip()):
            kind = "list"
        elif kind == "list" and not line.strip():
            following = next((n for n in lines[i + 1 :] if n.strip()), "")
            kind = "list" if is_item(following) else "prose"
        else:
            kind = "prose"
        yield kind, line


def is_item(line: str) -> bool:
    """Does `line` open a list item ("- ...", "* ...", "2. ...")?"""
    return _ITEM.match(line) is not None


_FENCES = ("```", "~~~")
_ITEM = re.compile(r"^[ \t]*(?:[-*+•]|\d+[.)])[ \t]+\S")
LEAD = re.compile(r"^(?:[-*+•>#]+|\d+[.)])\s+")  # a list item's or heading's marker, quoted or not


def without_marker(sentence: str) -> str:
    """A sentence without the list item's or heading's marker it opens with ("2. In your IdP..." -> "In
    your IdP..."): the marker is layout, and its number is no figure of the answer."""
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
