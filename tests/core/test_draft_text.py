"""A draft's text: prose sentences joined by spaces, a block (code, table, list) set apart by a blank line."""

from __future__ import annotations

from answerable.core.types import Draft, DraftSentence
from answerable.evaluation.markup import raw_markup


def _draft(*sentences: tuple[str, tuple[str, ...]]) -> Draft:
    return Draft(tuple(DraftSentence(text, ids) for text, ids in sentences))


def test_prose_sentences_join_with_a_space_and_their_markers() -> None:
    d = _draft(("Keys expire after 90 days.", ("keys#1",)), ("Renew them in Settings.", ("keys#2", "faq#0")))
    assert d.text == "Keys expire after 90 days. [keys#1] Renew them in Settings. [keys#2] [faq#0]"


def test_a_code_block_followed_by_prose_ends_before_the_prose() -> None:
    code = "If set, private members are documented:\n```\n.. automodule:: noodle\n   :private-members:\n```"
    d = _draft((code, ("autodoc#5",)), ("`autodoc_preserve_defaults`: If True, defaults are kept.", ("autodoc#25",)))
    assert d.text.split("\n\n") == [
        f"{code} [autodoc#5]",
        "`autodoc_preserve_defaults`: If True, defaults are kept. [autodoc#25]",
    ]
    assert raw_markup(d.text) == ()


def test_prose_followed_by_a_table_or_list_starts_it_on_its_own_line() -> None:
    table = "| code | meaning |\n|---|---|\n| E309 | storage full |"
    d = _draft(("Errors are listed below.", ("errors#0",)), (table, ("errors#1",)), ("- one\n- two", ("list#0",)))
    assert d.text == f"Errors are listed below. [errors#0]\n\n{table} [errors#1]\n\n- one\n- two [list#0]"


def test_an_empty_draft_has_no_text() -> None:
    assert Draft().text == ""
