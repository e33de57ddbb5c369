"""The kind of answer a question asks for, and the gate's veto on a draft that does not state one."""

from __future__ import annotations

import json
from dataclasses import replace

import pytest

from answerable import Claim, Label, ReasonCode, Status, decide
from answerable.core.codec import evidence_from_dict, evidence_to_dict
from answerable.core.types import Draft, DraftSentence
from answerable.interfaces.render import render_decision
from answerable.signals import kinds
from answerable.signals.kinds import (
    Kind,
    about_as_much,
    asked,
    asks_for_code,
    counts_asked,
    fit,
    for_other_days,
    names_the_entry,
    of_another_kind,
    read_under,
    required_form,
    said_by_values,
    shares_the_point,
    speaks_of,
    states,
)
from tests.conftest import NOW, evidence, passage, verdict

R = ReasonCode
S = Label.SUPPORTED


@pytest.mark.parametrize(
    ("question", "kind"),
    [
        ("How many charts fit on one dashboard?", Kind.QUANTITY),
        ("How long is an invitation to join our workspace valid?", Kind.QUANTITY),
        ("How often does Lumen check my alerts?", Kind.QUANTITY),
        ("What is the population of Pontresina?", Kind.QUANTITY),
        ("When was the Fort Glanville Conservation Park established?", Kind.TIME),
        ("In what year was the singer who popularized the song born?", Kind.TIME),
        ("and when did the siege end?", Kind.TIME),
        ("What years did Voltaire live?", Kind.TIME),
        # A time word before a noun heading the phrase says which format or field is asked.
        ("What date format does the calendar export use?", None),
        ("Which year field must the form fill in?", None),
        ("What date-time format do the logs use?", None),
        # Present-tense "when" is usually answered by a condition, and the rest ask for no figure or time.
        ("When does Lumen email me?", None),
        ("What was the urban population of Warsaw?", Kind.QUANTITY),
        ("What percentage of monks and priests died from the Black Death?", Kind.QUANTITY),
        ("How do I rotate an API key?", None),
        ("What causes the population of ctenophora to grow at an explosive rate?", None),
        ("Explain how long-term storage works", None),
        ("Who directed the 1940 film in which John Arledge appeared?", None),
    ],
)
def test_what_a_question_asks_for(question: str, kind: Kind | None) -> None:
    assert asked(question) is kind


@pytest.mark.parametrize(
    ("kind", "text", "stated"),
    [
        (Kind.QUANTITY, "The old key keeps working for 24 hours.", True),
        (Kind.QUANTITY, "A dashboard holds up to forty charts.", True),
        (Kind.QUANTITY, "Saved work is kept for as long as the project exists.", True),
        (Kind.QUANTITY, "Most exports finish within an hour.", True),
        (Kind.QUANTITY, "The new key takes effect immediately.", True),
        (Kind.QUANTITY, "The accepted estimate is a death toll of about a third of the population.", True),
        (Kind.QUANTITY, "Below are listed some of the most common third-gender sects.", False),
        (Kind.QUANTITY, "Pontresina has a population (as of ) of .", False),
        (Kind.QUANTITY, "The Cerro Blanco caldera is wide.", False),
        (Kind.TIME, "It was founded in 1933.", True),
        (Kind.TIME, "The Normans settled there in the tenth century.", True),
        (Kind.TIME, "The battle was fought in late November.", True),
        (Kind.TIME, "The Battle of Jangjin Lake was a battle in the Korean War.", False),
        (Kind.TIME, "The park may be closed for repairs.", False),
    ],
)
def test_what_a_sentence_states(kind: Kind, text: str, stated: bool) -> None:
    assert states(kind, text) is stated


@pytest.mark.parametrize(
    ("question", "text", "stated"),
    [
        ("How many people lived in Oslo in 1654?", "The last plague outbreak ravaged Oslo in 1654.", False),
        ("How many people lived in Oslo in 1654?", "In 1654 Oslo had 4,500 inhabitants.", True),
        ("How many schools does the university have?", "Andrew J. Elliot (born 1962) teaches there.", False),
        # in words too: the question's own number is given, another number answers
        ("How many tasks can a single response run?", "Used to add a single background task to a response.", False),
        ("How many copies does a double backup keep?", "A double backup is kept offsite.", False),
        ("How many copies does a double backup keep?", "A double backup keeps two copies.", True),
        ("How many keys can one user hold?", "A user can hold up to five keys.", True),
        # "once" opening a clause is no number the question gives
        ("Once a key is revoked, how many reminders are sent?", "A reminder is sent once.", True),
        ("How many schools does the university have?", "The university has 7 schools, founded in 1850.", True),
        ("How long did the war last?", "It lasted from 1939 to 1945.", True),  # years answer "how long"
        ("When was the second edition printed?", "The first edition was printed in 1851.", True),
        # a number no year, day or hour could be is no time; a year, a clock, a span in units still are
        ("When was the Zorblax vault created?", "Unseal the vault with lumenctl --code 7781.", False),
        ("When was the museum opened?", "It drew about 25,000 visitors in its first month.", False),
        ("When was the stadium opened?", "It seats 25,000 people.", False),
        ("When did Rome fall?", "The western empire fell in 476.", True),
        ("When did the outage start?", "It started at 10:30 and lasted 90 minutes.", True),
        ("When was the bridge built?", "It was built 25,000 years ago.", True),
        ("When did the last glacial start?", "It ran from ~74,000 (BP = Before Present).", True),
        ("When did the ice sheet retreat?", "It retreated 12,000 years before the Holocene.", True),
        # a number of one or two digits is a time only as a day, an hour, a decade or a span ("14 days")
        ("When did the first tentacles form?", "They lacked tentacles but had between 24 and 80 comb rows.", False),
        ("What century did the spelling come from?", "[note 3] The spelling is due to Greek orthography.", False),
        ("When did the trial end?", "It ended 14 days after sign-up.", True),
        ("When was the shop opened?", "It opened on 5 May at 9 am.", True),
        ("When was the fort built?", "It was built in the 5th century.", True),
        ("When did the band form?", "The band formed in the 90s.", True),
        ("When was the town founded?", "It was founded in AD 43.", True),
        # nor is a percentage or a price
        ("When did the population recover?", "The plague killed 30–60% of Europe's total population.", False),
        ("When was the tower finished?", "It cost $1500 and was 100 percent paid for by the town.", False),
    ],
)
def test_a_figure_the_question_states_or_a_year_for_a_count_is_no_answer(
    question: str, text: str, stated: bool
) -> None:
    kind = asked(question)
    assert kind is not None and states(kind, text, question) is stated


