"""The values a sentence states: times of day and days of a year (none of these phrasings is from an evaluation
set)."""

from __future__ import annotations

import pytest

from answerable.core.types import disagree
from answerable.signals.values import (
    ValueKind,
    asked_kinds,
    canonical,
    cells_named,
    counted_noun,
    of_what_is_counted,
    says_what_is_named,
    stated_values,
    values_in,
)


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


@pytest.mark.parametrize(
    "question",
    [
        "How old does my puppy have to be for the first vaccination?",
        "What age can kids join the climbing club?",
        "Is there a minimum age for the pottery class?",
        "What is the longest my dog can stay in boarding?",
        "What's the shortest notice I can give to cancel?",
        "How much notice do you need for catering?",
        "How much time do I have to return a kayak?",
        "How many nights can I leave things in my locker?",
        "How many business days does a refund take?",
        "By when do I have to pay my invoice?",
    ],
)
def test_an_age_an_extreme_of_a_span_notice_and_a_deadline_ask_for_a_duration(question: str) -> None:
    assert asked_kinds(question)[0] is ValueKind.DURATION


@pytest.mark.parametrize(
    ("question", "sentence", "stated"),
    [
        ("How old must a kitten be for its first shots?", "Kittens get their first shots at 9 weeks.", ["9 weeks"]),
        ("What is the longest a tent can stay pitched?", "Tents may stay pitched for at most 5 nights.", ["5 nights"]),
        ("By when must the form be returned?", "Return the form within 10 working days.", ["10 working days"]),
    ],
)
def test_the_span_such_a_question_asks_is_read_from_the_sentence(
    question: str, sentence: str, stated: list[str]
) -> None:
    assert [v.text for v in stated_values(question, sentence)] == stated


@pytest.mark.parametrize(
    ("question", "kind"),
    [
        ("How many day passes do I get?", ValueKind.COUNT),
        ("How much is a day pass?", ValueKind.MONEY),
        ("What time does the gym open?", ValueKind.TIME),
        ("What is the maximum number of hours I can book?", ValueKind.COUNT),
    ],
)
def test_a_count_a_price_or_a_clock_time_is_not_read_as_a_span(question: str, kind: ValueKind) -> None:
    assert asked_kinds(question) == (kind,)


@pytest.mark.parametrize(
    ("sentence", "years"),
    [
        ("You must be at least 18.", 18),
        ("Riders must be 16 or older.", 16),
        ("Kids aged 12 and over ride free.", 12),
        ("Members 65+ pay half price.", 65),
        ("Children can join youth sessions from the age of 8.", 8),
    ],
)
def test_an_age_written_as_a_bare_number_of_years_is_read_for_a_question_asking_an_age(
    sentence: str, years: int
) -> None:
    (value,) = stated_values("How old do I have to be to join?", sentence)
    assert value.kind is ValueKind.DURATION and value.amount == 12 * years and value.unit == "month"
    # The same years as a span with its unit are the same age.
    assert value.same(values_in(f"{years} years")[0])


@pytest.mark.parametrize(
    ("question", "sentence"),
    [
        ("How many guests can I bring?", "You must be at least 18."),  # no age asked: no bare number read
        ("How old must a kitten be for its first shots?", "At 9 weeks, or at least 2 kg."),  # a span with its unit
        ("What age can kids join?", "Bikes hold up to 120 kg."),  # a number with another unit is no age
    ],
)
def test_a_bare_number_is_no_age_where_none_is_asked_or_a_unit_says_otherwise(question: str, sentence: str) -> None:
    assert [v.text for v in stated_values(question, sentence) if v.unit == "month" and "week" not in v.text] == []


@pytest.mark.parametrize(
    ("question", "first"),
    [
        ("What discount do students get?", ValueKind.PERCENT),
        ("Is there a discount for charities?", ValueKind.PERCENT),
        ("What are customer service hours?", ValueKind.TIME),
        ("When are the front desk hours on Sunday?", ValueKind.TIME),
    ],
)
def test_a_discount_asks_a_share_or_an_amount_and_hours_ask_times_of_day(question: str, first: ValueKind) -> None:
    kinds = asked_kinds(question)
    assert kinds[0] is first
    if first is ValueKind.PERCENT:
        assert ValueKind.MONEY in kinds  # "$5 off" answers it too


@pytest.mark.parametrize("question", ["What is the longest identifier name?", "Which river is the longest?"])
def test_the_longest_thing_is_no_span(question: str) -> None:
    assert ValueKind.DURATION not in asked_kinds(question)


