"""Words: the singular that every signal compares nouns by."""

from __future__ import annotations

from answerable.text.words import singular


def test_a_plural_is_read_as_its_singular_and_other_words_as_they_are() -> None:
    assert [singular(w) for w in ("Policies", "rows", "copies", "seats")] == ["policy", "row", "copy", "seat"]
    assert [singular(w) for w in ("access", "class", "is", "gas", "ties")] == ["access", "class", "is", "gas", "tie"]
