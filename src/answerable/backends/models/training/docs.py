"""Answerability pairs mined from the structure of real documentation: what a docs page shows answers what.

A documentation set says by its layout which text answers which question, with no one labelling it:
- an FAQ page's question heading is answered by its own section (1), not by the page's other answers (0:
  hard negatives, on the same topic and in the same voice);
- a setting or parameter is described by its own entry or section (1), not by its neighbours' (0): the
  classic wrong answer quotes the next parameter's default.

Questions for settings are written from a few plain templates; FAQ questions are the docs' own. A pair's
passage is its text as the engine reads it (a window of the section), without the question heading, so the
model learns from what the text says, not from a heading that repeats the question. Pages are split into
train and calibration by page, never by row.
"""

from __future__ import annotations

import hashlib
import random
import re
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path

from answerable.backends.models.text import best_window
from answerable.backends.models.training.pairs import Pair, Split
from answerable.ingest.loaders import Loaded, find, load_file
from answerable.ingest.metadata import Defaults
from answerable.text.units import UnitKind, units

WINDOW = 90  # words of a passage, as the other sources' pairs
_NAME = re.compile(r"^`?([A-Za-z_][\w.\-]*(?:\(\))?)`?$")  # a heading that is just a setting's name
_ENTRY = re.compile(r"^`(?P<name>[^`]{2,60})`\s*:\s*(?P<text>.+)$", re.S)
# A heading's section number ("1.2. What is Debian?", "4) Why ...?") is the page's layout, not the question.
_NUMBERED = re.compile(r"^(?:\d+[.)])+(?:\d+)?\s+")
_TEMPLATES = (
    "What does {name} do?",
    "What is {name} for?",
    "What is the default value of {name}?",
    "How do I use {name}?",
    "What does the {name} setting control?",
)


@dataclass(frozen=True)
class Section:
    page: str
    heading: str
    text: str


def _split(page: str) -> Split:
    """Train or calibration, by page (four in five pages train)."""
    return Split.CALIB if int(hashlib.sha1(page.encode()).hexdigest(), 16) % 5 == 0 else Split.TRAIN


def sections(roots: Iterable[Path]) -> Iterator[Section]:
    """Every section of every page under `roots` that the ingest loaders read, with its last heading."""
    for found in find(roots):
        for loaded in load_file(found.path, found.doc_id, Defaults(), rel_path=found.rel_path):
            if not isinstance(loaded, Loaded):
                continue
            for s in loaded.sections:
                if s.heading_path and s.text.strip():
                    yield Section(loaded.document.id, s.heading_path[-1], s.text)


def _prose(text: str) -> str:
    """The section as the models read a passage: its units on one line each, code blocks kept short."""
    kept = []
    for u in units(text):
        kept.append(u.text if u.kind is not UnitKind.CODE else u.text[:300])
    return "\n".join(kept)


def faq_pairs(secs: Sequence[Section], rng: random.Random, negatives: int = 2) -> dict[Split, list[Pair]]:
    """Each question heading with its own answer (1), and with answers to other questions of its page (0).

    The question is the heading as a reader would ask it: without the section number a numbered FAQ puts
    before it."""
    by_page: dict[str, list[Section]] = {}
    for s in secs:
        if s.heading.rstrip().endswith("?") and len(s.heading.split()) >= 4:
            by_page.setdefault(s.page, []).append(s)
    out: dict[Split, list[Pair]] = {Split.TRAIN: [], Split.CALIB: []}
    for page, questions in by_page.items():
        if len(questions) < 2:
            continue
        for s in questions:
            q = _NUMBERED.sub("", s.heading.strip())
            out[_split(page)].append(Pair(q, best_window(q, _prose(s.text), WINDOW), 1, page, "docs-faq"))
            others = [o for o in questions if o is not s]
            for o in rng.sample(others, min(negatives, len(others))):
                out[_split(page)].append(Pair(q, best_window(q, _prose(o.text), WINDOW), 0, page, "docs-faq"))
    return out


def _named(secs: Sequence[Section]) -> list[tuple[str, str, str]]:
    """(page, name, description) of every setting or parameter: a section headed by a name alone, or an
    entry unit ("`name`: description")."""
    found: list[tuple[str, str, str]] = []
    for s in secs:
        heading = _NAME.match(s.heading.strip())
        if (heading is not None and "_" in heading.group(1)) or (heading and heading.group(1).isupper()):
            found.append((s.page, heading.group(1), _prose(s.text)))
            continue
        for u in units(s.text):
            m = _ENTRY.match(u.text) if u.kind is UnitKind.ENTRY else None
            if m is not None:
                found.append((s.page, m.group("name"), u.text))
    return found


def entry_pairs(
    secs: Sequence[Section], rng: random.Random, limit: int = 1500, negatives: int = 2
) -> dict[Split, list[Pair]]:
    """A templated question about a setting or parameter with its own description (1) and with neighbouring
    ones' on the same page (0)."""
    named = _named(secs)
    by_page: dict[str, list[tuple[str, str, str]]] = {}
    for item in named:
        by_page.setdefault(item[0], []).append(item)
    chosen = [item for items in by_page.values() if len(items) >= 3 for item in items]
    rng.shuffle(chosen)
    out: dict[Split, list[Pair]] = {Split.TRAIN: [], Split.CALIB: []}
    for page, name, text in chosen[:limit]:
        template = _TEMPLATES[int(hashlib.sha1(name.encode()).hexdigest(), 16) % len(_TEMPLATES)]
        if "default" in template and "default" not in text.lower():
            template = _TEMPLATES[0]
        q = template.format(name=name)
        out[_split(page)].append(Pair(q, best_window(q, text, WINDOW), 1, page, "docs-entry"))
        siblings = [i for i in by_page[page] if i[1] != name]
        for _, _, other in rng.sample(siblings, min(negatives, len(siblings))):
            out[_split(page)].append(Pair(q, best_window(q, other, WINDOW), 0, page, "docs-entry"))
    return out


def docs_pairs(roots: Sequence[Path], seed: int = 13, entries: int = 800) -> dict[Split, list[Pair]]:
    """FAQ and setting pairs from the documentation folders `roots` (extracted Debian doc packages, say)."""
    rng = random.Random(seed)
    secs = list(sections(roots))
    faq, named = faq_pairs(secs, rng), entry_pairs(secs, rng, entries)
    return {split: faq[split] + named[split] for split in (Split.TRAIN, Split.CALIB)}


__all__ = ["docs_pairs", "entry_pairs", "faq_pairs", "sections"]