@pytest.mark.parametrize(
    ("sentence", "times"),
    [("You can renew twice if nobody is waiting.", 2), ("Each code works once.", 1), ("Renew up to 3 times.", 3)],
)
def test_once_and_twice_count_times_as_figures_do(sentence: str, times: int) -> None:
    (value,) = stated_values("How many times can I renew a loan?", sentence)
    assert value.kind is ValueKind.COUNT and value.amount == times and value.unit == "time"


def test_once_a_day_is_a_frequency_not_a_count_of_times() -> None:
    assert [v for v in values_in("Backups run once a day.") if v.unit == "time"] == []


@pytest.mark.parametrize(
    ("question", "a", "b", "differ"),
    [
        # A rate per the very thing asked about is its value.
        (
            "What is the maximum late fee for a tool?",
            "Late fees stop at $25 per tool.",
            "The most a late tool costs is $20.",
            True,
        ),
        ("How much is the deposit on a kayak?", "The deposit is $50 per kayak.", "Kayaks need a $50 deposit.", False),
        # A rate the question asks for stays a rate.
        ("How much does parking cost per day?", "Parking is $5 per day.", "Parking is $5.", None),
    ],
)
def test_a_rate_per_the_thing_asked_about_is_its_value(question: str, a: str, b: str, differ: bool | None) -> None:
    x, y = stated_values(question, a), stated_values(question, b)
    if differ is None:
        assert not any(p.comparable(q) for p in x for q in y)
    else:
        assert disagree(x, y) is differ


@pytest.mark.parametrize(
    ("question", "table", "other", "differ"),
    [
        (
            "How many day passes come with the Flex plan?",
            "| Plan | Price | Day passes |\n|---|---|---|\n| Flex | $99 | 8 per month |",
            "The Flex plan includes 10 day passes per month.",
            True,
        ),
        (
            "How many seats does the big room have?",
            "| Room | Seats |\n|---|---|\n| Big room | 12 |",
            "The big room seats twelve people and has 12 seats.",
            False,
        ),
        (
            "How many lessons are in the beginner course?",
            "| Course | Weeks | Lessons |\n| --- | --- | --- |\n| Beginner | 6 | 10 |",
            "The beginner course has 12 lessons.",
            True,
        ),
    ],
)
def test_a_table_cells_bare_figure_counts_what_its_header_names(
    question: str, table: str, other: str, differ: bool
) -> None:
    assert disagree(stated_values(question, table), stated_values(question, other)) is differ


def test_a_cell_with_its_own_unit_or_words_keeps_them() -> None:
    table = "| Plan | Price | Storage | Support |\n|---|---|---|---|\n| Pro | $20 | 50 GB | email |"
    assert cells_named(table) == table
    assert cells_named("No table here: 8 per month.") == "No table here: 8 per month."


@pytest.mark.parametrize(
    ("question", "a", "b", "differ"),
    [
        ("How many day passes do members get?", "Members get 10 day passes.", "Members get 8 day passes.", True),
        ("How many day passes do members get?", "Members get 10 day passes.", "You get ten day passes a month.", False),
        ("How many night stays are included?", "Two night stays are included.", "It includes 3 night stays.", True),
    ],
)
def test_a_thing_counted_by_a_name_that_opens_with_a_unit_of_time_is_counted(
    question: str, a: str, b: str, differ: bool
) -> None:
    x, y = stated_values(question, a), stated_values(question, b)
    assert all(v.kind == ValueKind.COUNT for v in (*x, *y))
    assert disagree(x, y) is differ


def test_a_span_before_a_noun_stays_a_span_where_no_such_thing_is_counted() -> None:
    (value,) = stated_values("How long is the free trial?", "Start a 30 day trial today.")
    assert value.kind == ValueKind.DURATION


@pytest.mark.parametrize(
    ("text", "said"),
    [
        ("Replacement cards are free.", "are free"),
        ("You can download the reader for free.", "for free"),
        ("Gift wrapping is done free of charge.", "free of charge"),
        ("We fit the bike rack at no extra cost.", "at no extra cost"),
        ("There is no charge for the first visit.", "no charge"),
        ("A library card costs nothing.", "costs nothing"),
        ("Children under five ride free.", "ride free"),
        ("Guide dogs travel on every service free with their owner.", "travel on every service free"),
        ("Members park free on weekends and after 6 pm.", "park free"),
        ("| Museum | Card holders get in free |", "get in free"),
    ],
)
def test_a_price_of_nothing_is_a_price(text: str, said: str) -> None:
    (value,) = stated_values("How much does it cost?", text)
    assert value.kind == "money" and value.amount == 0 and value.text.lower() == said


