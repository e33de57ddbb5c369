"""A sentence that answers another question (an opposite word, another year), and the gate's veto on it."""

from __future__ import annotations

import json
from dataclasses import replace

import pytest

from answerable import Status, decide
from answerable.core.codec import decision_from_dict
from answerable.core.reasons import ReasonCode
from answerable.interfaces.render import render_decision
from answerable.signals.mismatch import (
    asks_whether,
    can_turn,
    mismatch,
    negated,
    opposed,
    other_member,
    other_year,
    years,
)
from tests.conftest import NOW
from tests.signals.test_kinds import drafted

R = ReasonCode


@pytest.mark.parametrize(
    ("question", "sentence", "pair"),
    [
        (
            "What is the lowest point of the Rhine basin called?",
            "The Aare holds the waters from the summit of Finsteraarhorn, the highest point of the Rhine basin.",
            ("lowest", "highest"),
        ),
        (
            "Who founded the Office of eastern Medicine?",
            "Jesus the Interpreter founded the Office of Western Medicine in 1263.",
            ("eastern", "western"),
        ),
        (
            "After the introduction of X.25 in 1973, how many network technologies had been developed?",
            "Before the introduction of X.25 in 1973, about twenty network technologies had been developed.",
            ("after", "before"),
        ),
        ("How do I enable single sign-on?", "To disable single sign-on, open Settings.", ("enable", "disable")),
        # success against failure, whatever the part of speech
        (
            "What status code comes back from a successful sign-up?",
            "Fail: `400 Bad Request`: Password validation failed.",
            ("successful", "fail"),
        ),
        ("Which backups failed last night?", "The nightly backup succeeded.", ("failed", "succeeded")),
        ("What does the webhook return on success?", "On failure the webhook returns 500.", ("success", "failure")),
        ("What happens if the upload fails?", "If the upload fails, it is retried three times.", None),
        ("Can I export dashboards as PDF?", "Dashboards are imported from PDF files.", ("export", "imported")),
        ("Which fields are required?", "Optional fields: phone, company.", ("required", "optional")),
        ("How do I hide a dashboard?", "Owners can show a dashboard to every member.", ("hide", "show")),
        # The word asked for is there too: the sentence speaks of both, and may answer.
        ("Who won the final?", "Spain won the final that Italy lost on penalties.", None),
        ("What are the first and last stops?", "The first stop is Bern; the last stop is Chur.", None),
        ("How do I enable SSO?", "SSO is enabled by default; to disable it, open Settings.", None),
        # The question itself names both.
        ("Is the east or the west entrance open?", "The west entrance is open.", None),
        # Words with other senses are not read as opposites.
        ("What is the new name of the app?", "The app kept its old name in New York.", None),
        ("How close is the hotel to the station?", "Opening hours: the hotel is open all day.", None),
        ("How do I rotate an API key?", "Open Settings and click Rotate.", None),
        # Beginning against stopping or ending, each with its synonyms.
        (
            "When did the Holocene Rhine-Meuse delta stop forming?",
            "As sea-level rose, the formation of the Holocene Rhine-Meuse delta began (~8,000 years ago).",
            ("stop", "began"),
        ),
        ("When did the Jurassic Period end?", "In the Jurassic Period the plates began to compress.", ("end", "began")),
        # The extremes in other words: a minimum answers "the lowest", a maximum turns it over.
        ("What is the lowest TLS version accepted?", "Sets the maximum TLS version to use.", ("lowest", "maximum")),
        ("What is the lowest TLS version accepted?", "Sets the minimum TLS version to use.", None),
        ("Which is the biggest file I can attach?", "The smallest attachment is 1 KB.", ("biggest", "smallest")),
        ("What is the fewest seats a plan can have?", "The largest plan has 500 seats.", ("fewest", "largest")),
        ("What is the maximum upload size?", "Uploads can be up to 5 GB; the minimum is 1 MB.", None),
        ("When did the war start?", "The war ended in 1945.", ("start", "ended")),
        ("When did the war start?", "The war began in 1939 and ended in 1945.", None),
        ("When did the strike end?", "It started in May and finished in June.", None),
        # "end" in a sentence is often a noun; "end up" is no ending.
        ("When did the last glacial start?", "It ran from ~74,000 BP until the end of the Pleistocene.", None),
        ("Which treaties ended up forming the EU?", "The treaties began with rules for coal and steel.", None),
    ],
)
def test_opposites(question: str, sentence: str, pair: tuple[str, str] | None) -> None:
    assert opposed(question, sentence) == pair