@pytest.mark.parametrize(
    ("question", "text", "points"),
    [
        ("How many charts fit on one dashboard?", "A dashboard holds up to 40 charts.", 2),
        ("How many charts fit on a dashboard?", "Use them to compare one country across all charts.", 1),
        # a number the question states is no figure of the answer
        ("How many charts fit on one dashboard?", "Use them to compare one country across all charts.", 0),
        # "every" is a frequency, not a count: it states no number of charts
        ("How many charts fit on one dashboard?", "Filters apply to every chart on the dashboard.", 0),
        ("How many charts fit on one dashboard?", "Open Dashboards and add charts.", 0),
        ("How many active API keys can a project have?", "A project can have at most 10 active API keys.", 2),
        ("How long does my old key keep working?", "The old key keeps working for 24 hours.", 2),
        ("How long does Lumen take to delete data?", "Lumen completes a deletion request within 30 business days.", 2),
        ("How long is the Rhine?", "The Rhine is 1,230 km long.", 2),
        ("How long are dashboards kept?", "They are kept for as long as the project exists.", 2),
        # A frequency states a figure, not a span.
        ("How long does my old key keep working?", "Rotate keys at least once a year.", 1),
        ("How long does my old key keep working?", "Delete it in one of two ways.", 1),
        # Nor does a rate: the span of one download, not how long entries are kept.
        ("How long are audit log entries kept?", "Download them as CSV (up to 90 days per download).", 1),
        ("How long are audit log entries kept?", "Audit log entries are kept for 1 year.", 2),
        ("What time of day does the BigQuery sync run?", "The sync runs once a day at 02:00 UTC.", 1),
        ("What time of day does the BigQuery sync run?", "The sync copies your events every day.", 0),
        ("How much is the Growth plan?", "Growth costs $69 a month.", 2),
        ("How much is the Growth plan?", "Growth includes 10 dashboards.", 1),
        ("When was the park established?", "The park was established in June 1983.", 1),
        # A version number for "what version": not a sentence on the topic.
        ("What SAML version does Lumen use?", "SSO uses SAML 2.0 and is available on Enterprise.", 1),
        ("Which version of the SDK do I need?", "Use v3 or later.", 1),
        ("Which iOS versions are supported?", "The SDK supports iOS 15 and later.", 1),
        ("Which versions are supported?", "In 2020 the SDK was rewritten in Swift.", 0),
        ("What SAML version does Lumen use?", "In your identity provider, create a SAML app.", 0),
        # The two ends of a range for "what range": not a sentence about the thing.
        ("What range of values can a sensor_id take?", "| `sensor_id` | 2 bytes | 0 to 65535 |", 1),
        ("What range of values can a sensor_id take?", "A sensor_id names one sensor of a station.", 0),
        ("Which temperature range is the logger rated for?", "It works between -20 and 60 degrees.", 1),
        ("Which temperature range is the logger rated for?", "Rated ports: 1-4.", 1),
        ("Which temperature range is the logger rated for?", "The logger is rated for outdoor use since 2019.", 0),
        # The default for "what is the default ...": not the definition of the setting.
        ("What is the default conversion window for funnels?", "The default is 7 days.", 1),
        ("What is the default conversion window for funnels?", "The conversion window is the time a user has.", 0),
        ("What role do SSO users get by default?", "New users are added with the Viewer role by default.", 1),
        # A command for "what command", an instruction for "how do I": not a sentence about the task.
        ("What command restores a deleted workspace?", "Run `lumenctl workspace restore ID`.", 1),
        ("What command restores a deleted workspace?", "A deleted workspace is kept for 30 days.", 0),
        ("How do I rotate an API key?", "Open Settings and click Rotate.", 1),
        # An instruction that says it is for the task asked ("To rotate ...", "... to start over"): a point more.
        ("How do I rotate an API key?", "To rotate an API key, open Settings > API keys and click Rotate.", 2),
        ("How can we restore it?", "The restore takes about 5 minutes for most workspaces.", 0),
        ("How do I restore it?", "If you deleted it by mistake, contact support within 30 days.", 1),
        ("How do I restore it?", "When you delete a project, its events are deleted within 30 days.", 0),
        ("How do I rotate an API key?", "Keys are rotated by the Owner.", 0),
        ("How do I claim a service credit?", "To claim a credit, the workspace Owner contacts support.", 2),
        ("How do I claim a service credit?", "If uptime falls below the commitment, customers get a credit.", 0),
        # Who does it, named before the verb: not a sentence where the asker ("you") does it.
        ("Who can invite members?", "Owners and Admins invite people from Settings > Members > Invite.", 1),
        ("Who can invite members?", "The number of members you can invite depends on your plan.", 0),
        ("Who can delete a workspace?", "Only the workspace Owner can delete a workspace.", 1),
        ("Who can delete a workspace?", "To delete a workspace, open Settings.", 0),
        ("Who stated a change of the length of the Rhine?", "In 1932 Knaurs Lexikon stated the length.", 1),
        ("Who is responsible for billing?", "The Owner is responsible for billing.", 1),
        # Who someone is, or whom someone did something to: no verb whose doer is asked.
        ("Who was Constance de Rabastens?", "Constance is known for her visions.", None),
        ("Who is the Owner?", "The Owner is the person who created the workspace.", None),
        ("Who did Obama marry?", "Obama married Michelle Robinson.", None),
        # Not a question about steps.
        ("How do plants take up water?", "Open stomata let water evaporate.", None),
        ("How do I know which plan I am on?", "Open Settings.", None),
    ],
)
def test_how_closely_a_sentence_has_the_form_of_the_answer(question: str, text: str, points: int | None) -> None:
    assert fit(question, text) == points


def drafted(question: str, *sentences: tuple[str, str | None], claims: tuple[Claim, ...] | None = None):  # type: ignore[no-untyped-def]
    claims = claims or (Claim("c1", question),)
    text = " ".join(t for t, _ in sentences)  # the passage says what the draft quotes from it
    return evidence(
        (passage("a#1", 0.95, text=text), passage("b#1", 0.3)),
        tuple(verdict(c.id, "a#1", S, 0.95) for c in claims),
        claims=claims,
        drafted=Draft(tuple(DraftSentence(t, ("a#1",), 1.0, claim_ids=(cid,) if cid else ()) for t, cid in sentences)),
    )


def test_a_figure_asked_for_and_not_stated_is_no_answer(policy):  # type: ignore[no-untyped-def]
    d = decide(
        drafted("How wide is Cerro Blanco?", ("The Cerro Blanco caldera is wide.", "c1")), policy.profile("strict"), NOW
    )
    assert d.status is Status.ABSTAIN and d.reason_codes == (R.NO_ANSWER_BEARING_EVIDENCE,)
    assert d.missing_claims == ("How wide is Cerro Blanco?",) and d.answer is None
    assert d.claims[0].status.value == "missing" and d.claims[0].not_as_asked == ("figure", "")


def test_a_figure_stated_answers(policy):  # type: ignore[no-untyped-def]
    d = decide(
        drafted("How wide is Cerro Blanco?", ("The Cerro Blanco caldera is 6 km wide.", "c1")),
        policy.profile("strict"),
        NOW,
    )
    assert d.status is Status.ANSWER and d.missing_claims == ()


def test_a_question_that_asks_for_no_kind_is_not_judged_by_it(policy):  # type: ignore[no-untyped-def]
    d = decide(
        drafted("Where is Cerro Blanco?", ("Cerro Blanco lies in the Andes.", "c1")), policy.profile("strict"), NOW
    )
    assert d.status is Status.ANSWER


def test_each_part_is_judged_by_its_own_sentences(policy):  # type: ignore[no-untyped-def]
    claims = (Claim("c1", "How many keys can a project have?"), Claim("c2", "how do I rotate a key?"))
    # The figure answers the other part: the first part's own sentence states none.
    ev = drafted("", ("Open Settings and click Rotate.", "c1"), ("Rotate 2 keys at once.", "c2"), claims=claims)
    d = decide(ev, policy.profile("strict"), NOW)
    assert d.status is Status.ABSTAIN and d.reason_codes == (R.REQUIRED_CLAIM_NOT_COVERED,)
    assert d.missing_claims == ("How many keys can a project have?",)
    ok = drafted("", ("A project has at most 10 keys.", "c1"), ("Click Rotate.", "c2"), claims=claims)
    assert decide(ok, policy.profile("strict"), NOW).status is Status.ANSWER


def test_a_draft_that_names_no_claims_is_judged_whole(policy):  # type: ignore[no-untyped-def]
    """An LLM's draft does not say which sentence answers which claim: any sentence may state the kind."""
    strict = policy.profile("strict")
    assert (
        decide(drafted("How many keys?", ("Keys are per project.", None), ("At most 10.", None)), strict, NOW).status
        is Status.ANSWER
    )
    assert decide(drafted("How many keys?", ("Keys are per project.", None)), strict, NOW).status is Status.ABSTAIN


def test_under_a_profile_that_allows_it_the_other_parts_are_a_labelled_partial(policy):  # type: ignore[no-untyped-def]
    claims = (Claim("c1", "How many keys can a project have?"), Claim("c2", "how do I rotate a key?"))
    ev = drafted("", ("Keys belong to a project.", "c1"), ("Open Settings and click Rotate.", "c2"), claims=claims)
    d = decide(ev, policy.profile("assist"), NOW)
    assert d.status is Status.PARTIAL and R.REQUIRED_CLAIM_NOT_COVERED in d.reason_codes
    assert d.answer == "Open Settings and click Rotate. [a#1]"
    assert d.missing_claims == ("How many keys can a project have?",)
    # strict allows no partial answer; and a question's only part leaves nothing to answer
    assert decide(ev, policy.profile("strict"), NOW).status is Status.ABSTAIN
    alone = drafted("How many keys can a project have?", ("Keys belong to a project.", "c1"))
    assert decide(alone, policy.profile("assist"), NOW).status is Status.ABSTAIN


def test_the_rendering_says_what_the_passages_did_not_state(policy):  # type: ignore[no-untyped-def]
    d = decide(
        drafted("How wide is Cerro Blanco?", ("The Cerro Blanco caldera is wide.", "c1")), policy.profile("strict"), NOW
    )
    assert "How wide is Cerro Blanco? (the answer drafted from its passages states no figure)" in render_decision(d)


