"""A price of nothing against a price, end to end with the shipped models: a gym's help center (written for this
test, used by no evaluation set) where one page says towels are free for members and another that towel
service costs $2 a visit, beside pages that say "at no extra cost" and "free of charge" for what no page
prices otherwise."""

from __future__ import annotations

from datetime import date

import pytest

from answerable.engine.engine import Engine
from tests.engine.helpcenter import shipped_help_center, the_answer, the_conflict

NOW = date(2026, 11, 1)

PAGES = {
    "membership": (
        "Membership",
        "A Pulse membership gives you every club and every class.\n\n## Towels\n\nTowels are free for members at "
        "every club.\n\n## Guest passes\n\nMembers can bring a guest for $10 per visit.",
    ),
    "clubs": (
        "Our clubs",
        "Every club has lockers and showers.\n\n## Towel service\n\nTowel service costs $2 per visit at every club.",
    ),
    "classes": (
        "Classes",
        "Book classes in the app up to 7 days ahead. Classes are included in every membership at no extra cost.",
    ),
    "faq": (
        "FAQ",
        "## Do I pay for classes?\n\nNo, classes are included in your membership.\n\n## Can I freeze my "
        "membership?\n\nYes, for up to 3 months a year.",
    ),
    "parking": ("Parking", "Parking at the city club is free of charge for the first 2 hours."),
}


@pytest.fixture(scope="module")
def gym(tmp_path_factory: pytest.TempPathFactory) -> Engine:
    return shipped_help_center(tmp_path_factory.mktemp("gym"), "pulse", PAGES)


def test_free_on_one_page_and_a_fee_on_another_are_a_conflict_naming_both(gym: Engine) -> None:
    note = the_conflict(gym.ask("How much does a towel cost?", as_of=NOW))
    assert set(note.values) == {"are free", "$2 per visit"}


@pytest.mark.parametrize(
    ("question", "said"),
    [
        ("How much is a guest pass?", "$10 per visit"),
        ("How much does parking cost at the city club?", "free of charge"),
    ],
)
def test_a_price_only_one_page_states_is_answered(gym: Engine, question: str, said: str) -> None:
    answer = the_answer(gym.ask(question, as_of=NOW))
    assert said in answer