def test_a_draft_that_speaks_of_the_opposite_is_no_answer(policy):  # type: ignore[no-untyped-def]
    q = "What is the lowest point of the Rhine basin called?"
    ev = drafted(q, ("Finsteraarhorn is the highest point of the Rhine basin.", "c1"))
    d = decide(ev, policy.profile("strict"), NOW)
    assert d.status is Status.ABSTAIN and d.reason_codes == (R.NO_ANSWER_BEARING_EVIDENCE,)
    assert d.missing_claims == (q,) and d.answer is None and d.claims[0].status.value == "missing"
    assert f"{q} (the answer drafted from its passages speaks of highest, not lowest)" in render_decision(d)
    assert d.claims[0].not_as_asked == ("lowest", "highest")
    assert d.to_dict()["claims"][0]["not_as_asked"] == {"asked": "lowest", "stated": "highest"}
    assert decision_from_dict(json.loads(json.dumps(d.to_dict()))) == d
    ok = drafted(q, ("The lowest point of the Rhine basin is the delta at sea level.", "c1"))
    assert decide(ok, policy.profile("strict"), NOW).status is Status.ANSWER
    # A policy may turn the check off.
    relaxed = replace(policy.profile("strict"), reject_mismatches=False)
    assert decide(ev, relaxed, NOW).status is Status.ANSWER


@pytest.mark.parametrize(
    ("text", "named"),
    [
        ("AppleTalk was developed by Apple Inc. in 1985.", {1985}),
        ("Over 10% of Amsterdam's population died in 1623–25, and again in 1664.", {1623, 1624, 1625, 1664}),
        ("During 2003-04, production increased by 17%.", {2003, 2004}),
        ("in the late 1950s", set(range(1950, 1960))),
        # Not years: amounts, other numbers, a span running backwards.
        ("It cost $1500 and weighs 1,200.5 kg; 2500 people came; 1200% more.", set()),
        ("pages 1999-1850", {1999}),
    ],
)
def test_years(text: str, named: set[int]) -> None:
    assert years(text) == named


@pytest.mark.parametrize(
    ("question", "sentence"),
    [
        ("Is the API public?", "The API is private."),
        ("Was AppleTalk released in 1995?", "AppleTalk was released in 1985."),
        ("and can I import dashboards?", "Dashboards can only be exported."),
        ("Doesn't the key expire after the first year?", "The key expires after the last use."),
        # A clause that sets the scene may come first.
        ("Once the trial ends, are my files private?", "Public links keep working."),
        ("After the first login, is the account public?", "New accounts are private."),
    ],
)
def test_a_yes_or_no_question_is_answered_by_the_opposite(question: str, sentence: str) -> None:
    assert opposed(question, sentence) or other_year(question, sentence)  # each check alone fires
    assert mismatch(question, sentence) is None


@pytest.mark.parametrize(
    ("question", "sentence", "pair"),
    [
        (
            "AppleTalk was developed in 1995 for who?",
            "AppleTalk was developed by Apple in 1985 for Macs.",
            ("1995", "1985"),
        ),
        ("What happened in 2004?", "During 2003–04, production rose by 17%.", None),
        # A year the question counts from is not the time it asks about.
        ("What happened to oil prices after 1973?", "By 1980 they had doubled.", None),
        ("What has changed since the late 1990s?", "In 2004 the rules were rewritten.", None),
        ("What did the firm buy in 2001, after its 1998 listing?", "In 2003 it bought Lumen.", ("2001", "2003")),
        ("What did Davies develop in the late 1950s?", "In 1959 Davies developed packet switching.", None),
        # A sentence that names no year may still answer; a question that names none asks for none.
        ("What service used Astra 2A in 1995?", "Sky Multichannels used the Astra 2A satellite.", None),
        ("When was AppleTalk developed?", "AppleTalk was developed in 1985.", None),
    ],
)
def test_other_year(question: str, sentence: str, pair: tuple[str, str] | None) -> None:
    assert other_year(question, sentence) == pair
    assert mismatch(question, sentence) == pair


def test_a_draft_that_names_another_year_is_no_answer(policy):  # type: ignore[no-untyped-def]
    q = "AppleTalk was developed in 1995 for who?"
    # The page names 1995 too (the names check passes), but not in the sentence drafted for the claim.
    ev = drafted(
        q,
        ("AppleTalk was developed by Apple Inc. in 1985 for Apple Macintosh computers.", "c1"),
        ("Its support ended in 1995.", None),
    )
    d = decide(ev, policy.profile("strict"), NOW)
    assert d.status is Status.ABSTAIN and d.reason_codes == (R.NO_ANSWER_BEARING_EVIDENCE,)


@pytest.mark.parametrize(
    ("question", "sentence", "pair"),
    [
        (
            "What kind of interethnic marriage became uncommon in the Jin dynasty?",
            "Interethnic marriage between Han and Jurchen became common at this time.",
            ("uncommon", "common"),
        ),
        ("What non-dynasty came before the Yuan?", "The Yuan dynasty was the first.", ("non-dynasty", "dynasty")),
        ("Why are unsynced files skipped?", "Synced files are kept.", ("unsynced", "synced")),
        # the sentence negates the word itself, or uses the question's own word, or the question uses both
        ("What non-Chinese empire came first?", "The first time non-native Chinese people ruled.", None),
        ("What non-Chinese empire came first?", "It was not Chinese.", None),
        ("Which marriages became uncommon?", "Such marriages became uncommon, though common earlier.", None),
        ("Which common custom became uncommon?", "The custom was common.", None),
        # "unless" is no negation of "less"; a prefix with less than 4 letters after it is no negation
        ("What happens unless I pay?", "You pay less.", None),
        ("What unit is used?", "It is measured in metres.", None),
    ],
)
def test_a_word_negated_by_its_prefix(question: str, sentence: str, pair: tuple[str, str] | None) -> None:
    assert negated(question, sentence) == pair
    assert mismatch(question, sentence) == pair