def test_which_claim_a_sentence_answers_round_trips_through_an_evidence_file() -> None:
    ev = drafted("How wide is Cerro Blanco?", ("The Cerro Blanco caldera is 6 km wide.", "c1"), ("Unowned.", None))
    back = evidence_from_dict(json.loads(json.dumps(evidence_to_dict(ev))))
    assert back.draft == ev.draft and [s.claim_ids for s in back.draft.sentences] == [("c1",), ()]


def test_a_policy_may_turn_the_check_off(policy):  # type: ignore[no-untyped-def]
    relaxed = replace(policy.profile("strict"), require_answer_kind=False)
    d = decide(drafted("How wide is Cerro Blanco?", ("The Cerro Blanco caldera is wide.", "c1")), relaxed, NOW)
    assert d.status is Status.ANSWER


def test_a_count_of_the_very_thing_asked_how_many_of() -> None:
    q = "How many periods does a retention chart show?"
    assert counts_asked(q, "A chart shows up to 12 periods.")
    assert not counts_asked(q, "Each row is a cohort and each column a period after the starting event.")
    assert not counts_asked(q, "A chart loads in 2 seconds.")
    assert not counts_asked("How long is a period?", "A chart shows up to 12 periods.")

    # about every content word of the question the other sentence is about (case, plurals and function
    # words aside)
    assert about_as_much(q, "Retention charts: A chart shows up to 12 periods.", "Each column is a period.")
    assert not about_as_much(q, "A chart shows up to 12 periods.", "Open a new retention chart.")


@pytest.mark.parametrize(
    ("question", "sentence", "counted"),
    [
        # the head of the noun phrase is counted, not the word that names what kind of it
        ("How many Studio seats come with the team plan?", "The team plan includes 5 seats.", True),
        ("How many Studio seats come with the team plan?", "Studio opens in 3 seconds.", False),
        ("How many free guest passes do members get?", "Members get 4 guest passes a year.", True),
        ("How many database replicas can a cluster have?", "A cluster can have up to 3 replicas.", True),
        ("How many database replicas can a cluster have?", "Each cluster runs 1 database.", False),
        # an irregular plural: its first word
        ("How many children can one adult bring?", "One adult may bring up to 4 children.", True),
        # nothing after "how many" but the noun itself
        ("How many tickets?", "You can buy 6 tickets per order.", True),
    ],
)
def test_how_many_counts_the_head_of_its_noun_phrase(question: str, sentence: str, counted: bool) -> None:
    assert counts_asked(question, sentence) is counted


def test_digits_after_a_letter_are_a_name_not_a_figure() -> None:
    """ "`POST /v2/webhooks`" was read as a count for "How many webhooks can a workspace have?"."""
    q = "How many webhooks can a workspace have?"
    assert not states(Kind.QUANTITY, "Create webhooks with `POST /v2/webhooks`.", q)
    assert not states(Kind.TIME, "The app shows error E309.", "When was the quota reached?")
    assert states(Kind.QUANTITY, "A workspace can have 20 webhooks.", q)
    assert states(Kind.QUANTITY, "Exports can be up to 5GB.", "How big can an export be?")


def test_digits_in_parentheses_against_a_name_are_a_manual_section_or_an_argument() -> None:
    q = "How many child processes can run at once?"
    assert not states(Kind.QUANTITY, "Unlike the fork(2) system call, spawn() starts a new program.", q)
    assert not states(Kind.QUANTITY, "See waitpid(2) for how a parent reaps them.", q)
    assert states(Kind.QUANTITY, "At most 8 (eight) child processes run at once.", q)
    assert states(Kind.QUANTITY, "Child processes are limited (16 at most).", q)


def test_who_is_allowed_to_asks_who_does_the_verb() -> None:
    q = "Who is allowed to change our subscription plan?"
    assert fit(q, "Only the Owner and Billing admins can change the plan.") == 1
    assert fit(q, "The Owner can cancel from Billing > Plan > Cancel subscription.") == 0
    assert fit("Who has permission to delete projects?", "Admins delete projects from Settings.") == 1


def test_a_share_of_a_whole_is_answered_by_a_proportion_not_a_count() -> None:
    """ "What percentage of Venice residents died of the plague in 1361?" had been answered with "Plague
    occurred in Venice 22 times between 1361 and 1528."."""
    q = "What percentage of Venice residents died of the plague in 1361?"
    assert asked(q) is Kind.QUANTITY
    assert not states(Kind.QUANTITY, "Plague occurred in Venice 22 times between 1361 and 1528.", q)
    assert not states(Kind.QUANTITY, "More than 1.25 million deaths resulted from the plague in Spain.", q)
    for text in (
        "About 60% of the residents died.",
        "Some 30 percent died.",
        "Forty per cent of them died.",
        "Perhaps two-thirds of the city died.",
        "Half of the residents died.",
        "One in three people died.",
        "1 in 10 residents died.",
    ):
        assert states(Kind.QUANTITY, text, q), text
    # a percentage the question gives is not the answer; other quantity questions keep their figures
    assert not states(Kind.QUANTITY, "A 5% rise came in 1361.", "What percentage of the 5% rise came in 1361?")
    assert states(Kind.QUANTITY, "The IJssel carries one ninth of the flow.", "How much of the flow does it carry?")
    assert asked("What percent of voters chose him?") is Kind.QUANTITY
    assert asked("What percentage did OPEC raise the price of oil?") is Kind.QUANTITY


def test_a_question_that_asks_for_a_way_to_find_something_out_asks_for_the_way() -> None:
    """ "How do I see which version I'm running?" is answered by where to look ("open Preferences > About"),
    not by a version: the question word inside it names what the way finds."""
    for q in (
        "how do i see which version of the desktop app im running",
        "How can I check how many seats we have left?",
        "Where can I see when my plan renews?",
        "How do we find out which members have two-factor turned on?",
    ):
        assert asked(q) is None, q
        form = required_form(q)
        assert form is not None and form[0] == "way to find it", q
        assert form[1]("To check your version, open **Preferences > About**.")
        assert not form[1]("Stowly 5.4.0 dropped support for macOS 12.")
        assert fit(q, "Open Admin console > People to see each member.") == 1
    # The thing itself is still what a plain question asks for.
    plain = required_form("Which version dropped support for macOS 12?")
    assert plain is not None and plain[0] == "version"
    assert asked("How many seats do we have left?") is Kind.QUANTITY


def test_a_one_that_counts_nothing_states_no_quantity() -> None:
    q = "How many retention rules can a workspace have?"
    for text in (
        "Scope can be the whole workspace, one or more team folders, or a group.",
        "Ask one of the owners to approve it.",
        "Members are removed one by one.",
        "No one outside the team can see it.",
    ):
        assert not states(Kind.QUANTITY, text, q), text
    assert states(Kind.QUANTITY, "A workspace can have one retention rule per folder.", q)
    assert states(Kind.QUANTITY, "Only one of the 3 plans includes it.", q)


@pytest.mark.parametrize(
    ("question", "code"),
    [
        ("How do I mount static files under /static?", True),
        ("What command rebuilds the index?", True),
        ("Show me an example of a streaming response.", True),
        ("What do I put in conf.py to enable the extension?", True),
        ("What is the syntax for a path parameter?", True),
        ("Which status code does a redirect use by default?", False),
        ("What exit code does the checker return on failure?", False),
        ("Which compression level is used by default?", False),
        ("Can JavaScript read the session cookie?", False),
        # a reason is asked, whatever words of code the question holds
        ("Why does running the import command twice duplicate rows?", False),
        ("How come calling the handler directly skips the middleware?", False),
    ],
)
def test_asks_for_code(question: str, code: bool) -> None:
    assert asks_for_code(question) is code


