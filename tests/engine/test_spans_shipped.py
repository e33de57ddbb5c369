"""Spans of time in value conflicts, end to end with the shipped models: a cloud-storage help center and a
server's settings reference (written for this test, used by no evaluation set). A month against days and a
span without end against a span are conflicts; the same span in months and in days is not; a page is a side
only where it speaks of what the answer speaks of: an answer that names its subject by a pronoun ("keep them
for 7 years") is read with the sentence that names it, a page that never names it must be confirmed as an
answer by the second model, and a setting's value is contradicted only by a page that names the setting."""

from __future__ import annotations

from datetime import date

import pytest

from answerable.engine.engine import Engine
from tests.engine.helpcenter import says, shipped_help_center, the_answer, the_conflict

NOW = date(2026, 11, 1)

PAGES = {
    "audit-log": (
        "Audit log",
        "The audit log records every sign-in and every change to sharing.\n\n## Retention\n\nBusiness workspaces "
        "keep audit events for 1 year. Enterprise workspaces keep them for 7 years.",
    ),
    "version-history": (
        "Version history",
        "Every file keeps its earlier versions, so you can go back to any of them.\n\n## How long versions are "
        "kept\n\nBusiness workspaces keep versions for 180 days. Enterprise workspaces keep them for 2 years.",
    ),
    "backups": (
        "Backups",
        "We back up every workspace every night.\n\n## Retention\n\nBackups are kept for 2 years and then erased.",
    ),
    "accounts": ("Your account", "Your files are kept forever while you have a paid plan."),
    "exports": (
        "Exporting your data",
        "An Owner can export the whole workspace as a ZIP file.\n\n## Download window\n\nAn export is available "
        "to download for 1 month.",
    ),
    "export-faq": (
        "Export questions",
        "## When is my export deleted?\n\nExport files are deleted 7 days after they are ready.",
    ),
    "trial": ("Free trial", "The trial runs for 30 days and includes every feature."),
    "plans": (
        "Plans",
        "Every plan starts with a trial. The trial lasts one month, and you can pick a plan at any time.",
    ),
    "sharing": (
        "Sharing",
        "Share a file with a link.\n\n## Link expiry\n\nShare links never expire unless you turn them off.",
    ),
    "security": (
        "Security settings",
        "Admins can set rules for sharing.\n\n## Link lifetime\n\nShare links expire after 14 days.",
    ),
    "settings": (
        "Server settings",
        "## Locks\n\n`deadlock_wait` (integer)\n:   How long a session waits on a lock before it checks for a "
        "deadlock. The default is 2 seconds.\n\n`max_locks` (integer)\n:   The most locks one session may hold. "
        "The default is 64.",
    ),
    "locking": (
        "Locking",
        "Sessions take locks on the rows they change.\n\n## Waiting for a lock\n\nA session that asks for a lock "
        "that another session holds waits indefinitely, until that session ends.",
    ),
}


@pytest.fixture(scope="module")
def storage(tmp_path_factory: pytest.TempPathFactory) -> Engine:
    return shipped_help_center(tmp_path_factory.mktemp("storage"), "keepsafe", PAGES)


@pytest.mark.parametrize(
    ("question", "values"),
    [
        ("How long can I download an export?", {"1 month", "7 days"}),
        ("How long do share links last?", {"never expire", "14 days"}),
    ],
)
def test_a_month_against_days_and_no_end_against_a_span_are_conflicts(
    storage: Engine, question: str, values: set[str]
) -> None:
    note = the_conflict(storage.ask(question, as_of=NOW))
    assert set(note.values) == values


@pytest.mark.parametrize(
    ("question", "said"),
    [
        ("How long is the free trial?", ("30 days", "one month")),  # the same span: either page may be quoted
        ("How long are audit events kept on the Enterprise plan?", "7 years"),  # "them": audit events
        ("How long does an Enterprise workspace keep file versions?", "2 years"),  # "them": versions
        ("How long are backups kept?", "2 years"),  # files kept "forever" are no backups
        ("How long does a session wait on a lock before it checks for a deadlock?", "2 seconds"),
    ],
)
def test_a_span_only_pages_about_the_thing_asked_contradict_is_answered(
    storage: Engine, question: str, said: str | tuple[str, ...]
) -> None:
    answer = the_answer(storage.ask(question, as_of=NOW))
    assert says(answer, said)
