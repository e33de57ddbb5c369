"""Named terms of a question, and whether the evidence mentions them (pure, lexical)."""

from __future__ import annotations

import pytest

from answerable.signals.terms import (
    Mentions,
    named_terms,
    points_elsewhere,
    required_terms,
    states_otherwise,
    without_cross_references,
)


def texts(question: str) -> list[str]:
    return [t.text for t in named_terms(question)]


def test_names_numbers_and_acronyms_are_terms_but_a_sentence_start_is_not() -> None:
    assert texts("Janne Kyttanen has had work exhibited at which museum in Amsterdam?") == ["Kyttanen", "Amsterdam"]
    assert texts("VIVA Media AG changed its name in 2004. What does the new acronym stand for?") == [
        "VIVA",
        "Media",
        "AG",
        "2004",
    ]
    assert texts("Who gave their name to Normandy in the 1000's and 1100's") == ["Normandy", "1000's", "1100's"]
    assert texts("how do i rotate my api key?") == []


def test_hyphenated_words_and_title_case_questions() -> None:
    assert texts("What Lyric Street Records-affiliated band covered it?") == ["Lyric", "Street", "Records"]
    assert texts("Who was the Canadian-American actress?") == ["Canadian", "American"]
    # Title case capitalises function words too: only acronyms and numbers name anything then.
    assert texts("How Do I Rotate An API Key In Version 2?") == ["API", "2"]
    assert texts("What Is The Limit For I And OK?") == []
    assert texts("HOW DO I RESET MY PASSWORD ON THE IOS APP IN 2026?") == ["2026"]
    assert texts("Who founded Los Angeles Dodgers?") == ["Los", "Angeles", "Dodgers"]


def test_mentions_fold_case_accents_possessives_and_plurals() -> None:
    m = Mentions(["Möngke Khan's armies crossed the Alps in the 1230s.", "Keys"])
    for question in ("Where did Mongke attack?", "When did the KHAN move?", "Which Alp?", "In the 1230's?"):
        assert all(m.mentions(t) for t in named_terms(question)), question
    assert m.mentions(named_terms("the Key?")[0])


def test_a_typo_matches_a_long_word_but_not_a_short_one_or_a_number() -> None:
    m = Mentions(["He played for the Los Angeles Dodgers from 2007 in Kent."])
    assert m.mentions(named_terms("the Los Angeles Dogers?")[-1])  # one letter missing, 6 letters
    assert not m.mentions(named_terms("went to Kant?")[0])  # 4 letters: a different name
    assert not m.mentions(named_terms("from 2008?")[0])  # numbers match exactly


def test_numbers_match_as_written_with_separators_and_words() -> None:
    m = Mentions(["Exports hold 1,000 rows and keep two copies for 7.69 seconds."])
    assert all(m.mentions(t) for t in named_terms("More than 1000 rows, 2 copies, 7.69 seconds?"))
    assert m.unmatched(named_terms("After 7.7 seconds?")) == ("7.7",)


def test_a_whole_decimal_is_its_number_and_figures_joined_by_a_slash_are_one_term() -> None:
    """ "What credit do I get if uptime drops below 99%?" against a table row "| below 99.0% | ... |": the
    evidence mentions 99. "Does Lumen offer 24/7 phone support?" names "24/7", not "7"."""
    table = Mentions(["| below 99.0% | 25% of the monthly fee |", "Version 3.10 and SAML 2.0"])
    assert table.unmatched(named_terms("What if uptime drops below 99%? And SAML 2?")) == ()
    assert table.unmatched(named_terms("Is version 3.1 supported?")) == ("3.1",)  # 3.10 is not 3.1
    assert texts("Does Lumen offer 24/7 phone support, as on 2023/24?") == ["Lumen", "24/7", "2023/24"]
    assert Mentions(["We answer 24 hours a day, 7 days a week."]).unmatched(named_terms("Any 24/7 line?")) == ()
    assert Mentions(["Open 24/7."]).unmatched(named_terms("Open 24/7 and on 9/11?")) == ("9/11",)
    assert texts("Is the DELETE /v2/users/{id} call logged?") == ["DELETE", "v2"]  # a path is not one term


def test_acronyms_match_initials_of_consecutive_capitalised_words() -> None:
    m = Mentions(["After World War II the Single Sign-On page moved."])
    assert m.unmatched(named_terms("Who fought in WW-II?")) == ()
    assert m.unmatched(named_terms("Where is the SSO page?")) == ()
    assert m.unmatched(named_terms("Where is the SAML page?")) == ("SAML",)


def test_an_initial_does_not_end_the_sentence() -> None:
    assert texts("Kenneth L. Gile is the COO of an airline. Which airport?") == ["Gile", "COO"]