@pytest.mark.parametrize(
    ("question", "text", "states"),
    [
        ("What port does connect use by default?", "Signature: `connect(host, port=5432, timeout=10)`", True),
        ("What is the default retry count of fetch?", "`fetch(url, *, retry_count: int = 3)`", True),
        ("Which encoding does open_text use by default?", "`open_text(path, encoding='utf-8')` opens a file.", True),
        # A parameter the question does not name, a signature with no default, or prose: no default said.
        ("What port does connect use by default?", "Signature: `connect(host, timeout=10)`", False),
        ("What port does connect use by default?", "Signature: `connect(host, port)`", False),
        ("What port does connect use by default?", "Pass port=5432 to connect.", False),
        # In a fenced example, a definition's line gives defaults; a call passes arguments.
        ("What is the default port of connect?", "```py\ndef connect(host, port=5432):\n    ...\n```", True),
        ("What is the default name of the cookie?", '```py\nbackend = Backend(\n    name="jwt",\n)\n```', False),
        ("What port does connect use by default?", "```py\nconn = connect(host, port=6543)\n```", False),
        # The default asked is of the phrase's head: "the default proxy port" is a port, not the proxy.
        ("What is the default proxy port?", "`Client(workers=4, proxy=None)`", False),
        ("What is the default proxy port?", "`Client(workers=4, proxy_port=3128)`", True),
        ("What is the default cache size of the loader?", "`Loader(cache=True, cache_size=128)`", True),
        ("What is the default cache size of the loader?", "`Loader(cache=True)`", False),
        ("What is the default max_age of the middleware?", "`Middleware(max_age=600)`", True),
        ("What is the default value of retry_count?", "`fetch(url, retry_count=3)`", True),
        ("What is the default session cookie name?", '`SessionMiddleware(app, session_cookie="session")`', True),
    ],
)
def test_a_signature_in_code_states_the_default_of_a_parameter_the_question_names(
    question: str, text: str, states: bool
) -> None:
    noun, test = required_form(question)  # type: ignore[misc]
    assert noun == "default" and test(text) is states


@pytest.mark.parametrize(
    ("question", "sentence", "context", "another"),
    [
        ("How much is a standard room per night?", "A deluxe room is $140 per night.", "Rates", True),
        ("How long is the free trial of the Pro plan?", "The paid trial of Pro lasts 30 days.", "Trials", True),
        ("How many seats does the small van have?", "The large van has 9 seats.", "Fleet", True),
        # The same kind, said otherwise: the question's word in the sentence or its headings, or the
        # sentence's word in the question, or nothing before the noun.
        ("How much is a standard room per night?", "Standard rooms cost $90 a night.", "Rates", False),
        ("How much is a standard room per night?", "A room is $90 per night.", "Standard rooms", False),
        ("What percentage discount do students get?", "The student discount is 20 percent.", "Prices", False),
        ("When is the annual book fair?", "This year's book fair is on 3 May.", "Calendar", False),
        # Pronouns, prepositions and quantifiers name no kind of anything: "before they're" is no noun
        # "day" modifies, nor "after we'd" one "week" does.
        (
            "How long does the office hang on to things before they're thrown out?",
            "We keep found items for 30 days from the day they're handed in.",
            "Lost property",
            False,
        ),
        ("How soon after we're billed is the card charged?", "The card is charged 3 days after billing.", "", False),
        ("How long do I have before it lapses?", "An invitation lapses 72 hours after it’s sent.", "", False),
    ],
)
def test_a_sentence_about_another_kind_of_the_thing_asked(
    question: str, sentence: str, context: str, another: bool
) -> None:
    assert of_another_kind(question, sentence, context) is another


@pytest.mark.parametrize(
    ("question", "answer", "sentence", "context", "shares"),
    [
        # Said by a word of the same stem, or under a heading that says it.
        (
            "How far ahead can I reserve a court?",
            "Courts can be reserved 3 days ahead.",
            "Reservations open a week before.",
            "",
            True,
        ),
        (
            "How long can I keep a laptop?",
            "Laptops are lent for two weeks.",
            "Loans last 14 days.",
            "Laptop loans",
            True,
        ),
        # Another value on the same page topic: none of the words the answer answers by.
        (
            "How early should I check in for a flight?",
            "Check in two hours before departure.",
            "You can book seats up to 30 days ahead.",
            "Booking",
            False,
        ),
        ("When does the café close?", "The café closes at 6 pm.", "Deliveries arrive at 7 am.", "Suppliers", False),
        # A quantifier is no word the answer answers by: "most" is how the question asks for a bound.
        (
            "What's the most money I can have on my card?",
            "A card can hold at most $300.",
            "A travel card can hold a balance of up to $250.",
            "Card FAQ",
            True,
        ),
    ],
)
def test_another_page_answers_only_by_a_word_the_answer_answers_by(
    question: str, answer: str, sentence: str, context: str, shares: bool
) -> None:
    assert shares_the_point(question, answer, sentence, context) is shares


@pytest.mark.parametrize(
    ("question", "kind"),
    [
        ("What timeout does the mail client set on a slow server?", Kind.QUANTITY),
        ("Which port is the database reachable on?", Kind.QUANTITY),
        ("What HTTP status code comes back for a missing page?", Kind.QUANTITY),
        ("Which exit code signals that the import failed?", Kind.QUANTITY),
        ("What's the default port number for the proxy?", Kind.QUANTITY),
        ("What is the connect timeout of the uploader?", Kind.QUANTITY),
        # a phrase that names a setting, an error code (often a name) and a noun that is not what is asked
        ("Which timeout option applies to uploads?", None),
        ("What error code means the disk is full?", None),
        ("What happens once the timeout expires?", None),
        ("Why does the request time out?", None),
    ],
)
def test_a_noun_that_names_a_figure_asks_for_one(question: str, kind: Kind | None) -> None:
    assert asked(question) is kind


def test_a_timeout_or_a_port_is_stated_only_by_its_figure_or_its_words_for_none() -> None:
    q = "What timeout does the mail client set on a slow server?"
    assert states(Kind.QUANTITY, "It gives up after 45 seconds.", q)
    assert states(Kind.QUANTITY, "It waits indefinitely unless you set one.", q)
    assert states(Kind.QUANTITY, "The `timeout` argument is `None`.", q)
    assert not states(Kind.QUANTITY, "It retries slow servers before giving up.", q)
    p = "Which port is the database reachable on?"
    assert states(Kind.QUANTITY, "It listens on 5432.", p)
    assert not states(Kind.QUANTITY, "It listens on localhost only.", p)


@pytest.mark.parametrize(
    ("question", "sentence", "said"),
    [
        ("Is there a maximum number of seats per booking?", "A booking holds up to 8 seats.", True),
        ("Is there a maximum number of seats per booking?", "Seats are assigned when you check in.", False),
        ("Are there any limits on how often I can export?", "Exports are unlimited.", True),
        ("Is there a lower bound on the refresh interval?", "The interval cannot be less than 10 seconds.", True),
        ("Is storage capped on the free plan?", "Store as many files as you need.", True),
        ("Is storage capped on the free plan?", "The free plan includes sharing links.", False),
        # A limit on "how many" is a bound on a count of that thing, not on another measure.
        ("Is there a cap on how many API keys I can create?", "You can create up to 10 API keys.", True),
        ("Is there a cap on how many API keys I can create?", "There is no limit on the number of keys.", True),
        ("Is there a cap on how many API keys I can create?", "Keys expire after at most 1 year.", False),
        ("Are there any limits on how many rooms we can book a week?", "Bookings last up to 4 hours.", False),
        ("Are there any limits on how many rooms we can book a week?", "Each team can book 3 rooms a week.", True),
    ],
)
def test_whether_a_limit_exists_is_answered_by_a_bound_or_its_absence(question: str, sentence: str, said: bool) -> None:
    form = required_form(question)
    assert form is not None and form[0] == "limit"
    assert form[1](sentence) is said


def test_a_yes_no_question_about_no_limit_asks_for_no_limit() -> None:
    assert required_form("Is there a fee for a replacement card?") is None
    assert required_form("Is there a mobile app?") is None


@pytest.mark.parametrize(
    ("question", "sentence", "said"),
    [
        ("What file does the backup tool read its schedule from?", "It reads `~/.backup/schedule.ini`.", True),
        ("What file does the backup tool read its schedule from?", "The schedule is read at start-up.", False),
        ("Which log file records failed logins?", "Failed logins go to auth.log.", True),
        ("What file name must the hook script have?", "The hook runs before each commit.", False),
        ("Which file lists the build targets?", "The Makefile at the top lists them.", True),
        # the name the question gives is what it asks about, not the file asked for
        ("What file does the `mkdocs.yml` loader write?", "The `mkdocs.yml` loader writes output files.", False),
        ("Which file does tox.ini tell pytest to read?", "Settings in tox.ini are read by pytest.", False),
        ("What file does plugin.cfg point to?", "plugin.cfg points to `hooks/main.py`.", True),
        ("What file does the exporter create?", "`Export to PDF`: creates a report.", False),  # a label
    ],
)
def test_a_question_for_a_file_is_answered_by_a_sentence_that_names_one(
    question: str, sentence: str, said: bool
) -> None:
    form = required_form(question)
    assert form is not None and form[0] == "file name"
    assert form[1](sentence) is said


