"""Value conflicts asked in wordings that name no unit, end to end with the shipped models: an age ("How old
..."), an extreme of a span ("What is the longest ..."), notice, a count of nights, a deadline asked "by
when", an age written as a bare number ("at least 18"), a discount, a count of times in words ("twice"), a fee
per the thing asked about ("$25 per tool"). Four help centers written for this test (a vet clinic, a coworking
space, a bike rental, a tool library) and used by no evaluation set; beside each conflict,
questions in the same wordings that one page answers alone or two pages answer alike."""

from __future__ import annotations

from collections.abc import Callable
from datetime import date

import pytest

from answerable.engine.engine import Engine
from tests.engine.helpcenter import says, shipped_help_center, the_answer, the_conflict

NOW = date(2026, 11, 1)

CLINIC = {
    "vaccinations": (
        "Vaccinations",
        "Puppies need their first vaccination at 8 weeks.\n\n## Boosters\n\nAdult dogs need a booster every 12 months.",
    ),
    "faq": (
        "Frequently asked questions",
        "## Can I stay with my pet during the exam?\n\nYes, one owner may stay in the room.\n\n"
        "## How old must a puppy be for its first shots?\n\nWe give the first vaccination at 6 weeks.",
    ),
    "boarding": (
        "Boarding",
        "Our boarding kennels take dogs and cats.\n\n- Maximum stay: 21 nights.\n- Drop-off: 8 am to 11 am.\n"
        "- Pick-up: 3 pm to 6 pm.\n\nPets must be vaccinated to board.",
    ),
    "boarding-policy": (
        "Boarding policy",
        "## Length of stay\n\nPets can board with us for at most 14 nights in a row. Longer stays need a manager's "
        "approval.\n\n## Food\n\nBring your pet's usual food.",
    ),
    "rabbits": ("Rabbits", "## Neutering\n\nRabbits can be neutered once they are 4 months old."),
}
COWORK = {
    "meeting-rooms": (
        "Meeting rooms",
        "DeskHub members can book meeting rooms in the app.\n\n## Booking ahead\n\nGive at least 48 hours' notice "
        "for rooms with catering.\n\n## Room sizes\n\nThe largest room seats 12 people.",
    ),
    "catering": ("Catering", "Order catering with your room booking. We need 3 days' notice for catering orders."),
    "membership-faq": (
        "Membership FAQ",
        "## How many nights can I keep my locker unattended?\n\nItems left over 7 nights are cleared.\n\n"
        "## How much notice do I need to give to cancel my membership?\n\nGive 30 days' notice by email.",
    ),
    "lockers": (
        "Lockers",
        "Lockers are free for members. Anything left in a locker for more than 14 nights is removed and kept at "
        "reception.",
    ),
    "invoices": ("Invoices", "Invoices are sent on the 1st of each month and must be paid within 14 days."),
    "billing-faq": (
        "Billing FAQ",
        "## When is my invoice due?\n\nPayment is due 30 days after the invoice date.\n\n## Which cards do you "
        "accept?\n\nVisa and Mastercard.",
    ),
}


RENTAL = {
    "passes": (
        "Passes and prices",
        "| Pass | Price |\n|---|---|\n| Day pass | $12 |\n| Month pass | $30 |\n\nA month pass renews "
        "automatically. Students get 25% off any pass.",
    ),
    "students": ("Student discount", "## How much do students save?\n\nStudents save 20% on day and month passes."),
    "terms": (
        "Terms of use",
        "## Who can rent\n\nRiders must be 16 or older to rent a bike.\n\n"
        "## Helmets\n\nHelmets are recommended but not required.",
    ),
    "faq": (
        "FAQ",
        "## How old do I have to be to rent a bike?\n\nYou must be at least 18.\n\n"
        "## Can I take a bike on the train?\n\nOnly folding bikes.",
    ),
    "trailers": (
        "Child trailers",
        "## Who can ride in a trailer\n\nChildren can ride in a trailer until they are 6 years old.",
    ),
    "trailer-faq": ("Trailer FAQ", "## Age limit for trailers\n\nTrailers are for children under 6."),
}