def test_a_pointer_to_another_page_mentions_nothing_it_says() -> None:
    page = (
        "When you delete a project, its events are deleted within 30 days. For workspaces, see Delete a\n"
        "workspace. To delete the data of one end user, see GDPR and data deletion."
    )
    said = without_cross_references(page)
    assert "deleted within 30 days" in said
    assert Mentions((said,)).unmatched(named_terms("How long does a GDPR deletion take?")) == ("GDPR",)
    assert without_cross_references("a 429 means you hit a rate limit (see Rate\nlimits).") == (
        "a 429 means you hit a rate limit ()."
    )
    # "see" in prose, or a sentence starting "See" your own settings, points nowhere.
    for prose in ("Fans came to see The Beatles.", "See your usage in Settings > Billing > Plan."):
        assert without_cross_references(prose) == prose


@pytest.mark.parametrize(
    "pointer",
    ["Read more about our release policy.", "Learn more in the plugins guide.", "Find out more about [caching](x.md)."],
)
def test_read_more_about_is_a_pointer_with_or_without_its_link(pointer: str) -> None:
    assert points_elsewhere(pointer)
    said = without_cross_references("Caching is on by default. " + pointer)
    assert said.startswith("Caching is on by default.") and not any(w in said for w in ("more", "guide", "policy"))
    for prose in ("You can read more than one file at a time.", "Users learn more quickly with examples."):
        assert not points_elsewhere(prose) and without_cross_references(prose) == prose


def test_another_page_disagrees_only_by_stating_another_value_of_the_kind() -> None:
    size = "What is the maximum size of a data export?"
    assert states_otherwise("An export is limited to 1 GB.", "Exports can be up to 5 GB.", size) is True
    assert states_otherwise("An export is limited to 1 GB.", "Exports are capped at 1 GB.", size) is False
    who = "Who can delete a workspace?"
    owner = "Only the workspace Owner can delete a workspace."
    assert states_otherwise(owner, "Owner: everything an Admin can do, plus deleting the workspace.", who) is False
    assert states_otherwise(owner, "Only an Admin can delete a workspace.", who) is True
    # A figure is no other name; a pointer's title states nothing.
    pointer = "Projects are deleted within 30 days. For workspaces, see Delete a workspace."
    assert states_otherwise(owner, pointer, who) is False
    # No name or figure to compare (a negation): the verifier's reading decides.
    assert states_otherwise("Monthly plans are not refunded.", "Monthly plans are refunded.", "Refunds?") is None


def test_a_list_items_opening_word_and_number_are_no_terms() -> None:
    """ "- Downgrades take effect ..." names nothing; "2." is layout. A name mid-item still is one."""
    terms = named_terms(
        "Changes:\n- Downgrades take effect later.\n2. Switching billing starts a new period with Stripe."
    )
    assert [t.text for t in terms] == ["Stripe"]


def test_a_pointer_to_a_setting_written_as_code_is_read_whole() -> None:
    """A reference page points to its other entries by name, written as code, dots and all: the sentence
    says nothing itself, while one that states something beside the pointer still does."""
    for pointer in (
        "See the `cache.maxEntries` and `cache.ttlSeconds` settings below.",
        "See `worker.pool_size` for the limit.",
        "For the defaults, see `uploader.chunkSize`.",
    ):
        assert points_elsewhere(pointer), pointer
    for statement in (
        "The cache holds 500 entries; see `cache.maxEntries` to change it.",
        "Set `see_also` to false to hide the list.",
    ):
        assert not points_elsewhere(statement), statement


def test_a_sentence_that_only_points_to_another_page() -> None:
    for pointer in (
        "For what happens to your files after cancelling, see the [FAQ](../troubleshooting/faq.md).",
        "See [Team folders and sharing](../sync/team-folders.md) for link options.",
        "See also Rate limits.",
        "For workspaces, see Delete a workspace.",
    ):
        assert points_elsewhere(pointer), pointer
    for statement in (
        "See which devices are connected under Settings.",
        "Exports are limited to 1 GB (see Limits).",
        "If a policy applies, the policy decides when it is removed; see [Retention](../retention.md).",
        "Keys expire after 90 days.",
    ):
        assert not points_elsewhere(statement), statement
    # A Markdown link is read whole: the pointer leaves nothing of its path behind.
    assert without_cross_references("Limits apply; see [Rate limits](../api/rate-limits.md) for details.") == (
        "Limits apply;."
    )