@pytest.mark.parametrize(
    "question",
    ["Which files are synced to my laptop?", "What file types can I attach?", "What file size can I upload?"],
)
def test_files_a_kind_of_file_or_a_property_of_files_ask_for_no_file_name(question: str) -> None:
    form = required_form(question)
    assert form is None or form[0] != "file name"


def test_whether_a_limit_still_holds_is_answered_by_the_figure_that_holds_now() -> None:
    form = required_form("Are exports still capped at 5 GB?")
    assert form is not None and form[0] == "limit"
    assert form[1]("Exports of up to 20 GB are accepted since June, up from 5 GB.")
    assert form[1]("An export now holds 20 GB.")
    assert not form[1]("An export of 5 GB takes an hour.")  # only the figure the question gives
    assert not form[1]("Exports are emailed to the workspace owner.")


def test_a_single_thing_described_is_no_bound() -> None:
    form = required_form("Is there a maximum number of shared drives per account?")
    assert form is not None
    assert not form[1]("Shared drives belong to the account instead of a single user.")
    assert form[1]("An account can have 12 shared drives.")


def test_a_code_block_states_no_figure_unless_code_is_asked_for() -> None:
    """An example's block is what to type and what a program prints: its version, port or process id is
    no figure of what the question asks, unless the question asks for a command or an example."""
    block = "To start it:\n```\n$ mailq-server --daemon\nmailq-server 2.4.1 listening on 8025 (pid 311)\n```"
    question = "How many retries does mailq-server make by default?"
    assert not states(Kind.QUANTITY, block, question)
    assert fit(question, block) == 0
    assert states(Kind.QUANTITY, "It retries 3 times.\n" + block, question)
    assert states(Kind.QUANTITY, block, "Which example shows the server's port number?")


def test_a_span_written_as_code_is_a_span() -> None:
    """Reference entries write figures as code ("`900` seconds"): read as said, they state the span asked."""
    form = required_form("How long is a reset link valid?")
    assert form is not None and form[0] == "length of time"
    assert form[1]("`RESET_LINK_TTL`: Default: `900` seconds.")
    assert form[1]("Links expire after `15` minutes.")
    assert not form[1]("Set `RESET_LINK_TTL` to change it.")
    assert fit("How long is a reset link valid?", "Links expire after `15` minutes.") == 2


@pytest.mark.parametrize(
    ("question", "bound", "other"),
    [
        ("What's the most money I can have on my card?", "A card can hold at most $300.", "A card costs $3."),
        ("What is the least I can top up online?", "The smallest top-up is $5.", "Top-ups reach the card in a day."),
        ("What's the most data a project can hold?", "A project holds up to 20 GB.", "Projects use 2 GB blocks."),
    ],
)
def test_the_most_or_least_of_an_amount_asks_for_a_bound(question: str, bound: str, other: str) -> None:
    """A question for the most of an amount ("What's the most money I can have") asks for a limit: the
    sentence that bounds the amount answers, one that states another amount of the same kind does not, and
    it is the closer form of answer (`fit`)."""
    noun, test = required_form(question)  # type: ignore[misc]
    assert noun == "limit" and test(bound) and not test(other)
    assert (fit(question, bound) or 0) > (fit(question, other) or 0)


@pytest.mark.parametrize(
    ("question", "bound", "unbound"),
    [
        (
            "What is the highest value worker_count can be set to?",
            "`worker_count` can be raised to at most 64.",
            "`worker_count (integer)`: Sets the maximum number of parallel workers. The default is 8 workers.",
        ),
        (
            "What is the largest page width the renderer accepts?",
            "Widths between 40 and 400 columns are accepted.",
            "The renderer defaults to 120 columns, the most common terminal width.",
        ),
        (
            "What is the maximum allowed value of retry_limit?",
            "There is no upper limit on `retry_limit`.",
            "`retry_limit`: the most retries per job. Defaults to 5.",
        ),
    ],
)
def test_the_most_a_setting_can_take_is_bounded_not_defaulted(question: str, bound: str, unbound: str) -> None:
    """How far a setting's value can go is said by a sentence that bounds a figure, or says there is no
    limit; the setting's default, or a limit word that says what the setting bounds, is not that."""
    noun, test = required_form(question)  # type: ignore[misc]
    assert noun == "limit" and test(bound) and not test(unbound)


@pytest.mark.parametrize(
    ("question", "span", "other"),
    [
        (
            "What timeout does the upload client use?",
            "Uploads give up after 90 seconds without progress.",
            "Uploads resume from version 2.1 onwards.",
        ),
        (
            "Which timeout applies to a webhook delivery?",
            "`delivery_timeout`: how long to wait for the receiver. Defaults to `10`.",
            "Each delivery is retried up to 3 times.",
        ),
        (
            "What is the connection timeout of the mail relay?",
            "The relay has no timeout; it waits forever for the server.",
            "The relay opens 4 connections at once.",
        ),
    ],
)
def test_a_timeout_asked_is_a_length_of_time(question: str, span: str, other: str) -> None:
    """A timeout is a length of time: a span, a number given to a setting named for it, or none at all
    answers; another figure of the page (a version, a count) does not."""
    noun, test = required_form(question)  # type: ignore[misc]
    assert noun == "length of time" and test(span) and not test(other)


def test_a_timeout_asked_by_default_needs_both() -> None:
    noun, test = required_form("What timeout does the socket reader use by default?")  # type: ignore[misc]
    assert noun == "default"
    assert test("The reader's timeout defaults to 20 seconds.")
    assert not test("Messages default to text frames, from version 0.10 onwards.")
    assert not test("The reader waits 20 seconds.")
    assert required_form("Which timeout option controls reads?") is None


@pytest.mark.parametrize(
    ("text", "bounds"),
    [
        ("You can invite at most 5 guests.", True),
        ("The most you can withdraw is $500.", True),
        ("Each team needs at least 2 admins.", True),
        ("The Team plan is the most popular, at $8 a user.", False),
        ("Most users keep 3 projects.", False),
        ("The least used region is Sydney, with 2 servers.", False),
    ],
)
def test_most_and_least_bound_only_as_a_bound(text: str, bounds: bool) -> None:
    """ "at most 5" and "the most you can" bound an amount; "the most popular" and "most users" do not."""
    noun, test = required_form("What is the largest amount I can use?")  # type: ignore[misc]
    assert noun == "limit" and test(text) is bounds


@pytest.mark.parametrize(
    "question",
    ["What is the most popular plan?", "Which is the most common error?", "What are the most used features?"],
)
def test_the_most_of_a_quality_asks_for_no_bound(question: str) -> None:
    assert required_form(question) is None or required_form(question)[0] != "limit"  # type: ignore[index]


@pytest.mark.parametrize(
    ("text", "states"),
    [
        ("`cookie_name (fastapiusersauth)`: Name of the cookie.", True),
        ("`cookie_path (/)`: Cookie path.", True),
        ("`cookie_secure (True)`: Whether to only send the cookie over SSL.", True),
        # a type in the parentheses, or a version note, is no default
        ("`cookie_max_age (Optional[int])`: The lifetime of the cookie in seconds.", False),
        ("`timeout (number)`: Timeout in milliseconds.", False),
        ("`enabled (New in version 0.20)`: Turns it on.", False),
    ],
)
def test_an_entry_with_a_value_in_parentheses_states_its_default(text: str, states: bool) -> None:
    noun, test = required_form("What is the default name of the session cookie?")  # type: ignore[misc]
    assert noun == "default" and test(text) is states


@pytest.mark.parametrize(
    ("text", "states"),
    [
        ("`reset_password_token_lifetime_seconds`: Lifetime of reset password token. Defaults to 3600.", True),
        ("`requestTimeoutMs`: Defaults to 5000.", True),
        ("The session timeout, in minutes, defaults to 30.", True),
        ("`max_age (int)`: Defaults to 600, in seconds.", True),
        # a unit named with no number, a number with no unit, or digits of a name
        ("`lifetime_seconds`: The lifetime of the token.", False),
        ("`cookie_max_age (Optional[int])`: The lifetime of the cookie in seconds. `None` by default.", False),
        ("Run the server on port 8000.", False),
        ("Set `timeout_seconds` in `config.v2`.", False),
    ],
)
def test_a_setting_that_names_its_unit_states_a_span_by_a_bare_number(text: str, states: bool) -> None:
    noun, test = required_form("How long is a reset token valid by default?")  # type: ignore[misc]
    assert noun == "length of time" and test(text) is states


