"""A question uses an acronym that a page defines, and the section that answers writes only its long form.
With the shipped models, through the whole engine: the section is read with the acronym after its long form,
from definitions in pages the asker may read and no other. The pages were written for this test and are
used by no evaluation set."""

from __future__ import annotations

from datetime import date

import pytest

from answerable.core.types import Principal, Status
from answerable.engine.engine import Engine
from tests.engine.helpcenter import shipped_help_center

NOW = date(2026, 11, 1)
LIMITS = (
    "## Limits\n\nEach workspace can define up to 25 custom roles under role-based access control, and each "
    "member holds one of them.\n\n"
    "## Creating a role\n\nOpen Admin > Roles and choose New role. Name it and tick the permissions it grants."
)
OTHER = {
    "billing": ("Billing", "Invoices are sent on the first day of the month.\n\n## Cards\n\nWe accept Visa."),
    "audit": ("Audit trail", "The audit trail lists every sign-in.\n\n## Retention\n\nEntries are kept for 400 days."),
}


@pytest.fixture(scope="module")
def defined(tmp_path_factory: pytest.TempPathFactory) -> Engine:
    opening = "Role-based access control (RBAC) lets workspace admins decide who may view, edit or share each folder."
    pages = {"roles": ("Custom roles", f"{opening}\n\n{LIMITS}"), **OTHER}
    return shipped_help_center(tmp_path_factory.mktemp("defined"), "defined", pages)


@pytest.fixture(scope="module")
def defined_for_staff(tmp_path_factory: pytest.TempPathFactory) -> Engine:
    """The public page never defines the acronym; a staff-only page does."""
    pages = {
        "roles": ("Custom roles", f"Admins decide who may view, edit or share each folder.\n\n{LIMITS}"),
        "staff-glossary": ("Staff glossary", "Role-based access control (RBAC) is how customers set permissions."),
        **OTHER,
    }
    return shipped_help_center(
        tmp_path_factory.mktemp("staff"), "staff", pages, extra_meta={"staff-glossary": "acl: [staff]"}
    )


@pytest.mark.parametrize(
    "question",
    [
        "How many custom roles can a workspace have with RBAC?",
        "What's the maximum number of RBAC roles per workspace?",
    ],
)
def test_a_section_that_writes_the_long_form_answers_a_question_that_uses_the_acronym(
    defined: Engine, question: str
) -> None:
    d = defined.ask(question, as_of=NOW)
    assert d.status is Status.ANSWER, d
    assert "25 custom roles" in (d.answer or "")
    assert d.evidence.passages[0].acronyms == (("RBAC", "Role-based access control"),)


def test_an_acronym_the_question_does_not_use_changes_nothing(defined: Engine) -> None:
    d = defined.ask("How long are audit trail entries kept?", as_of=NOW)
    assert all(p.acronyms == () for p in d.evidence.passages)


def test_a_definition_the_asker_may_not_read_is_never_used(defined_for_staff: Engine) -> None:
    question = "What's the maximum number of RBAC roles per workspace?"
    public = defined_for_staff.ask(question, as_of=NOW)
    assert all(p.acronyms == () for p in public.evidence.passages)
    assert all(not p.document_id.startswith("staff") for p in public.evidence.passages)
    staff = defined_for_staff.ask(question, Principal(groups=frozenset({"staff"})), as_of=NOW)
    assert any(p.acronyms for p in staff.evidence.passages)
