"""Two pages that answer the same part with different values disagree; the same value in other words does not;
a precedence rule decides, and the decision says which rule chose which page. None of these phrasings is
from an evaluation set."""

from __future__ import annotations

from dataclasses import replace
from datetime import date

import pytest

from answerable import Claim, Label, ReasonCode, Status, decide
from answerable.core.assess import assess
from answerable.interfaces.render import render_decision
from answerable.signals.annotate import annotate_values
from tests.conftest import NOW, draft, evidence, passage, verdict

S = Label.SUPPORTED


def two_pages(question: str, first: str, second: str, **meta: object) -> tuple:  # type: ignore[type-arg]
    claim = Claim("c1", question)
    a = passage("travel-policy#1", 0.95, text=first, effective_date=date(2026, 1, 1))
    b = passage("expenses-faq#1", 0.94, text=second, effective_date=meta.get("b_date", date(2026, 1, 1)))
    if meta.get("owners"):
        a, b = replace(a, owner="finance"), replace(b, owner="helpdesk")
    ev = evidence((a, b), (verdict("c1", a.id, S, 0.93), verdict("c1", b.id, S, 0.92)), (claim,))
    ev = annotate_values(ev, {("c1", a.id): first, ("c1", b.id): second})
    return ev, a, b


@pytest.mark.parametrize(
    ("question", "first", "second", "values"),
    [
        (
            "How much are hotel nights reimbursed in Chicago?",
            "Hotel nights in Chicago are reimbursed up to $240 per night.",
            "Hotel nights in Chicago are reimbursed up to 210 dollars per night.",
            ("$240 per night", "210 dollars per night"),
        ),
        (
            "How long does a parking permit stay valid?",
            "A parking permit stays valid for 6 months.",
            "A parking permit stays valid for one year.",
            ("6 months", "one year"),
        ),
        (
            "How many guests can a member bring to the gym?",
            "Members can bring up to 3 guests to the gym.",
            "Members can bring up to two guests to the gym.",
            ("3 guests", "two guests"),
        ),
    ],
)
def test_two_current_pages_that_state_different_values_are_a_conflict(
    policy, question: str, first: str, second: str, values: tuple[str, str]
) -> None:  # type: ignore[no-untyped-def]
    ev, a, b = two_pages(question, first, second)
    d = decide(ev, policy.profile("strict"), NOW)
    assert d.status is Status.ABSTAIN and d.reason_codes[0] is ReasonCode.CONFLICTING_EVIDENCE
    (note,) = d.conflicts
    assert note.values == values and note.resolved_by is None and set(note.passage_ids) == {a.id, b.id}
    from answerable.core.gate import causes

    why = causes(ev, d, policy.profile("strict"), NOW)["conflicting_evidence"]
    assert values[0] in why and values[1] in why and '"travel-policy"' in why and '"expenses-faq"' in why


@pytest.mark.parametrize(
    ("question", "first", "second"),
    [
        (
            "How long can I keep a borrowed laptop?",
            "Laptops are lent for two weeks.",
            "You may keep a laptop for 14 days.",
        ),
        (
            "How much is the late fee for a bike?",
            "The late fee for a bike is $5 a day.",
            "Bikes returned late cost 5 dollars per day.",
        ),
        (
            "How many sessions does the course have?",
            "The course has twelve sessions.",
            "There are 12 sessions in the course.",
        ),
    ],
)
def test_the_same_value_in_other_words_is_no_conflict(policy, question: str, first: str, second: str) -> None:  # type: ignore[no-untyped-def]
    ev, a, _ = two_pages(question, first, second)
    a_ = assess(ev, policy.profile("strict"), NOW)
    assert a_.conflicts == () and a_.claims[0].passage_ids[0] == a.id


def test_a_later_effective_date_decides_and_the_decision_says_so(policy) -> None:  # type: ignore[no-untyped-def]
    ev, _, b = two_pages(
        "How much are hotel nights reimbursed in Chicago?",
        "Hotel nights in Chicago are reimbursed up to $240 per night.",
        "Hotel nights in Chicago are reimbursed up to $260 per night.",
        b_date=date(2026, 7, 1),
    )
    a_ = assess(ev, policy.profile("strict"), NOW)
    (conflict,) = a_.conflicts
    assert conflict.resolved_by == "effective_date" and conflict.winner == "refute"
    assert a_.claims[0].passage_ids == (b.id,)  # the answer rests on the newer page
    ev = replace(ev, draft=draft(("Hotel nights in Chicago are reimbursed up to $260 per night.", (b.id,), 1.0)))
    d = decide(ev, policy.profile("strict"), NOW)
    assert d.status is Status.ANSWER and d.citations[0].passage_id == b.id
    (note,) = d.conflicts
    assert (
        note.resolved_by == "effective_date"
        and note.chosen == (b.id,)
        and note.values == ("$240 per night", "$260 per night")
    )
    assert "by effective date, the answer rests on expenses-faq#1" in render_decision(d)


def test_a_superseded_page_is_stale_not_a_side(policy) -> None:  # type: ignore[no-untyped-def]
    ev, a, b = two_pages(
        "How many guests can a member bring to the gym?",
        "Members can bring up to 3 guests to the gym.",
        "Members can bring up to two guests to the gym.",
    )
    newer = replace(b, supersedes=(a.document_id,))
    ev = replace(ev, passages=(a, newer))
    a_ = assess(ev, policy.profile("strict"), NOW)
    assert a_.conflicts == () and a_.claims[0].passage_ids == (b.id,) and a.id in a_.stale_passage_ids


def test_two_sections_of_one_page_are_one_source(policy) -> None:  # type: ignore[no-untyped-def]
    claim = Claim("c1", "How long is a study room booking?")
    one = passage("rooms#1", 0.9, text="Individual study rooms are booked for 2 hours.")
    two = passage("rooms#2", 0.88, text="Group rooms are booked for 3 hours.")
    ev = evidence((one, two), (verdict("c1", one.id, S, 0.9), verdict("c1", two.id, S, 0.85)), (claim,))
    ev = annotate_values(ev, {("c1", one.id): one.text, ("c1", two.id): two.text})
    assert assess(ev, policy.profile("strict"), NOW).conflicts == ()