@pytest.mark.parametrize(
    ("question", "text", "states"),
    [
        ("How long are exported reports kept?", "Exported reports are kept until you delete the project.", True),
        ("How long does an invite link stay usable?", "An invite link remains valid until an admin revokes it.", True),
        ("How long is a personal access token good for?", "Personal access tokens don't expire.", True),
        ("How long does the login cookie last?", "It is set as a session cookie, so it ends with the browser.", True),
        ("How long is the preview cached?", "Previews are cached for the current session only.", True),
        # when, or what to wait for, is no length of time
        ("How long does a refund take?", "Refunds are issued once the order ships.", False),
        ("How long does the first sync take?", "Wait until the sync completes before you close the app.", False),
        ("How long is a share link valid?", "Share links can be revoked from the sharing page.", False),
    ],
)
def test_what_ends_a_thing_states_how_long_it_lasts(question: str, text: str, states: bool) -> None:
    """How long something lasts is said by the event that ends it, the browser session, or by never ending,
    as well as by a figure; when something happens, or what to wait for, says no length of time."""
    noun, test = required_form(question)  # type: ignore[misc]
    assert noun == "length of time" and test(text) is states


def test_the_words_of_a_yes_or_no_part_are_matched_by_their_first_letters() -> None:
    from answerable.signals.kinds import whether_terms
    from answerable.signals.terms import Mentions

    terms = whether_terms("can I pay in monthly instalments?")
    assert {t.text for t in terms} == {"pay", "monthly", "instalment"}
    page = Mentions(["You can pay the yearly fee in two instalments."])
    assert [t.text for t in terms if not page.mentions(t)] == ["monthly"]
    assert whether_terms("How much is a monthly pass?") == ()


@pytest.mark.parametrize(
    ("question", "names", "other"),
    [
        ("Which Node.js release does the CLI need?", "It needs Node.js 20 or later.", "The CLI is a Node.js tool."),
        ("What PostgreSQL release added MERGE?", "MERGE was added in PostgreSQL 15.", "MERGE updates rows."),
        ("Which release of the agent fixed the leak?", "Release 4.2.1 fixed it.", "The agent leaked memory."),
    ],
)
def test_a_release_is_asked_and_named_as_a_version_is(question: str, names: str, other: str) -> None:
    noun, test = required_form(question)  # type: ignore[misc]
    assert noun == "version" and test(names) and not test(other)


@pytest.mark.parametrize(
    "question",
    [
        "What release notes mention the fix?",
        "What is the release date of 5.0?",
        # "version" naming what a thing is for: a source, a scheme, a file is asked
        "Which version source does the packager read by default?",
        "Which version scheme does the bump command follow?",
        "What version file does the plugin write?",
    ],
)
def test_release_notes_and_dates_ask_for_no_version(question: str) -> None:
    form = required_form(question)
    assert form is None or form[0] != "version"


@pytest.mark.parametrize(
    ("question", "serves", "beside"),
    [
        (
            "How do I make the tool start a download over instead of resuming?",
            "Pass `--no-resume` to start over instead.",
            "The tool keeps a `.part` file and continues from where it stopped.",
        ),
        (
            "How can I cancel my booking?",
            "To cancel a booking, open My bookings and tap Cancel.",
            "Open My bookings to see every booking you made.",
        ),
        (
            "How do I export my contacts?",
            "Click Download to export the contacts list as CSV.",
            "Click Contacts to see the list.",
        ),
        (
            "How to hide a column in the grid?",
            "Set `visible` to false to hide it.",
            "Set `width` in pixels.",
        ),
    ],
)
def test_an_instruction_for_the_task_asked_ranks_above_one_beside_it(question: str, serves: str, beside: str) -> None:
    """An instruction whose purpose ("to start over", "To cancel ...") is the task asked gets a point more
    than an instruction on the same page for something else."""
    assert fit(question, serves) == 2
    assert fit(question, beside) == 1


@pytest.mark.parametrize(
    ("question", "text"),
    [
        # A light verb says nothing of the task: "use" is no purpose shared with "How do I use ...".
        ("How do I use the bulk editor?", "Press Ctrl+E to use it."),
        # A purpose of another task.
        ("How do I reset my password?", "Open Settings to change your email."),
        # Not an instruction at all, though it says "to" and the task's verb.
        ("How do I delete a project?", "It is not possible to delete a project that has open invoices."),
    ],
)
def test_a_purpose_of_no_task_asked_earns_no_point(question: str, text: str) -> None:
    assert (fit(question, text) or 0) <= 1


def test_a_purpose_is_matched_by_the_verb_that_opens_the_task() -> None:
    """ "Attempts to insert ..." names a word of the task, not its verb: building an index is asked."""
    question = "How do I build an index without locking out inserts and updates?"
    assert fit(question, "`UNIQUE`: Attempts to insert duplicate values fail.") == 1
    assert fit(question, "Use `CONCURRENTLY` to build the index without such locks.") == 2


@pytest.mark.parametrize(
    ("question", "text", "states"),
    [
        ("How long can the reference be?", "`reference`: your own note, up to 64 characters.", True),
        ("How long does a password have to be?", "Passwords need at least 12 characters.", True),
        ("How long may a commit subject be?", "Keep the subject under 50 chars.", True),
        ("How long can a summary be?", "Keep summaries to two lines.", True),
        ("How long can the reference be?", "The reference is printed on the label.", False),
    ],
)
def test_a_length_of_text_answers_how_long_a_text_can_be(question: str, text: str, states: bool) -> None:
    """A text's length is a count of characters, words or lines, as a road's is of kilometres."""
    form = required_form(question)
    assert form is not None
    assert form[1](text) is states


def test_a_heading_that_names_the_task_gives_its_instructions_a_point() -> None:
    question = "How do I register a custom setting?"
    sentence = "Call `app.add_setting()` in `setup()`."
    assert fit(question, sentence, "Extensions\nRegistering settings\n") == 2
    assert fit(question, sentence, "Extensions\nSetup hooks\n") == 1
    # The verb said in the sentence itself is no place it stands under.
    assert fit(question, "Use `if` with every registered setting.", "Extensions\nSetup hooks\n") == 1


@pytest.mark.parametrize(
    ("question", "sentence", "said"),
    [
        ("How much does a towel cost?", "Towels are free for members.", {"cost"}),
        ("How many times can I renew a tool?", "You can renew twice if nobody is waiting.", {"time"}),
        ("How much are meals reimbursed per day?", "You can claim up to $50 per day for meals.", {"reimbursed", "day"}),
        ("How long are backups kept?", "Backups are kept for 2 years.", {"long"}),
        ("How many guests can I bring?", "Bring up to two guests.", {"guest"}),
    ],
)
def test_a_value_says_the_words_that_ask_for_its_kind_its_unit_and_its_rate(
    question: str, sentence: str, said: set[str]
) -> None:
    from answerable.signals.values import stated_values

    assert said_by_values(question, stated_values(question, sentence)) == said


def test_a_page_need_not_repeat_what_its_value_says_to_speak_of_the_thing_asked() -> None:
    """The towel page says towels cost nothing without the word "cost"; a page about files says nothing of
    backups, whatever its value says."""
    from answerable.signals.values import stated_values

    q = "How much does a towel cost?"
    free = stated_values(q, "Towels are free for members.")
    answer = "Towel service costs $2 per visit."
    assert not speaks_of(q, "Towels are free for members.", answer)
    assert speaks_of(q, "Towels are free for members.", answer, said_by_values(q, free))
    q = "How long are backups kept?"
    forever = stated_values(q, "Your files are kept forever.")
    said = said_by_values(q, forever)
    assert not speaks_of(q, "Your files are kept forever.", "Backups are kept for 2 years.", said)