def test_a_yes_or_no_question_with_a_negated_word_is_not_judged_by_it() -> None:
    assert mismatch("Is interethnic marriage uncommon?", "Interethnic marriage became common.") is None


def test_a_question_word_in_the_opening_clause_asks_no_yes_or_no() -> None:
    assert not asks_whether("In which year, was the bridge built?")
    assert not asks_whether("After a successful sign-in, what page opens?")


@pytest.mark.parametrize(
    ("question", "sentence", "pair"),
    [
        (
            "After a successful sign-in, is the old session closed?",
            "A failed sign-in locks the account.",
            ("successful", "failed"),
        ),
        ("If the upload fails, can I resume it?", "A successful upload is listed at once.", ("fails", "successful")),
        ("After the last payment, is the loan closed?", "The first payment is due in May.", ("last", "first")),
    ],
)
def test_the_scene_a_yes_or_no_question_sets_is_no_part_of_what_it_asks(
    question: str, sentence: str, pair: tuple[str, str]
) -> None:
    """The opposite answers what a yes-or-no question asks, but not the case its opening clause sets."""
    assert asks_whether(question)
    assert mismatch(question, sentence) == pair


@pytest.mark.parametrize(
    ("question", "sentence", "context", "pair"),
    [
        (
            "What is the default fillfactor of a GiST index?",
            "B-trees use a default fillfactor of 90.",
            "The B-tree, hash, GiST and SP-GiST index methods all accept this parameter:",
            ("gist", "b-tree"),
        ),
        (
            "How long does the Team plan keep deleted files?",
            "Business workspaces keep deleted files for 180 days.",
            "Version history is on the Free, Team, Business and Enterprise plans.",
            ("team", "business"),
        ),
        (
            "Which port does the Redis exporter listen on?",
            "The Postgres exporter listens on 9187.",
            "Exporters ship for Postgres, MySQL, Redis or Kafka.",
            ("redis", "postgres"),
        ),
    ],
)
def test_a_sentence_about_another_member_of_a_list_answers_no_question_about_this_one(
    question: str, sentence: str, context: str, pair: tuple[str, str]
) -> None:
    assert other_member(question, sentence, context) == pair
    # The member asked named by the sentence, or no list: nothing to say.
    asked = pair[0]
    assert other_member(question, f"{sentence} The {asked} one differs.", context) is None
    assert other_member(question, sentence, "It runs on Linux.") is None


def test_a_longer_name_holding_the_member_does_not_name_it() -> None:
    ctx = "The B-tree, hash, GiST and SP-GiST index methods all accept this parameter:"
    assert other_member("What is GiST's default fillfactor?", "SP-GiST indexes use 80.", ctx) == ("gist", "sp-gist")
    # A question that names two members asks about both: a sentence on either is no other case.
    assert other_member("Do GiST and hash indexes share a default?", "Hash indexes use 75.", ctx) is None


def test_an_answer_about_another_member_of_its_pages_list_is_withheld(policy):  # type: ignore[no-untyped-def]
    """The page lists the members side by side; the answer's sentence speaks of another than the one asked."""
    listing = ("The B-tree, hash, GiST and SP-GiST index methods all accept fillfactor.", None)
    q = "What is the default fillfactor of a GiST index?"
    d = decide(drafted(q, listing, ("B-trees use a default fillfactor of 90.", "c1")), policy.profile("strict"), NOW)
    assert d.status is Status.ABSTAIN and d.reason_codes[0] is R.NO_ANSWER_BEARING_EVIDENCE
    assert d.claims[0].not_as_asked == ("gist", "b-tree")
    d = decide(
        drafted(q, listing, ("GiST indexes use a default fillfactor of 90.", "c1")), policy.profile("strict"), NOW
    )
    assert d.status is Status.ANSWER


def test_the_list_an_answer_quotes_names_no_member_alone() -> None:
    ctx = "The B-tree, hash, GiST and SP-GiST index methods all accept this parameter:"
    answer = f"{ctx} B-trees use a default fillfactor of 90."
    assert other_member("What is the default fillfactor of a GiST index?", answer, ctx) == ("gist", "b-tree")
    assert other_member("What is the default fillfactor of a GiST index?", ctx, ctx) is None


def test_a_list_of_names_holds_no_function_word() -> None:
    """ "Homebrew, MacPorts, or as part of a distribution" lists two names, then a clause: "as" is no member."""
    text = "Sphinx can be installed using Homebrew, MacPorts, or as part of a distribution such as Anaconda."
    assert other_member("How do I install Sphinx with Homebrew?", text, text) is None


def test_a_question_can_be_turned_over_only_by_a_word_with_an_opposite_or_a_negation() -> None:
    assert can_turn("What status code does a successful request return?")
    assert can_turn("What kind of marriage became uncommon?")
    assert not can_turn("What status code does the request return?")
    assert not can_turn("Who designed the bridge in 1995?")  # only another year answers another question here
