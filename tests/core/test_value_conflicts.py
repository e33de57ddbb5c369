"""Two pages that answer the same part with different values disagree; the same value in other words does not;
a precedence rule decides, and the decision says which rule chose which page. None of these phrasings is
from an evaluation set."""

from __future__ import annotations

from dataclasses import replace
from datetime import date

import pytest

from answerable import Claim, Label, ReasonCode, Status, TrustTier, decide
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
        (  # a price of nothing against a price, whatever its rate
            "How much does a visitor parking permit cost?",
            "Visitor parking permits are free of charge.",
            "A visitor parking permit costs $4 per day.",
            ("free of charge", "$4 per day"),
        ),
        (
            "What does the museum audio guide cost?",
            "The audio guide comes free with every ticket.",
            "The audio guide costs 3 euros.",
            ("comes free", "3 euros"),
        ),
        (  # no limit against a limit
            "How many renewals can I make on a library e-book?",
            "There is no limit on renewals of library e-books.",
            "Library e-books allow 3 renewals.",
            ("no limit on renewals", "3 renewals"),
        ),
        (  # months against days, by the calendar
            "How long can I download a finished export?",
            "A finished export can be downloaded for 1 month.",
            "A finished export can be downloaded for 7 days.",
            ("1 month", "7 days"),
        ),
        (
            "How long is a gift card valid?",
            "Gift cards are valid for one year.",
            "Gift cards are valid for 90 days.",
            ("one year", "90 days"),
        ),
        (  # a span without end against a span
            "How long do shared links last?",
            "Shared links never expire.",
            "Shared links expire after 14 days.",
            ("never expire", "14 days"),
        ),
        (
            "How long are loyalty points kept?",
            "Loyalty points are kept indefinitely.",
            "Loyalty points are kept for 2 years.",
            ("indefinitely", "2 years"),
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
        (
            "How much does a visitor parking permit cost?",
            "Visitor parking permits are free.",
            "We issue visitor parking permits at no charge.",
        ),
        (
            "What does the museum audio guide cost?",
            "The audio guide comes free with every ticket.",
            "Audio guides cost nothing for ticket holders.",
        ),
        (  # a month is the days a calendar month holds
            "How long is the free trial?",
            "The trial runs for 30 days.",
            "The trial lasts one month.",
        ),
        (
            "How long is a gift card valid?",
            "Gift cards are valid for one year.",
            "Gift cards are valid for 365 days.",
        ),
        (
            "How long does a parking permit stay valid?",
            "A parking permit stays valid for 6 months.",
            "A parking permit stays valid for 26 weeks.",
        ),
        (
            "How long do shared links last?",
            "Shared links never expire.",
            "Shared links are valid forever.",
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


def _three_pages(question: str, texts: tuple[str, str, str]) -> tuple:  # type: ignore[type-arg]
    claim = Claim("c1", question)
    pages = [
        passage(f"{doc}#1", score, text=text, effective_date=date(2026, 1, 1))
        for doc, score, text in zip(("setup", "shells", "macos"), (0.95, 0.9, 0.88), texts, strict=True)
    ]
    verdicts = tuple(verdict("c1", p.id, S, s) for p, s in zip(pages, (0.94, 0.9, 0.88), strict=True))
    ev = evidence(tuple(pages), verdicts, (claim,))
    return annotate_values(ev, {("c1", p.id): p.text for p in pages}), pages


def test_names_weaker_pages_state_are_no_conflict_where_the_strongest_answers_in_code(policy) -> None:  # type: ignore[no-untyped-def]
    question = "Which shell does the installer start by default?"
    ev, pages = _three_pages(
        question,
        (
            "By default the installer starts `bash`, unless told otherwise.",
            "Another shell, such as the Fish shell, can be set in your profile.",
            "On macOS the Zsh shell is the login shell.",
        ),
    )
    a_ = assess(ev, policy.profile("strict"), NOW)
    assert a_.conflicts == () and a_.claims[0].passage_ids[0] == pages[0].id
    # The counterpart: the strongest page names its shell, and another page names a different one.
    ev, pages = _three_pages(
        question,
        (
            "By default the installer starts the Zsh shell.",
            "The installer starts the Fish shell by default.",
            "Scripts run under the Zsh shell.",
        ),
    )
    (conflict,) = assess(ev, policy.profile("strict"), NOW).conflicts
    assert conflict.values == ("Zsh", "Fish")


def _superseded_pair(question: str, old_text: str, new_text: str, new_heading: tuple[str, ...] = ("Limits",)) -> tuple:  # type: ignore[type-arg]
    """An older page that answers clearly (0.9) and the page that supersedes it, whose restated section the
    models score under the bar (0.45): the newer wording is further from the question."""
    claim = Claim("c1", question)
    old = passage("guide-2025#2", 0.9, text=old_text, heading_path=("Guide", "Limits"), superseded_by=("guide",))
    new = passage("guide#2", 0.45, text=new_text, heading_path=("Guide", *new_heading), supersedes=("guide-2025",))
    ev = evidence(
        (old, new), (verdict("c1", old.id, S, 0.9), verdict("c1", new.id, Label.INSUFFICIENT, 0.55)), (claim,)
    )
    ev = annotate_values(ev, {("c1", old.id): old_text, ("c1", new.id): new_text})
    return ev, old, new


@pytest.mark.parametrize(
    ("question", "old_text", "new_text", "values"),
    [
        (
            "How far back can I restore a deleted folder?",
            "Deleted folders can be restored for 30 days.",
            "You can bring back a deleted folder within 90 days of deleting it.",
            ("90 days", "30 days"),
        ),
        (
            "How much does an extra seat cost per month?",
            "Each extra seat costs $8 per month.",
            "Seats beyond your plan's allowance are billed at $10 per month each.",
            ("$10 per month", "$8 per month"),
        ),
        (
            "How long does a guest pass last?",
            "A guest pass lasts 2 hours.",
            "Guest passes are valid for two hours on the day they are issued.",
            None,
        ),
    ],
)
def test_the_section_that_restates_a_superseded_answer_answers_with_the_current_value(
    policy, question: str, old_text: str, new_text: str, values: tuple[str, str] | None
) -> None:  # type: ignore[no-untyped-def]
    """The older page answered; the page that replaces it restates the same section with the current value.
    The answer rests on the newer page alone, as strongly as the section it replaces answered, and when the
    value changed the decision says the rule that chose it."""
    ev, old, new = _superseded_pair(question, old_text, new_text)
    a_ = assess(ev, policy.profile("strict"), NOW)
    (claim,) = a_.claims
    assert claim.passage_ids == (new.id,) and old.id in a_.stale_passage_ids
    assert a_.retrieval_score == pytest.approx(0.9)
    if values is None:
        assert a_.conflicts == ()
    else:
        (note,) = a_.conflicts
        assert note.resolved_by == "supersedes" and note.values == values and note.supporting == (new.id,)
    d = decide(replace(ev, draft=draft((new_text, (new.id,), 0.95))), policy.profile("strict"), NOW)
    assert d.status is Status.ANSWER and [c.passage_id for c in d.citations] == [new.id]


def test_a_newer_page_that_no_longer_states_it_restates_nothing(policy) -> None:  # type: ignore[no-untyped-def]
    """Under another heading, or stating no value of the kind asked, the newer page is no restatement: the
    only answer is stale, and the decision says so."""
    for new_text, heading in (
        ("Deleted folders can be restored from the trash by an admin.", ("Limits",)),  # no value
        ("Deleted folders can be restored for 90 days.", ("Pricing",)),  # another section
    ):
        ev, _, _ = _superseded_pair(
            "How far back can I restore a deleted folder?",
            "Deleted folders can be restored for 30 days.",
            new_text,
            heading,
        )
        d = decide(ev, policy.profile("strict"), NOW)
        assert d.status is Status.ABSTAIN and d.reason_codes[0] is ReasonCode.EVIDENCE_STALE, new_text
    # A profile without the supersedes rule leaves the older answer stale too.
    ev, _, _ = _superseded_pair(
        "How far back can I restore a deleted folder?",
        "Deleted folders can be restored for 30 days.",
        "You can bring back a deleted folder within 90 days.",
    )
    strict = policy.profile("strict")
    d = decide(ev, replace(strict, conflict_precedence=("effective_date",)), NOW)
    assert d.status is Status.ABSTAIN


@pytest.mark.parametrize(
    ("question", "old_text", "new_text", "code"),
    [
        ("How much does a guest pass cost?", "A guest pass costs $12.", "Guest passes are sold at reception.", "stale"),
        ("How long is the cooling-off period?", "You have 14 days to cancel.", "You can cancel in the app.", "stale"),
        (
            "How much does a guest pass cost?",
            "A guest pass costs $12.",
            "Guest passes are sold at reception.",
            "policy",
        ),
    ],
)
def test_a_value_only_evidence_set_aside_states_is_the_reason_named_first(
    policy, question: str, old_text: str, new_text: str, code: str
) -> None:  # type: ignore[no-untyped-def]
    """The current page answers on the topic without the figure asked; only a superseded page (or one of a
    source this profile may not rest on) states it. The reason is that one, before the missing figure."""
    from answerable.signals.annotate import annotate_draft

    claim = Claim("c1", question)
    if code == "stale":
        old = passage("passes-2025#1", 0.97, text=old_text, heading_path=("Passes",), superseded_by=("passes",))
        expected = ReasonCode.EVIDENCE_STALE
    else:
        old = passage("forum-passes#1", 0.97, text=old_text, heading_path=("Passes",), trust=TrustTier.COMMUNITY)
        expected = ReasonCode.SOURCE_NOT_ALLOWED
    new = passage("passes#1", 0.95, text=new_text, heading_path=("Passes",), supersedes=("passes-2025",))
    ev = evidence((old, new), (verdict("c1", old.id, S, 0.97), verdict("c1", new.id, S, 0.95)), (claim,))
    ev = annotate_values(ev, {("c1", old.id): old_text, ("c1", new.id): new_text})
    ev = annotate_draft(replace(ev, draft=draft((new_text, (new.id,), 1.0))))
    d = decide(ev, policy.profile("strict"), NOW)
    assert d.status is Status.ABSTAIN and d.reason_codes[0] is expected, d.reason_codes
    assert ReasonCode.NO_ANSWER_BEARING_EVIDENCE in d.reason_codes
    # The current page stating the figure itself: it answers.
    ev = annotate_values(
        evidence((old, new), ev.verdicts, (claim,)), {("c1", old.id): old_text, ("c1", new.id): old_text}
    )
    ev = annotate_draft(replace(ev, draft=draft((old_text, (new.id,), 1.0))))
    assert decide(ev, policy.profile("strict"), NOW).status is Status.ANSWER