@pytest.mark.parametrize(
    ("question", "page", "answer", "speaks"),
    [
        # a word of the question said in another form
        ("How late can I cancel a class?", "Class rules. Cancellations are charged.", "Cancel 2 hours before.", True),
        ("How far ahead can I book a room?", "Rooms open for booking 3 weeks ahead.", "Book 14 days ahead.", True),
        # a light verb names no topic
        ("What discount do students get?", "Students save 20% on passes.", "Students get 25% off.", True),
        ("How many seats do I get?", "Each team has 5 seats.", "You get 10 seats.", True),
        # a word of the topic the page never says
        ("How long are audit events kept?", "Versions are kept for 2 years.", "Audit events are kept 1 year.", False),
        ("How much is a guest pass?", "A day pass costs $15.", "A guest pass costs $10.", False),
    ],
)
def test_a_page_speaks_of_what_the_answer_answers_about_in_any_form_of_its_words(
    question: str, page: str, answer: str, speaks: bool
) -> None:
    assert speaks_of(question, page, answer) is speaks


@pytest.mark.parametrize(
    ("answer", "sentence", "page", "same"),
    [
        (  # a setting's value, against prose that never names the setting
            "`deadlock_wait (integer)`: How long a session waits before it looks for a deadlock. Default 2s.",
            "A session waits indefinitely for a lock another session holds.",
            "Waiting for a lock. A session waits indefinitely for a lock another session holds.",
            False,
        ),
        (  # prose that names it
            "`deadlock_wait (integer)`: How long a session waits before it looks for a deadlock. Default 2s.",
            "Busy servers set deadlock_wait to 5 seconds.",
            "Tuning. Busy servers set deadlock_wait to 5 seconds.",
            True,
        ),
        (  # the section names it, the sentence does not
            "`--retries`: How many times the client retries a request. Default 3.",
            "It retries 5 times by default.",
            "The --retries flag. It retries 5 times by default.",
            True,
        ),
        (  # another entry, which neither the answer nor the question names
            "The pool keeps 30 connections open.",
            "`max_overflow`: How many connections the pool may open beyond its size. Default 10.",
            "Pool options.",
            False,
        ),
        (  # a longer name is not the name
            "`timeout`: Seconds to wait for a reply. Default 5.",
            "statement_timeout aborts a statement after 30 seconds.",
            "statement_timeout aborts a statement after 30 seconds.",
            False,
        ),
        (  # neither is an entry: the words decide elsewhere
            "The pool keeps 30 connections open.",
            "The pool keeps 10 connections open.",
            "Pooling.",
            True,
        ),
    ],
)
def test_a_named_entry_is_contradicted_only_by_a_page_that_names_it(
    answer: str, sentence: str, page: str, same: bool
) -> None:
    assert names_the_entry("How long does it wait?", answer, sentence, page) is same


def test_an_entry_the_question_names_speaks_of_what_is_asked() -> None:
    entry = "`max_overflow`: How many connections the pool may open beyond its size. Default 10."
    assert names_the_entry("What is max_overflow by default?", "The pool may open 5 more connections.", entry, "")
    assert not names_the_entry("How many connections?", "The pool may open 5 more connections.", entry, "")


@pytest.mark.parametrize(
    ("question", "text", "other"),
    [
        ("What time does the clinic open on Saturdays?", "Call us on weekdays from 8:30 am.", True),
        ("Is the pool open on Sunday?", "Lanes are reserved on Mondays and Tuesdays.", True),
        ("When does the desk open at the weekend?", "On weekdays the desk opens at 7.", True),
        ("What time does the clinic open on Saturdays?", "We open at 9 on Saturdays and 8 on weekdays.", False),
        ("What time does the clinic open on Saturdays?", "The weekend hours are 9 to 1.", False),
        ("What time does the clinic open on Friday?", "On weekdays we open at 8.", False),  # Friday is one
        ("What time does the clinic open on Saturdays?", "The clinic opens at 8 am.", False),  # no day named
        ("What time does the clinic open?", "On weekdays we open at 8.", False),  # no day asked
        # ranges and the short forms of hours tables
        ("What time do you open on Wednesday?", "Open Monday to Friday, 8 am to 6 pm.", False),
        ("What time do you open on Wednesday?", "Mon-Fri 9am-5pm", False),
        ("What time do you open on Wednesday?", "Sat 9am-1pm, Sun closed", True),
        ("Are you open on Thursday evenings?", "Tuesday through Thursday we stay open until 9.", False),
        ("Are you open on Thursday evenings?", "Fri to Mon we close at 5.", True),
        ("Is the desk open on Sunday?", "We sat down in the sun on Monday.", True),  # "sun" is no Sunday
    ],
)
def test_a_page_that_speaks_only_of_other_days_of_the_week_speaks_of_another_thing(
    question: str, text: str, other: bool
) -> None:
    assert for_other_days(question, text) is other


@pytest.mark.parametrize(
    ("question", "place", "text", "counted"),
    [
        ("How many recovery keys does the vault issue?", "Vault. Recovery keys", "The vault issues 8 of them.", True),
        ("How many spare tickets can I hold?", "Events. Spare tickets", "You can hold four of these at once.", True),
        ("How many guest passes come with a membership?", "Guest passes", "Two of those come free each year.", True),
        # what "them" stands for is not what is asked
        ("How many recovery keys does the vault issue?", "Vault. Passwords", "The vault keeps 8 of them.", False),
        # no pronoun: the heading says what the section is about, not what this sentence counts
        ("How many recovery keys does the vault issue?", "Vault. Recovery keys", "Sign in within 8 days.", False),
        ("How many recovery keys does the vault issue?", "", "The vault issues 8 of them.", False),
    ],
)
def test_a_count_of_them_counts_what_the_heading_above_names(
    question: str, place: str, text: str, counted: bool
) -> None:
    assert counts_asked(question, read_under(place, text)) is counted
    assert (fit(question, text, place) == 2) is counted


def test_a_number_given_to_a_parameter_named_for_the_thing_counts_it() -> None:
    q = "How many uploads does the handler accept at once?"
    sig = "Signature: `handler.receive(max_uploads=1000, max_parts=2000)`"
    assert states(Kind.QUANTITY, sig, q)  # a value given to a name, not the year 1000
    assert counts_asked(q, sig) and fit(q, sig) == 2
    assert not counts_asked(q, "Signature: `handler.receive(max_parts=2000)`")  # another thing's number
    # in a fenced example it is an example's argument, as any figure there is
    assert not counts_asked(q, "Call it so:\n```python\nhandler.receive(max_uploads=1000)\n```")
    # a year is still no count where it is written as one
    assert not states(Kind.QUANTITY, "The handler was written in 1998.", q)


@pytest.mark.parametrize(
    ("question", "count", "measure"),
    [
        (
            "How many messages fit in the outbox?",
            "The outbox holds about 500 messages.",
            "The outbox is capped at 2 MB.",
        ),
        (
            "How many guests can a member bring?",
            "Each member may bring two guests.",
            "A guest pass costs $5.",
        ),
        (
            "How many replicas does the cluster keep?",
            "Three replicas are kept of every shard.",
            "Replicas lag the primary by under 5 seconds.",
        ),
    ],
)
def test_how_many_is_answered_by_a_count_not_a_measure(question: str, count: str, measure: str) -> None:
    """ "How many" asks for a number of things: a size, a span, a price or a share says how big, long, dear
    or large, not how many."""
    noun, test = required_form(question)  # type: ignore[misc]
    assert noun == "count" and test(count) and not test(measure)


def test_a_count_in_the_unit_asked_is_a_count() -> None:
    _, test = required_form("How many days does the free trial last?")  # type: ignore[misc]
    assert test("The trial lasts 14 days.")
    _, test = required_form("How many years did the lease run?")  # type: ignore[misc]
    assert test("It ran for two decades.") and not test("It cost $900 a month.")
    assert required_form("How many bytes does a small integer take?") is None


@pytest.mark.parametrize(
    ("question", "of_it", "of_another"),
    [
        (
            "What is the maximum number of members a channel can have?",
            "A channel has a maximum of 500 members.",
            "Channels are listed with a maximum depth of two.",
        ),
        (
            "What is the smallest font size the editor allows?",
            "The smallest font size is 8 points.",
            "The smallest window is 400 pixels wide.",
        ),
        (
            "What is the largest attachment I can send?",
            "The largest attachment you can send is 25 MB.",
            "The largest team on a plan has 50 seats.",
        ),
    ],
)
def test_an_extreme_states_a_limit_of_what_it_names(question: str, of_it: str, of_another: str) -> None:
    """An extreme that names what it is of ("a maximum depth of two") bounds that thing, not the one asked."""
    noun, test = required_form(question)  # type: ignore[misc]
    assert noun == "limit" and test(of_it) and not test(of_another)
    assert test("Values run from 1 to 100.") and test("There is a maximum of 3.")


