"""Conflicts over names, end to end with the shipped models (pages written for this test, used by no evaluation
set): two current official pages that name different plans, formats or places for one thing are a conflict,
whatever the support model reads; pages that name one thing, or only one page, answer."""

from __future__ import annotations

from datetime import date

import pytest

from answerable.engine.engine import Engine
from tests.engine.helpcenter import shipped_help_center, the_answer, the_conflict

NOW = date(2026, 11, 1)

PAGES = {
    "export": (
        "Exporting reports",
        "## File formats\n\nReports are exported as CSV files. Each export holds one report.",
    ),
    "export-faq": (
        "Reports FAQ",
        "## What format are exported reports in?\n\nExported reports are Excel files (XLSX).",
    ),
    "sso": ("Single sign-on", "## Availability\n\nSingle sign-on is available on the Enterprise plan."),
    "plans": (
        "Plans",
        "## What each plan includes\n\nThe Business plan includes single sign-on, audit logs and priority support.",
    ),
    "region": (
        "Data region",
        "## Default region\n\nNew workspaces are stored in Frankfurt unless you choose another region.",
    ),
    "region-faq": (
        "Data FAQ",
        "## Where is my data stored by default?\n\nBy default your data is stored in Dublin, Ireland.",
    ),
    "support": ("Contact support", "## Channels\n\nYou can reach support by live chat from the help menu."),
    "browser": ("Browsers", "## Supported browsers\n\nThe app runs in Chrome, Firefox and Safari."),
    "mobile": ("Mobile app", "## Devices\n\nThe mobile app runs on iOS 16 or later and on Android 12 or later."),
    "mobile-faq": (
        "Mobile FAQ",
        "## Which phones can run the app?\n\nAny iPhone or Android phone from the last five years.",
    ),
}


@pytest.fixture(scope="module")
def reports(tmp_path_factory: pytest.TempPathFactory) -> Engine:
    return shipped_help_center(tmp_path_factory.mktemp("names"), "reports", PAGES)


@pytest.mark.parametrize(
    ("question", "names"),
    [
        ("What format are exported reports in?", {"CSV", "Excel"}),
        ("Which plan includes single sign-on?", {"Business", "Enterprise"}),
        ("Where is my data stored by default?", {"Dublin", "Frankfurt"}),
    ],
)
def test_two_pages_naming_different_things_for_one_question_are_a_conflict(
    reports: Engine, question: str, names: set[str]
) -> None:
    note = the_conflict(reports.ask(question, as_of=NOW))
    assert set(note.values) == names


@pytest.mark.parametrize(
    ("question", "said"),
    [
        ("Which browsers are supported?", "Chrome"),
        ("How can I reach support?", "live chat"),
    ],
)
def test_a_name_no_other_page_contradicts_is_answered(reports: Engine, question: str, said: str) -> None:
    answer = the_answer(reports.ask(question, as_of=NOW))
    assert said in answer


# A product's pages that agree: each names the plans, platforms or ciphers its own way.
AGREEING = {
    "plans": (
        "Plans and pricing",
        "Nimbus has three plans: Starter, Team and Enterprise.\n\n## Starter\n\nStarter is free for up to 3 users. "
        "It includes shared folders and the mobile apps.\n\n## Team\n\nTeam costs $8 per user per month. It adds "
        "the Slack integration, version history and SSO.\n\n## Enterprise\n\nEnterprise adds SCIM, audit logs and "
        "a data region of your choice.",
    ),
    "slack": (
        "Slack integration",
        "## Who can use it\n\nThe Slack integration is part of the Team and Enterprise plans. An Admin connects it "
        "under Settings > Integrations.",
    ),
    "security": (
        "Security",
        "## Encryption\n\nFiles are encrypted at rest with AES-256 and in transit with TLS 1.3. Keys are managed "
        "in AWS KMS.",
    ),
    "mobile": (
        "Mobile apps",
        "## Platforms\n\nThe Nimbus app is available for iOS and Android. Download it from the App Store or Google "
        "Play.",
    ),
    "support": (
        "Getting help",
        "## Channels\n\nEnterprise customers get a named support manager. Everyone can email support or use the "
        "chat in the Nimbus app.",
    ),
}


@pytest.fixture(scope="module")
def nimbus(tmp_path_factory: pytest.TempPathFactory) -> Engine:
    return shipped_help_center(tmp_path_factory.mktemp("nimbus"), "nimbus", AGREEING)


@pytest.mark.parametrize(
    ("question", "said"),
    [
        # "It adds the Slack integration ..." names the plan its heading and the sentence before it name.
        ("Which plan includes the Slack integration?", "Team"),
        ("Which platforms is the mobile app available on?", "iOS"),
    ],
)
def test_pages_that_name_the_same_thing_in_their_own_ways_are_no_conflict(
    nimbus: Engine, question: str, said: str
) -> None:
    assert said in the_answer(nimbus.ask(question, as_of=NOW))
