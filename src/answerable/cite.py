"""Citation checks: re-verify each sentence of a draft against what it cites, and split passages into the
sentences an answer may quote.

Pure. A cited id must belong to this request's context; the gate turns a foreign id into
`citation_invalid` and an unsupported sentence into `unsupported_claim`.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator, Mapping
from dataclasses import replace
from functools import lru_cache
from itertools import groupby

from answerable.types import Draft, DraftSentence


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
    from answerable.ingest.chunking import sentences

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
    from answerable.ingest.chunking import is_table_row

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
_LEAD = re.compile(r"^(?:[-*+•>#]+|\d+[.)])\s+")  # a list item's or heading's marker, quoted or not


def without_marker(sentence: str) -> str:
    """A sentence without the list item's or heading's marker it opens with ("2. In your IdP..." -> "In
    your IdP..."): the marker is layout, and its number is no figure of the answer."""
    return _LEAD.sub("", sentence.lstrip()) or sentence


def quoted(sentence: str, text: str) -> bool:
    """`sentence` is one or more whole, consecutive sentences of `text`, word for word (case and spacing
    aside). A fragment is not: "Lumen API keys expire after 90 days." is in "A common myth is that Lumen
    API keys expire after 90 days.", and says the opposite of it."""
    target = _LEAD.sub("", normalise(sentence))
    if not target or target not in normalise(text):
        return False
    parts = [_LEAD.sub("", normalise(s)) for s in sentences_of(text)]
    for start in range(len(parts)):
        joined = ""
        for part in parts[start:]:  # the run of sentences from here, until it is as long as the target
            joined = f"{joined} {part}" if joined else part
            if len(joined) >= len(target):
                break
        if joined == target:
            return True
    return False


def table_parts(unit: str) -> tuple[str, list[str]] | None:
    """A Markdown table's header row and body rows (without the rule under the header), when `unit` (one
    of `sentences_of`) is a table; else None."""
    lines = unit.split("\n")
    if len(lines) < 3 or not all(line.startswith("|") for line in lines):
        return None
    if set(lines[1]) - set("|-: "):
        return None
    return lines[0], lines[2:]


def table_excerpt(sentence: str, text: str) -> bool:
    """Is `sentence` the header row of a table of `text` and some of its rows, in their order ("| Plan |
    Version history |" and "| Business | 180 days |")? A row means something only under its header."""
    lines = [line.strip() for line in sentence.split("\n")]
    if len(lines) < 2 or not all(line.startswith("|") for line in lines):
        return False
    for unit in sentences_of(text):
        parts = table_parts(unit)
        if parts is not None and parts[0] == lines[0]:
            rows = iter(parts[1])
            if all(any(row == line for row in rows) for line in lines[1:]):
                return True
    return False


def verify_draft(
    draft: Draft,
    passages: Mapping[str, str],
    entails: Callable[[str, str], float] | None = None,
) -> Draft:
    """Set each sentence's `support`: 1.0 when it quotes whole sentences of a cited passage verbatim
    (`quoted`) or a table's header with some of its rows (`table_excerpt`), else the entailment
    probability from `entails(sentence, passage text)` (best over its citations), else 0.

    Ids not in `passages` get no support here; the gate reports them as invalid citations.
    """
    checked: list[DraftSentence] = []
    for sentence in draft.sentences:
        texts = [passages[pid] for pid in sentence.passage_ids if pid in passages]
        if not texts:
            checked.append(replace(sentence, support=0.0))
            continue
        if any(quoted(sentence.text, t) or table_excerpt(sentence.text, t) for t in texts):
            support = 1.0
        elif entails is not None:
            support = max(entails(sentence.text, t) for t in texts)
        else:
            support = 0.0
        checked.append(replace(sentence, support=support))
    return Draft(tuple(checked), declined=draft.declined)