def test_a_number_naming_a_section_or_release_counts_nothing() -> None:
    """ "See Section 70.4.1", "Chapter 7", "RFC 7231" or "version 2.1" point somewhere; they are no count."""
    _, test = required_form("How many shards does a cluster keep?")  # type: ignore[misc]
    assert not test("Shards are described in Section 4.2 and Chapter 7.")
    assert not test("Sharding follows RFC 7231 since version 2.1.")
    assert test("A cluster keeps 12 shards (see Section 4.2).")
    _, test = required_form("How many API tokens can I create?")  # type: ignore[misc]
    assert test("There is no limit on API tokens.") and test("You can create unlimited tokens.")


@pytest.mark.parametrize(
    ("text", "counts"),
    [
        ("Defaults to the number of CPU cores on the host.", True),
        ("The pool size is set to the number of shards.", True),
        ("It starts one per CPU core.", True),
        ("The number of parallel jobs the scheduler should start.", False),
        ("Jobs run in parallel on every host.", False),
    ],
)
def test_a_count_is_stated_by_what_it_equals(text: str, counts: bool) -> None:
    """ "Defaults to the number of CPU cores" answers "how many" as a figure does; "the number of parallel
    jobs ..." says what a setting is, not its value."""
    question = "How many jobs does the scheduler start by default?"
    assert states(Kind.QUANTITY, text, question) is counts
    noun, test = required_form(question)  # type: ignore[misc]
    assert noun == "count" and test(text) is counts


def test_a_count_by_what_it_equals_counts_what_its_heading_names() -> None:
    assert counts_asked(
        "How many jobs run at once?", read_under("Options > `--jobs`", "Defaults to the number of CPUs.")
    )
    assert not counts_asked(
        "How many jobs run at once?", read_under("Options > `--retries`", "Defaults to the number of CPUs.")
    )


@pytest.mark.parametrize(
    ("part", "thing"),
    [
        ("Which cipher does the vault use?", "cipher"),
        ("and which region are the replicas kept in?", "region"),
        ("What courier does the shop ship with by default?", "courier"),  # a default names no thing
        ("Which storage type is the default?", "storage"),  # the word before "type" names the thing
        ("Which way does the valve turn?", None),
        ("Which version does the runner need?", None),  # the version form reads it
        ("What port does the agent listen on?", None),  # a figure is asked: the kind check reads it
        ("How do I rotate a key?", None),
    ],
)
def test_the_thing_a_part_asks_which_one_of(part: str, thing: str | None) -> None:
    assert kinds.thing_asked(part) == thing


@pytest.mark.parametrize(
    ("part", "text", "names"),
    [
        ("Which cipher does the vault use?", "Backups are sealed with the XChaCha20 cipher.", True),
        ("Which cipher does the vault use?", "Backups are sealed before they leave the host.", False),
        ("Which cipher does the vault use?", "Ciphers\nBackups use XChaCha20.", True),  # its heading
        ("Which engine does the renderer use?", "It runs as the `render_engine` setting says.", True),  # a code name
        ("What level does the logger write at?", "It writes at 30.", True),
        ("What level does the logger write at?", "It writes quietly.", False),
        ("Which flag does the importer need?", "Pass `--no-header`.", True),
        ("Which courier does the shop use?", "Parcels leave from `dock-2`.", False),  # code names no courier
        # A name names one without the noun; an acronym alone is the topic's vocabulary, not an answer.
        ("Which browsers does the editor support?", "The editor runs in Chrome, Firefox and Safari.", True),
        ("What payment methods do you take?", "We take Visa, Mastercard and bank transfers.", True),
        ("Which cipher does the relay use?", "The relay signs every request sent over HTTP.", False),
        ("Which driver do I need to install?", "Run `pip install fastpg`.", True),  # what to install
        # "format" is no word of what to do here, but the thing asked: code names no format.
        ("What image format does the chart plugin render to?", "Set `chart_alt` for the alt text.", False),
        # "value" is any value: a figure or one written as code
        ("What value does the retry counter start from?", "The counter starts at 1.", True),
        ("What value does the proxy setting hold when unset?", "It is `None` until configured.", True),
        ("What value does the retry counter start from?", "The counter starts when a request fails.", False),
    ],
)
def test_a_sentence_names_one_of_the_thing_asked_by_its_noun_a_figure_or_code(
    part: str, text: str, names: bool
) -> None:
    thing = kinds.thing_asked(part)
    assert thing is not None and kinds.names_thing(part, thing, text) is names


@pytest.mark.parametrize(
    ("text", "example"),
    [
        ("For example, to record the request id:\n```python\nrecord(id=1)\n```", True),
        ("Here's an example:\n```yaml\nretries: 3\n```", True),
        ("```sh\nqueue drain --all\n```", True),
        ("For instance, with two workers:", True),  # an introduction quoted without its block
        # A sentence before a block that tells what to do, or prose that only opens with "for example".
        ("Register the hook in your package:\n```toml\n[hooks]\nx = 1\n```", False),
        ("For example, the queue drains every night.", False),
        ("The queue drains every night.", False),
    ],
)
def test_an_example_is_code_and_what_introduces_it_as_one(text: str, example: bool) -> None:
    assert kinds.only_an_example(text) is example


@pytest.mark.parametrize(
    ("question", "span", "other"),
    [
        (
            "How far back does the audit log go?",
            "Audit events are kept for 90 days.",
            "The audit log lists 12 event types.",
        ),
        (
            "how far back can I restore a file?",
            "Versions are kept for 30 days.",
            "You can restore up to 50 files at once.",
        ),
        ("How far back do the logs go?", "Logs are kept for two weeks.", "Logs hold 3 files."),
    ],
)
def test_how_far_back_asks_for_a_span_of_time(question: str, span: str, other: str) -> None:
    """ "How far back" asks how far into the past: a span answers it, another figure of the page does not."""
    assert kinds.fit(question, span) == 2
    assert kinds.fit(question, other) != 2


@pytest.mark.parametrize(
    ("question", "table", "states"),
    [
        (
            "Which container engine is the default?",
            "| Option name | Description |\n|---|---|\n| `create_args` | Strings passed to the engine. |\n"
            "| `disable_host_mount` | By default, the host filesystem is mounted at `/host`. |",
            False,
        ),
        (
            "What is the default log level?",
            "| Setting | Meaning |\n|---|---|\n| `log_format` | Defaults to `json`. |",
            False,
        ),
        (
            "What is the default of disable_host_mount?",
            "| Option name | Description |\n|---|---|\n| `disable_host_mount` | By default, the host filesystem is "
            "mounted at `/host`. |",
            True,
        ),
        (
            "What does the retry count default to?",
            "| Setting | Default |\n|---|---|\n| retries | 3 (the default) |",
            True,
        ),
    ],
)
def test_a_table_row_of_another_parameter_states_no_default_of_the_thing_asked(
    question: str, table: str, states: bool
) -> None:
    """A row labelled by a parameter's name in code says that parameter's default; the question's own
    parameter (said in its words) or a row labelled in plain words still states one."""
    form = kinds.required_form(question)
    assert form is not None and form[0] == "default"
    assert form[1](table) is states


@pytest.mark.parametrize(
    ("noun", "place"),
    [("engine", "Options > `container-engine`"), ("backend", "Settings > `cache-backend`"), ("port", "`http-port`")],
)
def test_a_hyphenated_name_in_code_names_its_words(noun: str, place: str) -> None:
    assert kinds.names_noun(noun, f"{place}\nDefault: `x`")


@pytest.mark.parametrize(
    ("question", "form"),
    [
        ("What special string reads the minimum version from the requirements?", None),
        ("What setting controls the maximum upload size?", None),
        ("Which option sets the lowest log level shown?", None),
        ("Which plan has the highest storage limit?", "limit"),
        ("What is the maximum file size?", "limit"),
        ("Which role gets the highest discount?", "limit"),
    ],
)
def test_a_limit_the_thing_asked_acts_on_is_not_what_is_asked(question: str, form: str | None) -> None:
    """ "What X reads the minimum version" asks for an X; a limit is asked where the thing is or has it."""
    found = kinds.required_form(question)
    assert (found[0] if found else None) == form