def test_a_figure_of_the_askers_situation_is_not_required_of_the_evidence() -> None:
    """The asker measures their own case ("about 7 hours"); the runbook states its limit ("more than 6 hours")."""
    stuck = "A customer's restore job has shown no progress for about 7 hours. Which PagerDuty service do I page?"
    assert [t.text for t in required_terms(stuck)] == ["PagerDuty"]
    assert texts(stuck) == ["7", "PagerDuty"]
    # A name of the situation stays required, and a figure the question asks about too.
    trial = "Our 14-day trial on Growth ends tomorrow. Can the 14-day trial be extended?"
    assert [t.text for t in required_terms(trial)] == ["14", "Growth"]
    # A statement of a fact is no situation: all it states is required.
    fact = "VIVA Media AG changed its name in 2004. What does the new acronym stand for?"
    assert required_terms(fact) == named_terms(fact)


@pytest.mark.parametrize(
    ("question", "required"),
    [
        ("I'm at a conference until Thursday. Can someone else approve my team's expense reports?", []),
        ("Our fiscal year ends in June. When are annual invoices sent?", []),
        ("We switched banks over Easter and the payment failed. How do I update the IBAN?", ["IBAN"]),
        # A day the question itself asks about is required: the documentation must say it.
        ("Is the helpdesk staffed on Sunday?", ["Sunday"]),
    ],
)
def test_a_day_of_the_askers_situation_is_their_calendar_not_a_required_term(
    question: str, required: list[str]
) -> None:
    assert [t.text for t in required_terms(question)] == required


def test_a_passage_mentions_what_its_section_headings_name(policy) -> None:  # type: ignore[no-untyped-def]
    """Real documentation names the case in the heading and not again in the section: "Linux >
    Fedora/CentOS" over "Install `ansible-core` with dnf". A name only the headings of another section
    state is still unmentioned."""
    from answerable import Claim, ClaimStatus, Label
    from answerable.core.assess import assess
    from tests.conftest import NOW, evidence, passage, verdict

    text = "Install `ansible-core` with dnf:\n```\n$ sudo dnf install ansible-core\n```"
    p = passage("install#2", 0.95, text=text, heading_path=("Installation", "Linux", "Fedora/CentOS"))
    for question, covered in (
        ("What command installs Ansible on Fedora?", True),
        ("How do I install it on CentOS?", True),
        ("What command installs Ansible on Debian?", False),
    ):
        ev = evidence((p,), (verdict("c1", p.id, Label.SUPPORTED, 0.95),), (Claim("c1", question),))
        status = assess(ev, policy.profile("strict"), NOW).claims[0].status
        assert (status is ClaimStatus.SUPPORTED) is covered, question


@pytest.mark.parametrize(
    ("page", "question", "mentioned"),
    [
        ("Call `session.expire_all()` to reload every object.", "When should I use expire_all?", True),
        ("`Pool.apply_async(func, args)` returns a result object.", "What does apply_async return?", True),
        ("Set `logging.config.dict_config` from a file.", "How do I use config.dict_config?", True),
        # Not the other way round: a page writing the bare name does not say whose it is.
        ("Call `expire_all()` to reload every object.", "When should I use session.expire_all?", False),
        ("Call `cache.expire_all()` to drop entries.", "When should I use session.expire_all?", False),
    ],
)
def test_a_qualified_name_mentions_the_name_it_qualifies(page: str, question: str, mentioned: bool) -> None:
    (term,) = [t for t in named_terms(question) if t.key.startswith("id:")]
    assert Mentions([page]).mentions(term) is mentioned


def test_a_camel_case_name_is_an_identifier_matched_whole() -> None:
    """`maxBuffer` names one option: a page about `maxBuffer` mentions it, one about `maxHeaderSize` does not."""
    (term,) = named_terms("What is the default maxBuffer of exec?")
    assert term.text == "maxBuffer" and term.key == "id:maxbuffer"
    assert Mentions(("Set maxHeaderSize to raise it.",)).unmatched((term,)) != ()
    assert Mentions(("`maxBuffer` {number} Largest amount of data.",)).unmatched((term,)) == ()


@pytest.mark.parametrize(
    ("question", "option"),
    [
        ("What does the --verbose switch print?", "--verbose"),
        ("Can I combine --dry-run with --force?", "--dry-run"),
        ("Why does rsync --delete remove my files?", "--delete"),
    ],
)
def test_a_double_dash_option_of_one_word_is_an_identifier(question: str, option: str) -> None:
    """No word of prose opens with two dashes: "--verbose" names one option as "--dry-run" does, and a page
    about `--quiet` does not mention it; a dash set apart as punctuation ("-- or not") names nothing."""
    ids = [t for t in named_terms(question) if t.key.startswith("id:")]
    assert option in [t.text for t in ids]
    (term,) = [t for t in ids if t.text == option]
    assert Mentions((f"Pass `{option}` to change it.",)).unmatched((term,)) == ()
    assert Mentions(("Pass `--quiet` to change it.",)).unmatched((term,)) != ()
    assert [t for t in named_terms("Should I pass it -- or not?") if t.key.startswith("id:")] == []


