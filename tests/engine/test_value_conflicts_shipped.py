"""Value conflicts end to end with the shipped models: a small help center (a swimming club, written for this
test and used by no evaluation set) where pairs of current official pages state different figures for the same
thing, in different words and kinds (a count, a time of day, a span ahead, a span before, a share, a day of
the year), beside pages that state the same figure in other words, and figures only one page states."""

from __future__ import annotations

from datetime import date

import pytest

from answerable.core.types import ReasonCode, Result, Status
from answerable.engine.engine import Engine
from tests.engine.helpcenter import shipped_help_center, the_answer, the_conflict

NOW = date(2026, 11, 1)

PAGES = {
    "membership-faq": (
        "Membership FAQ",
        "## Guests\n\nEach member may bring up to 4 guests per month. Guests must sign a waiver at the front desk.\n\n"
        "## Opening hours\n\nThe pool opens at 6 am on weekdays and at 8 am on weekends.\n\n"
        "## Freezing a membership\n\nYou can freeze your membership for up to 3 months a year. A frozen membership "
        "costs $5 per month.",
    ),
    "front-desk": (
        "Front desk guide",
        "## Bringing guests\n\nMembers can bring a maximum of two guests each month. Every guest shows photo ID.\n\n"
        "## Lockers\n\nDay lockers are free. A permanent locker costs $12 a month.\n\n"
        "## Pool hours\n\nOn weekdays the pool opens at 6:30 am and closes at 10 pm.",
    ),
    "classes": (
        "Classes and booking",
        "## Booking a class\n\nYou can book a class up to 7 days in advance in the app. Cancel at least 2 hours "
        "before the class starts, or the class counts as attended.\n\n## Late cancellations\n\nA late "
        "cancellation costs $8.",
    ),
    "class-rules": (
        "Class rules",
        "## Reserving a spot\n\nClasses open for booking two weeks ahead. Arrive ten minutes early.\n\n"
        "## Cancelling\n\nCancellations made less than three hours before the start are charged as no-shows.",
    ),
    "discounts": (
        "Discounts",
        "## Students\n\nStudents get a 15% discount on any membership with a valid student card.\n\n"
        "## Seniors\n\nMembers aged 65 and over pay half price.",
    ),
    "pricing": (
        "Prices",
        "## Membership prices\n\nA standard membership is $45 per month. The student discount is 20 percent.\n\n"
        "## Towels\n\nTowel hire is 2 dollars.",
    ),
    "towels": (
        "Towels and equipment",
        "## Towel hire\n\nRenting a towel costs $2.\n\n## Equipment\n\nKickboards are free.",
    ),
    "events": (
        "Events",
        "## Annual swim meet\n\nThe annual swim meet takes place on March 14. Registration closes a week before.\n\n"
        "## Members' meeting\n\nThe members' meeting is held every year in October.",
    ),
    "calendar": (
        "Club calendar",
        "## Swim meet\n\nThis year's swim meet is on 21 March. Spectators are welcome.\n\n"
        "## Holiday closures\n\nThe club is closed on 25 December.",
    ),
    "parking": (
        "Parking",
        "## Parking time\n\nMembers can park for free for up to 3 hours. After that, parking costs $3 per hour.\n\n"
        "## Bikes\n\nBike racks are next to the main entrance.",
    ),
    "arrival": ("Getting here", "## Car park\n\nParking is free for members for 180 minutes."),
    "lost-and-found": (
        "Lost and found",
        "## At the pool\n\nItems found in the pool area stay at the lifeguard office for 1 day before they go to "
        "the front desk.\n\n## How long we keep items\n\nWe keep found items for 30 days from the day they're "
        "handed in.",
    ),
    "help": ("Help", "## Lost property\n\nLost property is kept for 14 days, then donated."),
    "member-card": (
        "Member card",
        "## Your card\n\nA new member card costs $4. A member card can hold at most $200 of credit.",
    ),
    "card-faq": ("Member card FAQ", "## Topping up\n\nA member card holds a balance of up to $150."),
    "lanes": ("Lane bookings", "## Booking a lane\n\nA lane booking lasts 90 minutes. Book lanes in the app."),
    "lane-rules": ("Lane rules", "## Length\n\nEach lane booking is for an hour and a half."),
    "sauna": ("Sauna", "## Opening times\n\nThe sauna is open from 7 am until 9 pm."),
    "holidays": (
        "Holidays",
        "## Sauna on holidays\n\nThe sauna opens as usual on public holidays except New Year's Day, when it is closed.",
    ),
    "day-pass": (
        "Day passes",
        "## Buying a day pass\n\nDay passes are sold at the front desk and in the app. Children under 3 swim free.",
    ),
}
# The 2025 page the current day-pass page replaced: the only one that states a price.
OLD_DAY_PASS = (
    "---\ntitle: Day passes (2025)\nurl: https://help.club.example/old-day-pass\ntrust: official\n"
    "effective_date: 2025-03-01\n---\n# Day passes (2025)\n\n## Buying a day pass\n\nA day pass costs $9 and "
    "includes the sauna.\n"
)


