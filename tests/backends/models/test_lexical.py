from __future__ import annotations

import math

import pytest

from answerable.backends.models.text import best_window, bm25_scores, sentences
from answerable.backends.registry import load_reranker, load_verifier
from answerable.core.types import Claim, Passage

QUESTION = "How do I rotate an API key?"
MATCH = "To rotate an API key, open Settings > API, choose the key and click Rotate."
OTHER = "Invoices are sent on the first day of each month to the billing contact."


def test_bm25_against_a_hand_computed_value() -> None:
    # Two documents, query term "cat" in the first only: idf = ln(1 + (2 - 1 + .5) / (1 + .5)) = ln 2.
    s = bm25_scores("cat", ["cat sat", "dog ran"], k1=1.5, b=0.75)
    assert s[0] == pytest.approx(math.log(2) * 1 * 2.5 / (1 + 1.5))
    assert s[1] == 0.0


def test_best_window_keeps_the_sentences_about_the_query() -> None:
    text = " ".join([f"Filler sentence number {i} here." for i in range(30)] + [MATCH])
    w = best_window(QUESTION, text, 20)
    assert "rotate an API key" in w and len(w.split()) <= 20
    assert best_window(QUESTION, MATCH, 100) == MATCH


_ROWS = "\n".join(f"| Plan {i} | {i * 5} seats | billed monthly or yearly |" for i in range(8))


@pytest.mark.parametrize(
    "text",
    [
        # a table, a blank line, then the paragraph that answers
        f"| Plan | Seats | Notes |\n|---|---|---|\n{_ROWS}\n\nEvery workspace can rotate an API key once a day.",
        # read under its heading, the paragraph right after the last row
        f"Plans. | Plan | Seats | Notes |\n| --- | :---: | --- |\n{_ROWS}\nAll may rotate an API key daily.",
        # a table without its outer pipes' alignment row, indented
        f"  | Plan | Seats |\n{_ROWS}\n\n  Owners rotate an API key from Settings > API, once a day at most.",
    ],
)
def test_a_window_never_reads_a_table_and_the_paragraph_after_it_as_one_sentence(text: str) -> None:
    """A table's rows carry no full stop: the text after it is a unit of its own, so a window can read the
    answering sentence without the table before it."""
    answer = text.rsplit("|", 1)[1].strip()
    w = best_window(QUESTION, text, 30)
    assert w == answer


def test_what_comes_before_a_table_stays_with_it() -> None:
    """The heading a table is read under, and the sentence that introduces it, are one unit with it."""
    text = f"Plans. The seats of each plan:\n\n| Plan | Seats |\n{_ROWS}\n\nAnything else is billed yearly."
    assert sentences(text) == [
        "Plans.",
        f"The seats of each plan:\n\n| Plan | Seats |\n{_ROWS}",
        "Anything else is billed yearly.",
    ]


@pytest.mark.parametrize("kind", ["bm25", "cosine"])
def test_lexical_reranker_prefers_the_matching_passage(kind: str) -> None:
    r = load_reranker(f"lexical:{kind}")
    match, other = r.score(QUESTION, [MATCH, OTHER])
    assert 0.0 <= other < match <= 1.0


def test_lexical_verifier_returns_valid_probabilities() -> None:
    v = load_verifier("lexical:bm25")
    (p,) = v.verify_probs(Claim("c", "You rotate an API key from Settings > API."), [Passage("p", "d", MATCH)])
    assert p.supported + p.refuted + p.insufficient == pytest.approx(1.0)
