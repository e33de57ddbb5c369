"""A page names its subject once, in its opening sentence, and its later sections use the name alone. With
the shipped models, through the whole engine: a question that asks about the subject by what the opening
calls it ("the night shuttle", "the annual pass") is answered from the section that states the figure. The
pages were written for this test (a small city-services help center) and are used by no evaluation set."""

from __future__ import annotations

from dataclasses import replace
from datetime import date

import pytest

from answerable.core.types import Passage, Status
from answerable.engine.engine import Engine
from answerable.signals.quoting import as_ranked, lead_needed
from tests.engine.helpcenter import shipped_help_center

NOW = date(2026, 11, 1)

PAGES = {
    "kestrel": (
        "Kestrel",
        "Kestrel is our night shuttle between the airport and the old town.\n\n"
        "## Timetable\n\nThe first Kestrel leaves at 11 pm and the last at 4 am.\n\n"
        "## Journey time\n\nA Kestrel trip takes 40 minutes from end to end.\n\n"
        "## Luggage\n\nEach rider may bring two suitcases.",
    ),
    "lumo": (
        "Lumo",
        "Lumo is the museum's annual membership pass.\n\n"
        "## Buying a Lumo\n\nA Lumo costs $60 and is valid for twelve months from the day you buy it.\n\n"
        "## Guests\n\nA Lumo holder may bring one guest on weekdays.",
    ),
    "pedalo": (
        "Pedalo",
        "Pedalo is the city's electric bike share scheme.\n\n"
        "## Unlocking\n\nScan the QR code on the handlebar to unlock a Pedalo.\n\n"
        "## Prices\n\nEach Pedalo ride costs 25 cents a minute, plus $1 to unlock.",
    ),
    "parking": (
        "Parking permits",
        "Residents can apply for a parking permit online.\n\n"
        "## Cost\n\nA resident permit costs $90 a year.\n\n## Visitors\n\nVisitor permits last 24 hours.",
    ),
    "library": (
        "Library cards",
        "Anyone who lives in the city can get a library card.\n\n"
        "## Borrowing\n\nBooks are lent for three weeks.\n\n## Fees\n\nA replacement card costs $2.",
    ),
}


@pytest.fixture(scope="module")
def city(tmp_path_factory: pytest.TempPathFactory) -> Engine:
    return shipped_help_center(tmp_path_factory.mktemp("city"), "city", PAGES)


@pytest.mark.parametrize(
    ("question", "said"),
    [
        ("How long does the night shuttle take from the airport?", "40 minutes"),
        ("How much is the museum's annual membership pass?", "$60"),
        ("How much is a ride on the electric bike share, per minute?", "25 cents a minute"),
    ],
)
def test_a_question_naming_the_subject_as_the_opening_does_is_answered_from_a_later_section(
    city: Engine, question: str, said: str
) -> None:
    d = city.ask(question, as_of=NOW)
    assert d.status is Status.ANSWER, d
    assert said in (d.answer or "")
    assert d.decision.citations[0].passage_id.split("#")[0] in {"kestrel", "lumo", "pedalo"}


def test_the_opening_does_not_make_a_page_answer_what_it_never_states(city: Engine) -> None:
    """The shuttle's opening makes its sections read as being about the shuttle; none of them states a price."""
    d = city.ask("How much does a ticket for the night shuttle cost?", as_of=NOW)
    assert d.status is Status.ABSTAIN, d


def _section(text: str, heading: str, lead: str) -> Passage:
    return Passage("p#1", "p", text, title="Kestrel", heading_path=("Kestrel", heading), lead=lead)


@pytest.mark.parametrize(
    ("claim", "needed"),
    [
        ("How long does the night shuttle take?", True),  # "night", "shuttle" only in the opening
        ("Can I take luggage on the airport bus?", True),  # "airport" only in the opening
        # The claim names the subject itself: the section is read as it is.
        ("How long is a Kestrel trip from the airport?", False),
        ("When does the last bus leave?", False),  # the opening shares no word asked that the section lacks
    ],
)
def test_the_opening_is_read_only_when_it_names_what_the_section_does_not(claim: str, needed: bool) -> None:
    lead = "Kestrel is our night shuttle between the airport and the old town."
    p = _section("A trip takes 40 minutes from end to end.", "Journey time", lead)
    assert lead_needed(lead, claim, f"{p.title} Journey time. {p.text}", p.title) is needed
    assert as_ranked(p, claim).startswith(lead) is needed
    assert not as_ranked(replace(p, lead=""), claim).startswith(lead)  # a passage given without its page


def test_an_opening_that_does_not_name_the_page_is_not_read() -> None:
    """An opening that is no definition of the page's subject ("Welcome! Here is what you need to know
    about your trip to the airport.") lends its words to no section."""
    lead = "Welcome! Here is what you need to know about your trip to the airport."
    assert not lead_needed(
        lead, "How long is the trip to the airport?", "Kestrel Journey time. It takes 40 minutes.", "Kestrel"
    )