def test_a_fee_and_riding_free_disagree_and_two_ways_of_riding_free_agree() -> None:
    question = "Do I have to pay anything extra to take my scooter on the tram?"
    fee = stated_values(question, "There's a $2 scooter fee for each trip, paid on board.")
    free = stated_values(question, "| Tram | Folded scooters ride free |")
    assert disagree(fee, free)
    assert not disagree(free, stated_values(question, "Folded scooters are carried at no extra cost."))


@pytest.mark.parametrize(
    "text",
    [
        "You are free to choose any router.",
        "The app is free of ads.",
        "Free transfers are included for 90 minutes.",
        "Feel free to call us.",
        "Passengers ride free transfer buses between the terminals.",
        "You can park in the free zone.",
        "Visit our free tools page.",
    ],
)
def test_free_in_another_sense_is_no_price(text: str) -> None:
    assert not [v for v in stated_values("How much does it cost?", text) if v.kind == "money"]


@pytest.mark.parametrize(
    ("question", "text", "said"),
    [
        ("How many classes can I book?", "Members can book unlimited classes.", "unlimited classes"),
        (
            "How many e-books can I borrow?",
            "You can borrow an unlimited number of e-books.",
            "unlimited number of e-books",
        ),
        (
            "How many guests can I bring?",
            "There is no limit on the number of guests.",
            "no limit on the number of guests",
        ),
    ],
)
def test_no_limit_is_a_count_of_the_thing_counted(question: str, text: str, said: str) -> None:
    (value,) = stated_values(question, text)
    assert value.kind == "count" and value.amount == float("inf") and value.text == said
    (limit,) = stated_values(question, text.replace(said, "3 " + said.split()[-1]))
    assert limit.unit == value.unit  # the same thing counted


def test_no_limit_differs_from_any_limit_at_any_rate_and_agrees_with_itself() -> None:
    unlimited = stated_values("How many classes can I book?", "Members can book unlimited classes.")
    assert disagree(unlimited, stated_values("How many classes can I book?", "Members can book 8 classes per month."))
    assert not disagree(
        unlimited, stated_values("How many classes can I book?", "Book an unlimited number of classes.")
    )
    assert not disagree(unlimited, stated_values("How many classes can I book?", "Book up to 3 rooms."))  # not classes


def test_the_core_types_name_the_kinds_and_units_as_the_value_reader_does() -> None:
    """`Quantity` compares prices of nothing, and months with days, by the names of the kinds and units the
    value reader gives, which it cannot import from `signals`."""
    from answerable.core.types import DURATION, MONEY, MONTHS, SECONDS, SIZE

    assert ValueKind.MONEY == MONEY and ValueKind.DURATION == DURATION and ValueKind.SIZE == SIZE
    (months,) = values_in("It lasts 2 months.")
    (days,) = values_in("It lasts 3 days.")
    assert months.unit == MONTHS and days.unit == SECONDS


@pytest.mark.parametrize(
    ("months", "days", "holds"),
    [
        (1, 28, True),  # February
        (1, 31, True),
        (1, 27, False),
        (1, 32, False),
        (2, 59, True),  # January and February of a common year
        (2, 58, False),
        (12, 364, True),  # 52 weeks
        (12, 366, True),  # a leap year
        (12, 360, False),
        (0.5, 15, True),
        (24, 730, True),
        (24, 700, False),
    ],
)
def test_a_span_of_months_holds_the_days_a_calendar_run_of_them_holds(months: float, days: float, holds: bool) -> None:
    from answerable.core.types import months_hold

    assert months_hold(months, days) is holds


@pytest.mark.parametrize(
    ("text", "said"),
    [
        ("Share links never expire.", "never expire"),
        ("Points are kept indefinitely.", "indefinitely"),
        ("Your recovery codes stay valid forever.", "forever"),
        ("Gift cards have no expiry date.", "no expiry date"),
        ("A voucher does not expire.", "does not expire"),
    ],
)
def test_a_span_without_end_is_a_length_of_time(text: str, said: str) -> None:
    (value,) = stated_values("How long does it last?", text)
    assert value.kind == "duration" and value.amount == float("inf") and value.text == said
    assert disagree([value], stated_values("How long does it last?", "It lasts 14 days."))
    assert disagree([value], stated_values("How long does it last?", "It lasts 3 years."))
    assert not disagree([value], stated_values("How long does it last?", "It never expires."))


