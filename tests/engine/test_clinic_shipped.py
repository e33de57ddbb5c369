"""Value conflicts on a clinic's help pages, end to end with the shipped models (written for this test, used by
no evaluation set): "a quarter of an hour" is 15 minutes, not an hour; a weekday opening time on one page is
no side against a Saturday one on another; a weekday time that two pages give differently is a conflict."""

from __future__ import annotations

from datetime import date

import pytest

from answerable.engine.engine import Engine
from tests.engine.helpcenter import says, shipped_help_center, the_answer, the_conflict

NOW = date(2026, 11, 1)

PAGES = {
    "hours": (
        "Opening hours",
        "The clinic opens at 8 am on weekdays and closes at 6 pm. On Saturdays it opens at 9 am.",
    ),
    "contact": ("Contact us", "Call us on weekdays from 8:30 am to 6 pm. The clinic opens at 8:30 am."),
    "telehealth": (
        "Video visits",
        "A video visit lasts up to 15 minutes and costs the same as a clinic visit.",
    ),
    "telehealth-faq": (
        "Video visit FAQ",
        "## How long is a video visit?\n\nVideo visits last up to a quarter of an hour.",
    ),
    "vaccines": (
        "Vaccinations",
        "## Travel vaccines\n\nBook travel vaccines at least 6 weeks before you travel.",
    ),
}


@pytest.fixture(scope="module")
def clinic(tmp_path_factory: pytest.TempPathFactory) -> Engine:
    return shipped_help_center(tmp_path_factory.mktemp("clinic"), "northside", PAGES)


def test_two_pages_giving_one_weekday_different_opening_times_are_a_conflict(clinic: Engine) -> None:
    note = the_conflict(clinic.ask("What time does the clinic open on weekdays?", as_of=NOW))
    assert set(note.values) == {"8 am", "8:30 am"}


@pytest.mark.parametrize(
    ("question", "said"),
    [
        ("What time does the clinic open on Saturdays?", "9 am"),  # the other page speaks of weekdays
        # "a quarter of an hour" says the same: either page may be quoted.
        ("How long is a video visit?", ("15 minutes", "a quarter of an hour")),
    ],
)
def test_a_value_no_page_about_the_same_thing_contradicts_is_answered(
    clinic: Engine, question: str, said: str | tuple[str, ...]
) -> None:
    answer = the_answer(clinic.ask(question, as_of=NOW))
    assert says(answer, said)
