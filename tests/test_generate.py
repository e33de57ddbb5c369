"""The extractive generator: which sentences of the supporting passage an answer quotes."""

from __future__ import annotations

from collections.abc import Sequence

from answerable.generate import ExtractiveGenerator, refers_back
from answerable.types import Claim, Passage

CLAIM = Claim("c1", "How long is an invitation valid?")


def favour(word: str):  # type: ignore[no-untyped-def]
    """Scores the sentences that contain `word` highest."""

    def score(query: str, texts: Sequence[str]) -> list[float]:
        return [0.9 if word in t else 0.1 for t in texts]

    return score


def quoted(text: str, word: str) -> list[str]:
    draft = ExtractiveGenerator(favour(word)).generate(CLAIM.text, [(CLAIM, [Passage("p#1", "p", text)])])
    return [s.text for s in draft.sentences]


def test_a_sentence_that_refers_back_is_quoted_with_the_sentence_before_it() -> None:
    text = "Owners send invitations from Settings. It expires after 7 days. Resend it from the same page."
    assert quoted(text, "7 days") == ["Owners send invitations from Settings.", "It expires after 7 days."]


def test_the_antecedent_does_not_displace_a_neighbour_that_completes_the_answer() -> None:
    def score(query: str, texts: Sequence[str]) -> list[float]:  # the pair with "resent" answers best
        return [0.99 if "7 days" in t and "resent" in t else 0.9 if "7 days" in t else 0.1 for t in texts]

    text = "Owners send invitations. It expires after 7 days. Then it can be resent. Admins see it."
    draft = ExtractiveGenerator(score).generate(CLAIM.text, [(CLAIM, [Passage("p#1", "p", text)])])
    got = [s.text for s in draft.sentences]
    assert got == ["Owners send invitations.", "It expires after 7 days.", "Then it can be resent."]


def test_a_self_contained_sentence_is_quoted_alone() -> None:
    text = "Owners send invitations from Settings. Invitations expire after 7 days. Resend them later."
    assert quoted(text, "7 days") == ["Invitations expire after 7 days."]


def test_a_first_sentence_has_nothing_before_it() -> None:
    text = "It expires after 7 days. Owners send invitations from Settings."
    assert quoted(text, "7 days") == ["It expires after 7 days."]


def test_what_counts_as_referring_back() -> None:
    assert refers_back("As a result, exports slowed.") and refers_back('"They are kept for 25 months."')
    assert not refers_back("There are three plans.") and not refers_back("Thistles grow.")
    assert not refers_back("Items expire after 30 days.")


def test_each_sentence_names_the_claim_it_answers() -> None:
    """The gate judges each part of a question by its own sentences (tests/test_kinds.py)."""
    claims = [Claim("c1", "How long is an invitation valid?"), Claim("c2", "Who can send one?")]
    passages = [Passage("p#1", "p", "Invitations expire after 7 days."), Passage("q#1", "q", "Admins invite people.")]
    draft = ExtractiveGenerator(favour("xx")).generate("", [(c, [p]) for c, p in zip(claims, passages, strict=True)])
    assert [(s.text, s.claim_id) for s in draft.sentences] == [
        ("Invitations expire after 7 days.", "c1"),
        ("Admins invite people.", "c2"),
    ]