@pytest.fixture(scope="module")
def club(tmp_path_factory: pytest.TempPathFactory) -> Engine:
    return shipped_help_center(
        tmp_path_factory.mktemp("club"),
        "club",
        PAGES,
        extra_meta={"day-pass": "supersedes: [old-day-pass]"},
        extra_files={"old-day-pass.md": OLD_DAY_PASS},
    )


def ask(engine: Engine, question: str) -> Result:
    return engine.ask(question, as_of=NOW)


@pytest.mark.parametrize(
    ("question", "values"),
    [
        ("How many guests can a member bring each month?", {"4 guests", "two guests"}),
        ("What time does the pool open on weekdays?", {"6 am", "6:30 am"}),
        ("How far in advance can I book a class?", {"7 days", "two weeks"}),
        ("How late can I cancel a class without being charged?", {"2 hours", "three hours"}),
        ("What percentage discount do students get?", {"15%", "20 percent"}),
        ("When is the annual swim meet?", {"March 14", "21 March"}),
        # "the most money" asks for a bound: the card page's "at most $200", not its "$4" for a new card
        ("What's the most money I can have on my member card?", {"$200", "$150"}),
    ],
)
def test_two_pages_stating_different_values_are_a_conflict_naming_both(
    club: Engine, question: str, values: set[str]
) -> None:
    note = the_conflict(ask(club, question))
    assert set(note.values) == values and note.resolved_by is None


@pytest.mark.parametrize(
    ("question", "said"),
    [
        ("How much does towel hire cost?", ("2 dollars", "$2")),  # the same price in other words
        ("How long can members park for free?", ("3 hours", "180 minutes")),  # the same span in other units
        ("How much is a permanent locker?", ("$12",)),  # one page states it
        ("How long can I freeze my membership?", ("3 months",)),
        # The booking page's "up to 7 days in advance" is how early one books, not how early one arrives.
        ("How early should I arrive for a class?", ("ten minutes",)),
        # Another page's "A frozen membership costs $5 per month." is the price of another kind of membership.
        ("How much does a standard membership cost per month?", ("$45 per month",)),
        ("How long does a lane booking last?", ("90 minutes", "an hour and a half")),  # the same span, with a half
    ],
)
def test_the_same_value_or_a_value_only_one_page_states_is_answered(
    club: Engine, question: str, said: tuple[str, ...]
) -> None:
    answer = the_answer(ask(club, question))
    assert any(s in answer for s in said)


def test_a_figure_only_the_superseded_page_states_is_refused_as_stale_naming_the_newer_page(club: Engine) -> None:
    """The current page on day passes says where they are sold, not what they cost; only the page it
    replaced states a price. The first reason is that the answering page is out of date, not a missing figure."""
    d = ask(club, "How much does a day pass cost?")
    assert d.status is Status.ABSTAIN and d.reason_codes[0] is ReasonCode.EVIDENCE_STALE, d.reason_codes
    assert "$9" not in (d.answer or "")
    assert 'superseded by "Day passes"' in str(d.record["why"]["evidence_stale"])


def test_a_page_whose_first_figure_is_of_another_thing_disagrees_by_its_next(club: Engine) -> None:
    """The lost-and-found page's first span is how long the lifeguard office holds finds ("1 day", on
    another thing); its next section's "30 days" is how long items are kept, and the help page says 14."""
    note = the_conflict(ask(club, "How long are lost items kept before they're donated?"))
    assert "14 days" in note.values


def test_a_page_contradicting_an_answer_that_states_no_value_asked_is_no_conflict(club: Engine) -> None:
    """A question for a time ("When does the sauna open?"): the holiday page's sentence states none, so the
    opening times page that reads as contradicting it disagrees with no answer to the question."""
    answer = the_answer(ask(club, "When does the sauna open, and when does it close?"))
    assert "7 am" in answer