def test_an_end_made_for_good_is_no_span() -> None:
    """ "Permanently deleted" ends a thing; it says for how long nothing lasts."""
    assert stated_values("How long are files kept?", "After 30 days, files are permanently deleted.")[0].text == (
        "30 days"
    )
    assert len(stated_values("How long are files kept?", "After 30 days, files are permanently deleted.")) == 1


@pytest.mark.parametrize(
    ("text", "seconds"),
    [
        ("Visits last a quarter of an hour.", 900),
        ("Visits last three quarters of an hour.", 2700),
        ("Visits last half an hour.", 1800),
        ("Visits last a quarter of a day.", 21600),
    ],
)
def test_a_fraction_of_a_unit_of_time_is_that_share_of_it(text: str, seconds: float) -> None:
    (value,) = stated_values("How long does a visit last?", text)
    assert value.kind == "duration" and value.amount == seconds


@pytest.mark.parametrize(
    ("question", "first", "second", "differ"),
    [
        # months against days and weeks, by the calendar
        ("How long is the trial?", "The trial runs for 30 days.", "The trial lasts one month.", False),
        ("How long is the trial?", "The trial runs for 4 weeks.", "The trial lasts a month.", False),
        ("How long is the trial?", "The trial runs for 3 weeks.", "The trial lasts a month.", True),
        ("How long are logs kept?", "Logs are kept for a year.", "Logs are kept for 52 weeks.", False),
        ("How long are logs kept?", "Logs are kept for a year.", "Logs are kept for 180 days.", True),
        ("How long are logs kept?", "Logs are kept for 18 months.", "Logs are kept for 1.5 years.", False),
        # half price is half off
        ("What discount do seniors get?", "Seniors pay half price.", "Seniors get 50% off.", False),
        ("What discount do seniors get?", "Half-price tickets for seniors.", "Seniors get 40% off.", True),
        ("What discount do children get?", "Children ride half off.", "Children get 50 percent off.", False),
        # a size in steps of 1,024 is the size in steps of 1,000
        ("How much storage does a plan include?", "It includes 1 TB.", "It includes 1024 GB.", False),
        ("How much storage does a plan include?", "It includes 2 GB.", "It includes 2,048 MB.", False),
        ("How much storage does a plan include?", "It includes 2 GB.", "It includes 2,000 MB.", False),
        ("How much storage does a plan include?", "It includes 1 TB.", "It includes 1,048,576 MB.", False),
        ("How much storage does a plan include?", "It includes 2 GB.", "It includes 3 GB.", True),
        ("How much storage does a plan include?", "It includes 1 GB.", "It includes 1024 GB.", True),
    ],
)
def test_one_value_in_other_units_agrees_and_another_value_differs(
    question: str, first: str, second: str, differ: bool
) -> None:
    assert disagree(stated_values(question, first), stated_values(question, second)) is differ


# Names (none of these phrasings is from an evaluation set).


@pytest.mark.parametrize(
    ("question", "sentence", "names"),
    [
        ("Which plan comes with phone support?", "Phone support is part of the Premium plan.", ["Premium"]),
        ("Which tiers include the API?", "Pro and Team tiers include the API.", ["Pro", "Team"]),
        ("What format do invoices come in?", "Invoices are sent as PDF attachments.", ["PDF"]),
        (
            "What kind of hashing is used for passwords?",
            "Passwords are hashed with bcrypt-12 and a salt.",
            ["bcrypt-12"],
        ),
        (
            "Where are my photos backed up?",
            "Photos are backed up to our data centre in Oslo, Norway.",
            ["Oslo", "Norway"],
        ),
        ("Which European Union regions can I pick?", "The European Union region is in Paris.", ["Paris"]),
    ],
)
def test_a_question_asking_which_one_is_answered_by_the_names_a_sentence_states(
    question: str, sentence: str, names: list[str]
) -> None:
    assert asked_kinds(question) == (ValueKind.NAME,)
    assert [v.text for v in stated_values(question, sentence)] == names