TOOLS = {
    "tools": (
        "Tool library",
        "Borrow tools with your Maplewood card.\n\n## Loan period\n\nTools are lent for one week. You can renew "
        "twice if nobody is waiting.",
    ),
    "tools-faq": ("Tool library FAQ", "## How long can I keep a tool?\n\nYou can keep a tool for 7 days."),
    "renewals": ("Renewals", "Tools can be renewed up to 3 times, as long as no one has placed a hold."),
    "fines": ("Late fees", "A late tool costs $1 a day, up to a maximum of $20."),
    "fines-faq": (
        "Fines FAQ",
        "## What is the most I can be fined for a late tool?\n\nLate fees stop at $25 per tool.",
    ),
    "pool": ("Pool", "## Opening\n\nThe pool opens at noon on Sundays."),
    "pool-faq": ("Pool FAQ", "## When does the pool open on Sunday?\n\nOn Sundays we open at 12 pm."),
}


SITES = {"clinic": CLINIC, "cowork": COWORK, "rental": RENTAL, "tools": TOOLS}


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Callable[[str], Engine]:
    """Each help center's engine by name, indexed once, when a test first asks for it."""
    built: dict[str, Engine] = {}

    def engine(name: str) -> Engine:
        if name not in built:
            built[name] = shipped_help_center(tmp_path_factory.mktemp(name), name, SITES[name])
        return built[name]

    return engine


@pytest.mark.parametrize(
    ("name", "question", "values"),
    [
        ("clinic", "How old does my puppy have to be for the first vaccination?", {"8 weeks", "6 weeks"}),
        ("clinic", "What is the longest my dog can stay in boarding?", {"21 nights", "14 nights"}),
        ("cowork", "How much notice do you need for catering?", {"3 days", "48 hours"}),
        (
            "cowork",
            "How many nights can I leave stuff in my locker before it gets cleared out?",
            {"7 nights", "14 nights"},
        ),
        ("cowork", "By when do I have to pay my invoice?", {"14 days", "30 days"}),
        ("rental", "How old do I need to be to rent a bike?", {"at least 18", "16 or older"}),
        ("rental", "What discount do students get?", {"25%", "20%"}),
        ("tools", "How many times can I renew a tool?", {"twice", "3 times"}),
        ("tools", "What is the maximum late fee for a tool?", {"$20", "$25 per tool"}),
    ],
)
def test_two_pages_giving_different_spans_are_a_conflict_naming_both(
    site: Callable[[str], Engine], name: str, question: str, values: set[str]
) -> None:
    note = the_conflict(site(name).ask(question, as_of=NOW))
    assert set(note.values) == values and note.resolved_by is None


@pytest.mark.parametrize(
    ("name", "question", "said"),
    [
        ("clinic", "How old does a rabbit have to be before it can be neutered?", "4 months"),
        ("clinic", "How often does an adult dog need a booster?", "12 months"),
        ("cowork", "How much notice do I have to give to cancel my membership?", "30 days"),
        # "until they are 6 years old" and "under 6" are the same age, in other words.
        ("rental", "Up to what age can a child ride in a trailer?", "6"),
        # "one week" and "7 days", "noon" and "12 pm": the same value in other words, either page quoted.
        ("tools", "How long can I borrow a tool for?", ("7 days", "one week")),
        ("tools", "What time does the pool open on Sundays?", ("noon", "12 pm")),
    ],
)
def test_a_span_only_one_page_states_is_answered(
    site: Callable[[str], Engine], name: str, question: str, said: str | tuple[str, ...]
) -> None:
    answer = the_answer(site(name).ask(question, as_of=NOW))
    assert says(answer, said)
