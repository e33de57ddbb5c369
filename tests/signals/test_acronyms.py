"""Acronyms read as the pages define them (`signals.acronyms`). The phrasings were written for these tests
and appear in no evaluation set."""

from __future__ import annotations

import pytest

from answerable.signals.acronyms import asked, definitions, read_with


@pytest.mark.parametrize(
    ("text", "short", "long_form"),
    [
        ("Role-based access control (RBAC) lets admins decide who edits what.", "RBAC", "Role-based access control"),
        ("Every change is first written to the write-ahead log (WAL) on disk.", "WAL", "write-ahead log"),
        ("Turn on multi-factor authentication (MFA) for every admin.", "MFA", "multi-factor authentication"),
        ("Card payments use 3D Secure (3DS) where the bank asks for it.", "3DS", "3D Secure"),
        (
            "Pages are cached. The content delivery network (CDN) keeps copies near readers.",
            "CDN",
            "content delivery network",
        ),
        ("Tokens follow the JSON Web Token (JWT) standard.", "JWT", "JSON Web Token"),
        ("We sign a Data Processing Agreement (DPA) with each customer.", "DPA", "Data Processing Agreement"),
    ],
)
def test_a_definition_is_the_words_that_spell_the_acronym_in_brackets(text: str, short: str, long_form: str) -> None:
    assert definitions([text]) == {short: long_form}


@pytest.mark.parametrize(
    "text",
    [
        "Posted by a moderator (Member) on Tuesday.",  # a word in brackets, no acronym
        "The log shows each time in universal time (UTC).",  # the words before it do not spell it
        "This blocks Cross-Site Scripting (XSS) in comments.",  # no X in the words: no definition found
        "Prices are in dollars (USD).",
        "Open the file (see below).",
    ],
)
def test_brackets_that_define_nothing_are_no_definition(text: str) -> None:
    assert definitions([text]) == {}


def test_a_question_reads_only_the_acronyms_it_uses_and_does_not_spell_out() -> None:
    pages = [
        "Role-based access control (RBAC) lets admins decide who edits what.",
        "Single sign-on (SSO) is on the Enterprise plan.",
    ]
    assert asked("How many custom roles does RBAC allow?", pages) == (("RBAC", "Role-based access control"),)
    assert asked("How many custom roles does role-based access control (RBAC) allow?", pages) == ()
    assert asked("How many custom roles can I make?", pages) == ()
    # written in lower case, an acronym with a figure in it is still read as one; one of letters only is not
    # ("it", "us" are words)
    assert asked("does 3ds work with every card?", ["Card payments use 3D Secure (3DS)."]) == (("3DS", "3D Secure"),)
    assert asked("is rbac on every plan?", pages) == ()
    # an acronym in mixed case is one too
    idp = ["Sign-in goes through your identity provider (IdP)."]
    assert asked("Which IdP settings do I need?", idp) == (("IdP", "identity provider"),)


def test_text_that_writes_the_long_form_is_read_with_the_acronym_after_it() -> None:
    rbac = (("RBAC", "Role-based access control"),)
    assert read_with("Each workspace may define up to 25 custom roles with role-based access control.", rbac) == (
        "Each workspace may define up to 25 custom roles with role-based access control (RBAC)."
    )
    # text that already uses the acronym, or writes neither form, is read as it is
    assert read_with("RBAC roles are listed under Settings.", rbac) == "RBAC roles are listed under Settings."
    assert read_with("Invoices are sent monthly.", rbac) == "Invoices are sent monthly."
    assert read_with("Anything.", ()) == "Anything."
