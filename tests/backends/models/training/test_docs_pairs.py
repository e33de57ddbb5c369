"""Answerability pairs read from a documentation folder's structure: FAQ answers and settings entries."""

from __future__ import annotations

import random
from pathlib import Path

from answerable.backends.models.training.data import Split
from answerable.backends.models.training.docs import docs_pairs, entry_pairs, faq_pairs, sections

FAQ = """# Borrowing FAQ

## How many books can I check out at once?

Each card can have up to 25 items checked out.

## Can I renew an item online?

Yes, from My Account, unless someone has placed a hold on it.

## What happens if I lose a book?

You pay the replacement cost shown in the catalogue.
"""

SETTINGS = """# Server settings

- `max_clients`: The most clients served at once. Default 100.
- `idle_timeout`: Seconds an idle connection stays open. Default 30.
- `log_level`: How much the server logs: error, warning or info. Default warning.
"""


def folder(tmp_path: Path) -> Path:
    (tmp_path / "faq.md").write_text(FAQ)
    (tmp_path / "settings.md").write_text(SETTINGS)
    return tmp_path


def test_a_question_heading_is_answered_by_its_own_section_and_not_by_its_neighbours(tmp_path: Path) -> None:
    pairs = faq_pairs(list(sections([folder(tmp_path)])), random.Random(1))
    flat = [p for split in pairs.values() for p in split]
    renew = [p for p in flat if p.a == "Can I renew an item online?"]
    assert [p.label for p in renew].count(1) == 1 and len(renew) == 3
    assert all(("My Account" in p.b) == (p.label == 1) for p in renew)
    assert all("?" not in p.b for p in renew)  # the question heading is not part of the passage


def test_a_numbered_faq_heading_is_asked_without_its_number(tmp_path: Path) -> None:
    numbered = FAQ.replace("## How many", "## 2.1. How many").replace("## Can I", "## 2.2. Can I")
    numbered = numbered.replace("## What happens", "## 10) What happens")
    (tmp_path / "faq.md").write_text(numbered)
    pairs = faq_pairs(list(sections([tmp_path])), random.Random(1))
    asked = {p.a for split in pairs.values() for p in split}
    assert asked == {
        "How many books can I check out at once?",
        "Can I renew an item online?",
        "What happens if I lose a book?",
    }


def test_a_setting_is_described_by_its_own_entry_not_the_next_ones(tmp_path: Path) -> None:
    pairs = entry_pairs(list(sections([folder(tmp_path)])), random.Random(1))
    flat = [p for split in pairs.values() for p in split]
    timeout = [p for p in flat if "idle_timeout" in p.a]
    assert [p.label for p in timeout].count(1) == 1
    assert all(("Default 30" in p.b) == (p.label == 1) for p in timeout)


def test_pages_are_split_whole(tmp_path: Path) -> None:
    pairs = docs_pairs([folder(tmp_path)])
    groups = {split: {p.group for p in ps} for split, ps in pairs.items()}
    assert not groups[Split.TRAIN] & groups[Split.CALIB]