@pytest.mark.parametrize(
    ("question", "sentence"),
    [
        ("Which plan comes with phone support?", "Admins can request phone support for any workspace."),
        ("Which plan comes with phone support?", "Phone support answers within an hour on Monday."),
        ("What format do invoices come in?", "Invoices list every seat you paid for."),
        ("What format do invoices come in?", "`invoice_format`: The layout, `pdf` by default."),
        ("Which flag skips the cache?", "Pass `--no-cache` to build from scratch."),
    ],
)
def test_a_word_that_opens_a_clause_code_a_day_or_a_word_of_the_question_is_no_name(
    question: str, sentence: str
) -> None:
    assert stated_values(question, sentence) == ()


@pytest.mark.parametrize(
    "question",
    [
        "What time does the pool open?",
        "Which day is the office closed?",
        "What version of iOS is needed?",
        "Which Node.js version does the CLI need?",
        "Which port number does the agent listen on?",
        "Which TCP port does the mail relay listen on?",
        "What port does the dashboard serve on?",
        "What is a seat?",
        "Which of the two is faster?",
    ],
)
def test_a_figure_or_a_definition_asked_is_no_name_asked(question: str) -> None:
    assert ValueKind.NAME not in asked_kinds(question)


def test_names_disagree_only_when_the_two_sentences_share_none() -> None:
    q = "Which plan comes with phone support?"
    premium = stated_values(q, "Phone support is part of the Premium plan.")
    team = stated_values(q, "The Team plan includes phone support.")
    both = stated_values(q, "Premium and Team plans include phone support.")
    written_otherwise = stated_values(q, "Phone support comes with PREMIUM.")
    assert disagree(premium, team)
    assert not disagree(premium, both) and not disagree(team, both)
    assert not disagree(premium, written_otherwise)
    # A product's name before the plan's names the same plan.
    assert not disagree(premium, stated_values(q, "Phone support comes with Nimbus Premium."))
    assert disagree(team, stated_values(q, "Phone support comes with Nimbus Premium."))


@pytest.mark.parametrize(
    ("question", "sentence", "place", "says"),
    [
        ("Which hash algorithm signs the cookie?", "Needs Python 3.14 or later.", "Requirements", False),
        ("Which hash algorithm signs the cookie?", "Cookies are signed with SHA-256.", "Hashing", True),
        ("Which plan comes with phone support?", "Phone support is part of Premium.", "Plans", True),
        ("Which plan comes with phone support?", "Phone support is part of Premium.", "Support", False),
        ("Where are my photos kept?", "Photos stay in Oslo.", "", True),  # a place needs no noun
    ],
)
def test_names_count_only_from_a_sentence_about_the_kind_of_thing_asked(
    question: str, sentence: str, place: str, says: bool
) -> None:
    assert says_what_is_named(question, sentence, place) is says


def test_where_is_answered_by_names_said_as_places() -> None:
    q = "Where are my photos backed up?"
    assert [v.text for v in stated_values(q, "Photos are copied by Nightly Sync to a data centre in Oslo.")] == ["Oslo"]
    assert stated_values(q, "Open Settings to see them.") == ()


def test_a_word_of_the_headings_above_is_a_name_where_it_opens_the_sentence() -> None:
    q = "Which plan comes with phone support?"
    assert stated_values(q, "Premium adds phone support.") == ()
    assert [v.text for v in stated_values(q, "Premium adds phone support.", frozenset({"premium"}))] == ["Premium"]


@pytest.mark.parametrize(
    ("question", "noun"),
    [
        ("How many Studio seats come with the team plan?", "seats"),
        ("How many free guest passes do members get?", "passes"),
        ("How many children can one adult bring?", "children"),
        ("What is the largest number of webhooks a project can register?", "webhooks"),
        ("What time does it open?", None),
    ],
)
def test_what_a_question_counts_is_the_head_of_its_noun_phrase(question: str, noun: str | None) -> None:
    assert counted_noun(question, numbered=True) == noun


def test_pages_compare_only_counts_of_what_the_question_counts() -> None:
    """Two pages that count other things ("one way", "two ways") do not disagree on the number asked; two
    that count the thing asked do, however many words stand between the count and the noun."""
    q = "What is the maximum number of webhooks a project can register?"
    ways = [of_what_is_counted(q, s, stated_values(q, s)) for s in ("One way is a filter.", "There are two ways.")]
    assert ways == [(), ()] and not disagree(*ways)
    counts = [
        of_what_is_counted(q, s, stated_values(q, s))
        for s in ("A project can register up to 20 active outgoing webhooks.", "The limit is 50 webhooks.")
    ]
    assert all(counts) and disagree(*counts)
    # what a sentence states is still read whole: the filter is for comparing pages
    assert stated_values("How many people does a pass admit?", "A pass admits 2 adults.")