def test_a_dotted_name_of_two_parts_is_a_member_not_a_file_or_a_domain() -> None:
    assert [t.text for t in named_terms("What does path.resolve do?")] == ["path.resolve"]
    assert [t.text for t in named_terms("What does os.cpus() return?")] == ["os.cpus"]
    assert named_terms("Where does conf.py live?") == ()
    assert named_terms("Can I use a gmail.com address?") == ()
    assert named_terms("Is it free, e.g. for students?") == ()


@pytest.mark.parametrize(
    ("question", "text"),
    [
        ("Which TeX Live packages does a PDF build need?", "For PDF output, install `texlive-latex-recommended`."),
        ("Does the Web Socket route accept binary frames?", "A WebSocket endpoint receives text and bytes."),
        ("Can I sign in with my Git Hub account?", "Sign in with GitHub or Google."),
    ],
)
def test_a_name_of_two_words_is_mentioned_by_the_words_run_together(question: str, text: str) -> None:
    """Identifiers and product names write a name of two words as one ("TeX Live" as `texlive-...`, "Web
    Socket" as WebSocket): the evidence mentions the name so."""
    terms = named_terms(question)
    assert Mentions([text]).unmatched(terms) == ()
    # Each word alone is not the name run together: a page that says neither does not mention it.
    assert Mentions(["A page about something else."]).unmatched(terms)


def test_a_sentences_first_word_is_not_run_together_with_a_name() -> None:
    (tex, live) = named_terms("Which TeX Live version do I need?")[:2]
    assert "whichtex" not in tex.joined and live.joined == ("texlive",)


@pytest.mark.parametrize(
    ("question", "text"),
    [
        (
            "our old integration still calls api v1 does that still work",
            "Version 1 stopped accepting requests in June.",
        ),
        ("Does the v2.1 client support proxies?", "Proxy support arrived in release 2.1 of the client."),
        ("Is the v3 export format documented?", "The export format changed in version 3."),
    ],
)
def test_a_version_label_is_mentioned_by_the_version_in_words(question: str, text: str) -> None:
    assert Mentions([text]).unmatched(named_terms(question)) == ()


@pytest.mark.parametrize(
    ("question", "text"),
    [
        ("Is the v3 export format documented?", "The export format changed in version 2."),
        ("Does v1 still work?", "Version 10 is current."),
        ("Does the v2 API page results?", "The API has 2 endpoints for results."),
    ],
)
def test_another_version_or_a_bare_number_mentions_no_version_label(question: str, text: str) -> None:
    unmatched = Mentions([text]).unmatched(named_terms(question))
    assert [t for t in unmatched if t[0] == "v" and t[1].isdigit()], unmatched


@pytest.mark.parametrize(
    ("question", "kept"),
    [
        ("I end my folder names with a dot, like 'Draft.', and they never sync. Why?", []),
        ('Can I export a board such as "Q3 Roadmap" to PDF?', ["PDF"]),
        ("My playlists have names like 'Gym Mix' and the app hides them. What's wrong?", []),
        ("Does the sync client skip names like 'Draft.' for Draft folders?", ["Draft"]),
    ],
)
def test_a_name_the_asker_quotes_as_their_own_example_is_not_required(question: str, kept: list[str]) -> None:
    assert [t.text for t in required_terms(question)] == kept


def test_a_name_quoted_as_what_something_is_called_is_still_required() -> None:
    assert "turbo" in [t.key for t in required_terms("How do I switch on the option called 'Turbo'?")]


@pytest.mark.parametrize(
    ("page", "question"),
    [
        ("macOS: `~/Library/Logs/Acme`", "Where are the logs on my Mac?"),
        ("Install the Mac app from the website.", "Is there an installer for macOS?"),
        ("On OSX, open the Finder.", "How do I start it on a Mac?"),
    ],
)
def test_the_names_of_one_operating_system_mention_each_other(page: str, question: str) -> None:
    """Askers and pages call one system by its names in turn: "Mac" is the macOS a page gives a path for."""
    assert all(Mentions([page]).mentions(t) for t in named_terms(question))


def test_another_systems_name_is_no_mention_of_mac() -> None:
    assert not all(
        Mentions(["Windows: `%LOCALAPPDATA%`", "Linux: `~/.local`"]).mentions(t)
        for t in named_terms("Where are the logs on my Mac?")
    )
