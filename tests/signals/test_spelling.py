"""Misspelt words of a question, read as the passages retrieved for it spell them."""

from __future__ import annotations

import pytest

from answerable.signals.spelling import english_words, one_typo, read_as

PASSAGES = [
    "Delete your account: open Profile > Account > Delete account. Deleting an account is permanent.",
    "Give the service account the BigQuery Data Editor permissions. Webhooks retry for 24 hours.",
    "Exports were sent.",
]


@pytest.mark.parametrize(
    ("a", "b", "expected"),
    [
        ("delet", "delete", True),  # a letter added
        ("acount", "account", True),
        ("accuont", "account", True),  # two letters swapped
        ("accoumt", "account", True),  # one changed
        ("account", "account", False),  # the same word is no edit
        ("acont", "account", False),  # two edits
        ("ab", "ba", True),
        ("abc", "bca", False),
    ],
)
def test_one_typo(a: str, b: str, expected: bool) -> None:
    assert one_typo(a, b) is expected
    assert one_typo(b, a) is expected


def test_misspelt_words_are_read_as_the_passages_spell_them() -> None:
    assert read_as("how do i delet my acount", PASSAGES) == "how do i delete my account"
    assert read_as("Delet my acount?", PASSAGES) == "Delet my account?"  # a capitalised word may be a name
    assert read_as("What permisions does it need?", PASSAGES) == "What permissions does it need?"


def test_names_english_words_short_words_and_plurals_are_left_as_written() -> None:
    for question in (
        "Who founded the Acount dynasty?",  # capitalised mid-sentence: a name, for the named-terms check
        "Why am I unable to log in?",  # an English word one edit from another ("enable") stays
        "How do I reed it?",  # under five letters
        "Do webhook retries stop?",  # "webhook" is the passages' "webhooks" without the plural s
        "Is the ACOUNT locked?",  # written in capitals
        "Why weren't the exports sent?",  # a contraction is one word ("weren" is one edit from "were")
    ):
        assert read_as(question, PASSAGES) == question
    # Inflections of English words are words; a passage's accented spelling is the same word; a final
    # "d" added or dropped is an inflection, not a typo (all found changing SQuAD questions).
    texts = ["The Swiss watch.", "Colonize the land.", "A Lagerstätte in Wales.", "They besieged Bari."]
    for question in (
        "What sometimes swims in the Rhine?",
        "Europe first colonized the Americas?",
        "What was found in the lagerstatte?",
        "Who did the Normans besiege?",
    ):
        assert read_as(question, texts) == question
    assert read_as("Can I delet it?", []) == "Can I delet it?"  # nothing retrieved, nothing to read it as


def test_the_word_the_passages_use_most_is_taken() -> None:
    texts = ["The export runs nightly; every export is zipped.", "The expert said so."]
    assert read_as("how do I run an exprt", texts) == "how do I run an export"
    assert read_as("how do I run an xport", texts) == "how do I run an xport"  # the first letter is kept
    assert {"account", "overlay", "septicemia"} <= english_words() and "delet" not in english_words()


@pytest.mark.parametrize(
    ("question", "read"),
    [
        ("can my 7 yr old join the chess club", "can my 7 year old join the chess club"),
        ("does the reset code come by text msg", "does the reset code come by text message"),
        ("how long does the link last b4 it expires", "how long does the link last before it expires"),
        ("can u extend my acct trial pls", "can you extend my account trial please"),
    ],
)
def test_chat_shorthand_is_read_as_the_words_the_pages_write(question: str, read: str) -> None:
    pages = ["Children aged 7 and over may join.", "Codes are sent by message and expire after an hour."]
    assert read_as(question, pages, frozenset()) == read


@pytest.mark.parametrize(
    ("question", "pages"),
    [
        ("can I print on b4 paper", ["The printer takes A4 and B4 paper."]),  # the pages' own word
        ("who approves HR requests", ["Requests go to HR."]),  # a capitalised word is a name
        ("what is a 2-yr plan", ["Plans run for a year."]),  # part of a longer word
    ],
)
def test_a_shorthand_the_pages_write_or_part_of_another_word_stays(question: str, pages: list[str]) -> None:
    assert read_as(question, pages, frozenset()) == question
