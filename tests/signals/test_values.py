"""The values a sentence states: times of day and days of a year (none of these phrasings is from an evaluation
set)."""

from __future__ import annotations

import pytest

from answerable.core.types import disagree
from answerable.signals.values import canonical, stated_values, values_in


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("The shop opens at 9 am.", ["time 09:00"]),
        ("Lines are open from 8.30 a.m. to 6 p.m.", ["time 08:30", "time 18:00"]),
        ("Check-in closes at 21:15.", ["time 21:15"]),
        ("Orders placed before noon ship today; the site goes offline at midnight.", ["time 12:00", "time 00:00"]),
        ("Doors open at 7PM sharp.", ["time 19:00"]),
    ],
)
def test_a_time_of_day_is_read_in_minutes_after_midnight(text: str, expected: list[str]) -> None:
    assert [canonical(v) for v in values_in(text)] == expected


def test_a_time_keeps_the_sentence_end_out_of_its_words() -> None:
    (found,) = values_in("The office closes at 5 pm.")
    assert found.text == "5 pm"


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Tax returns are due on April 30.", ["date --04-30"]),
        ("The fair is held on 2 September every year.", ["date --09-02"]),
        ("Renewals open on the 1st of November.", ["date --11-01"]),
        ("Our AGM was on 12 May 2025.", ["date 2025-05-12"]),  # with its year: a day of that year
        ("You may 3 times renew a loan.", ["count 3 time"]),  # "may" is no month in lower case
    ],
)
def test_a_day_of_a_month_is_a_date_with_or_without_its_year(text: str, expected: list[str]) -> None:
    assert [canonical(v) for v in values_in(text)] == expected


def test_different_days_and_times_disagree_and_the_same_ones_agree() -> None:
    q = "When is the open day?"
    assert disagree(stated_values(q, "The open day is on June 3."), stated_values(q, "Open day: 10 June."))
    assert not disagree(stated_values(q, "The open day is on June 3."), stated_values(q, "It is on 3 June."))
    t = "What time does the café open?"
    assert disagree(stated_values(t, "The café opens at 8 am."), stated_values(t, "The café opens at 8:30."))
    assert not disagree(stated_values(t, "The café opens at 8 am."), stated_values(t, "Opening time is 08:00."))
    # A date with its year and one without are not compared: "June 3" may be the 3 June 2026 a page names.
    assert not disagree(stated_values(q, "It is on June 3."), stated_values(q, "It is on 4 June 2026."))


@pytest.mark.parametrize(
    ("question", "sentence", "expected"),
    [
        ("When does the swimming pool close on Fridays?", "On Fridays the pool closes at 9 pm.", "time 21:00"),
        ("When is the enrolment deadline?", "Enrolment closes on August 15.", "date --08-15"),
        ("How late can I return a rental car?", "Cars must be back by 11:00.", "time 11:00"),
        ("How late can I return a rental car?", "Cars may be returned up to 2 hours late.", "duration 7200 s"),
    ],
)
def test_when_and_how_late_ask_for_a_day_a_span_or_a_time(question: str, sentence: str, expected: str) -> None:
    assert [canonical(v) for v in stated_values(question, sentence)] == [expected]


@pytest.mark.parametrize(
    ("text", "seconds"),
    [
        ("an hour and a half", 5400),
        ("one and a half hours", 5400),
        ("2 and a half days", 216000),
        ("half an hour", 1800),
        ("3 hours and a half", 12600),
    ],
)
def test_a_half_counts_in_a_duration(text: str, seconds: int) -> None:
    (value,) = values_in(text)
    assert value.amount == seconds and value.unit == "s"


def test_the_same_span_with_a_half_in_words_agrees_and_another_disagrees() -> None:
    ninety = tuple(values_in("Transfers are free for 90 minutes."))
    assert not disagree(ninety, tuple(values_in("You can change for an hour and a half.")))
    assert disagree(ninety, tuple(values_in("You can change for an hour.")))


@pytest.mark.parametrize(
    ("text", "per"),
    [
        ("The smallest top-up is $5 and a card holds $300.", None),  # "and" is no "a(n) d"
        ("Parking is $4 a day.", "day"),
        ("Lockers cost $2.50 an hour.", "hour"),
        ("Storage is $3/month.", "month"),
        ("Each seat is $9 per month.", "month"),
    ],
)
def test_a_rate_is_read_only_after_a_whole_word(text: str, per: str | None) -> None:
    assert values_in(text)[0].per == per


@pytest.mark.parametrize(
    "question", ["What's the most money I can have on my card?", "What balance can a card hold at most?"]
)
def test_money_or_a_balance_asks_for_a_price(question: str) -> None:
    assert stated_values(question, "A card can hold at most $300.")[0].amount == 300
