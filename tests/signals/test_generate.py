"""The extractive generator: which sentences of the supporting passage an answer quotes."""

from __future__ import annotations

from collections.abc import Sequence

import pytest

from answerable.backends.generation.extractive import ExtractiveGenerator
from answerable.core.types import Claim, Passage
from answerable.signals.quoting import (
    antecedent,
    as_confirmed,
    as_ranked,
    as_said,
    asks,
    documents,
    entries_ranked,
    entry_under_page,
    lacks_kind,
    pick,
    quotable,
    refers_back,
    rows_asked,
    tables_asked,
    under_heading,
    without_pointers,
)

CLAIM = Claim("c1", "How long is an invitation valid?")


def favour(word: str):  # type: ignore[no-untyped-def]
    """Scores the sentences that contain `word` highest."""

    def score(query: str, texts: Sequence[str]) -> list[float]:
        return [0.9 if word in t else 0.1 for t in texts]

    return score


def quoted(text: str, word: str) -> list[str]:
    draft = ExtractiveGenerator(favour(word)).generate(CLAIM.text, [(CLAIM, [Passage("p#1", "p", text)])])
    return [s.text for s in draft.sentences]


def test_a_sentence_that_refers_back_is_quoted_with_the_sentence_before_it() -> None:
    text = "Owners send invitations from Settings. It expires after 7 days. Resend it from the same page."
    assert quoted(text, "7 days") == ["Owners send invitations from Settings.", "It expires after 7 days."]


def test_an_entry_is_quoted_without_the_entry_before_it() -> None:
    """An entry opens with the name of what it documents; its "this" is that, not the entry above it, nor a
    version note that closes the entry above."""
    text = (
        "`CACHE_TTL`: Seconds a cached page is kept. Default: `300`\n\nNew in version 2.0.\n\n"
        "`USE_ETAGS`: Send an `ETag` header with each page. Proxies recognise this header and skip unchanged pages. "
        "Default: `True`"
    )
    question = "What does USE_ETAGS do?"
    draft = ExtractiveGenerator(favour("ETag"), max_sentences=1).generate(
        question, [(Claim("c1", question), [Passage("config#3", "config", text)])]
    )
    assert draft.sentences[0].text.startswith("`USE_ETAGS`:")
    assert not any("CACHE_TTL" in s.text or "New in version" in s.text for s in draft.sentences)
    # an entry's own later paragraph still refers to its first
    entry = ["`pool_size`: The number of connections kept open.", "`pool_size`: This setting can change at runtime."]
    assert antecedent(entry, 1) == 0 and antecedent(["`a`: Sets a.", "`b`: This setting sets b."], 1) is None
    # what introduces an entry stays its context
    introduced = ["Both stores accept this parameter:", "`ttl`: This parameter sets how long a key lives."]
    assert antecedent(introduced, 1) == 0


def test_the_antecedent_does_not_displace_a_neighbour_that_completes_the_answer() -> None:
    def score(query: str, texts: Sequence[str]) -> list[float]:  # the pair with "resent" answers best
        return [0.99 if "7 days" in t and "resent" in t else 0.9 if "7 days" in t else 0.1 for t in texts]

    text = "Owners send invitations. It expires after 7 days. Then it can be resent. Admins see it."
    draft = ExtractiveGenerator(score).generate(CLAIM.text, [(CLAIM, [Passage("p#1", "p", text)])])
    got = [s.text for s in draft.sentences]
    assert got == ["Owners send invitations.", "It expires after 7 days.", "Then it can be resent."]


def test_a_self_contained_sentence_is_quoted_alone() -> None:
    text = "Owners send invitations from Settings. Invitations expire after 7 days. Resend them later."
    assert quoted(text, "7 days") == ["Invitations expire after 7 days."]


def test_a_first_sentence_has_nothing_before_it() -> None:
    text = "It expires after 7 days. Owners send invitations from Settings."
    assert quoted(text, "7 days") == ["It expires after 7 days."]


def test_what_counts_as_referring_back() -> None:
    assert refers_back("As a result, exports slowed.") and refers_back('"They are kept for 25 months."')
    assert refers_back("The latter flows west into a sluice at Katwijk.")
    assert not refers_back("There are three plans.") and not refers_back("Thistles grow.")
    assert not refers_back("Items expire after 30 days.")
    # an opening clause that stands on what was said before
    for opening in (
        "If it doesn't, Stowly retries.",
        "If so, open Settings.",
        "If not, wait a day.",
        "When this happens, syncing stops.",
        "In that case, contact support.",
        "After that, the link expires.",
        "Once they accept, they join.",
        # a clause without its subject: what is specified is what the sentence before named
        "If specified, the length must be greater than zero.",
        "When enabled, the proxy rewrites every header.",
        "Unless given, the port is chosen at random.",
        "Yes, with a share link.",  # a reply to the question before it
        "No. Exports are manual.",
    ):
        assert refers_back(opening), opening
    for opening in (
        "If an endpoint fails, it is retried.",
        "When the export ends, you get an email.",
        "Before the trial ends, pick a plan.",
        "Iffy links are blocked.",
        "When enabled features change, the log says so.",
        "If given a path, it reads the file.",
        "No credit card is needed.",
        "Nobody can.",
    ):
        assert not refers_back(opening), opening


def test_a_demonstrative_and_its_noun_anywhere_refer_back() -> None:
    """ "The --quick flag skips this step." says which step only after the sentence before it."""
    for sentence in (
        "The `--quick` flag skips this step and `--full` runs it.",
        "Owners can change these limits from Settings.",
        "Deleting the key removes those permissions at once.",
    ):
        assert refers_back(sentence), sentence
    for sentence in (
        "You can do this by editing the file.",  # a pronoun before a function word
        "See this page for the details.",  # the document itself
        "Run the importer like this:",  # what follows
        "The number of workers defaults to the number of CPUs.",
    ):
        assert not refers_back(sentence), sentence
    text = "By default the importer checks every row. The `--quick` flag skips this check. Rows are logged."
    assert quoted(text, "skips") == [
        "By default the importer checks every row.",
        "The `--quick` flag skips this check.",
    ]
    # a pointer between them names nothing "this check" could mean
    text = "By default the importer checks every row. Read more about our checks. The `--quick` flag skips this check."
    assert quoted(text, "skips") == [
        "By default the importer checks every row.",
        "The `--quick` flag skips this check.",
    ]


def test_a_consequence_is_quoted_with_the_condition_it_stands_on() -> None:
    """ "If it doesn't, Stowly retries ..." had been quoted without "Your endpoint must return a 2xx status
    within 10 seconds.", the sentence that says what "it" does not do."""
    text = (
        "Your endpoint must return a 2xx status within 10 seconds. If it doesn't, the delivery is retried "
        "up to 8 times over 24 hours. Events are signed."
    )
    assert quoted(text, "8 times") == [
        "Your endpoint must return a 2xx status within 10 seconds.",
        "If it doesn't, the delivery is retried up to 8 times over 24 hours.",
    ]


def test_each_sentence_names_the_claim_it_answers() -> None:
    """The gate judges each part of a question by its own sentences (tests/signals/test_kinds.py)."""
    claims = [Claim("c1", "How long is an invitation valid?"), Claim("c2", "Who can send one?")]
    passages = [Passage("p#1", "p", "Invitations expire after 7 days."), Passage("q#1", "q", "Admins invite people.")]
    draft = ExtractiveGenerator(favour("xx")).generate("", [(c, [p]) for c, p in zip(claims, passages, strict=True)])
    assert [(s.text, s.claim_ids) for s in draft.sentences] == [
        ("Invitations expire after 7 days.", ("c1",)),
        ("Admins invite people.", ("c2",)),
    ]


COUNT = "How many charts fit on a dashboard?"
DASHBOARD = [
    "Use them to compare, for example, one country across all charts.",
    "A dashboard collects charts about one topic.",
    "A dashboard holds up to 40 charts.",
]


def test_the_sentence_with_the_form_asked_for_is_picked_over_one_the_ranker_scores_a_little_higher() -> None:
    assert pick(COUNT, DASHBOARD, [0.56, 0.55, 0.50]) == 2
    assert pick(COUNT, DASHBOARD, [0.56, 0.55, 0.50], kind_weight=0) == 0
    # Far below the ranker's best, the form does not carry it.
    assert pick(COUNT, DASHBOARD, [0.99, 0.55, 0.01]) == 0


def test_no_sentence_is_reached_for_when_the_best_states_no_figure_but_one_counting_the_thing_asked() -> None:
    """The gate withholds such an answer; quoting a lower sentence with some figure would answer it, and on
    every measured set answered unanswerable questions. A count of the very thing asked ("40 charts" for
    "how many charts") is the answer's form itself: "How many periods does a retention chart show?" was
    withheld over "Each row is a cohort and each column a period ..." beside "A chart shows up to 12
    periods."."""
    texts = ["Open Dashboards > New dashboard and add charts.", "A dashboard holds up to 40 charts."]
    assert pick(COUNT, texts, [0.56, 0.50]) == 1
    other_figure = ["Open Dashboards > New dashboard and add charts.", "A dashboard loads in 2 seconds."]
    assert pick(COUNT, other_figure, [0.56, 0.50]) == 0
    # ... and only a count about what the best sentence is about: SQuAD 2.0's "How many components do
    # tentilla have?" is not answered from colloblasts' components.
    tentilla = [
        "The tentilla of Euplokamis differ significantly from those of other cydippids.",
        "Colloblasts are specialized cells, and have three main components.",
    ]
    assert pick("How many components do tentilla have?", tentilla, [0.6, 0.2]) == 0
    # What a sentence is about includes its page title and section heading.
    periods = ["Each row is a cohort and each column a period.", "A chart shows up to 12 periods."]
    about = [
        f"Retention charts\nOpen Analyze > Retention > New retention chart\n{periods[0]}",
        f"Retention charts\n{periods[1]}",
    ]
    question = "How many periods does a retention chart show?"
    assert pick(question, periods, [0.4, 0.3], about=about) == 1
    assert pick(question, periods, [0.4, 0.3], about=[about[0], periods[1]]) == 0


def test_a_span_for_how_long_is_reached_for_when_it_is_about_what_the_best_sentence_is_about() -> None:
    """ "How long does the free trial last?" was withheld over "No credit card is needed to start." (the
    ranker's best) beside "New workspaces can try the Business plan free for 14 days ..." under the same
    "Free trial" heading. A span is the finer form "how long" asks for, as a count is for "how many"; a
    figure that is no span, or a span about something else, is not reached for."""
    question = "How long does the free trial last?"
    trial = ["No credit card is needed to start.", "New workspaces can try the Business plan free for 14 days."]
    about = [f"Plans and pricing\nFree trial\n{trial[0]}", f"Plans and pricing\nFree trial\n{trial[1]}"]
    assert pick(question, trial, [0.6, 0.3], about=about) == 1
    # A figure that is not a span ("up to 10 users") does not have the form asked.
    users = [trial[0], "New workspaces can invite up to 10 users."]
    assert pick(question, users, [0.6, 0.3], about=[about[0], f"Plans and pricing\nFree trial\n{users[1]}"]) == 0
    # Nor does a span on another page, about neither the trial nor anything free.
    other = [trial[0], "Invitation links stay valid for 7 days."]
    assert pick(question, other, [0.6, 0.3], about=[about[0], f"User management\nInvitations\n{other[1]}"]) == 0


def test_a_count_in_the_best_sentences_own_section_is_about_what_it_is_about() -> None:
    """A section under a heading is about one thing: a count of the thing asked in the best sentence's own
    section ("`--jobs`") answers though it repeats none of the best sentence's words; in a bare paragraph,
    which may speak of several things, it must still be about what the best sentence is about."""
    question = "How many jobs does the linter start when it checks many files?"
    texts = ["When the linter checks many files, it may start a process pool.", "Defaults to the number of CPUs."]
    about = [f"Usage\nOptions > `--jobs`\n{t}" for t in texts]
    assert pick(question, texts, [0.9, 0.1], about=about) == 1
    assert pick(question, texts, [0.9, 0.1], about=texts) == 0
    other = [f"Usage\nOptions > `--watch`\n{texts[0]}", f"Usage\nOptions > `--jobs`\n{texts[1]}"]
    assert pick(question, texts, [0.9, 0.1], about=other) == 0


def test_the_askers_story_is_no_word_the_finer_sentence_must_mention() -> None:
    """What the best sentence shares with the asker's story ("I'm presenting to a client tomorrow.") is no
    part of what the answer must be about: only what is asked is. A span under the same heading answers
    "how long" though it never says the product's name the story and the best sentence say."""
    about_pause = [
        "Screen sharing\nPausing notifications\nOpen the Hubly menu and choose Do not disturb.",
        "Screen sharing\nPausing notifications\nNotifications can be paused for 1 hour, 4 hours or a day.",
    ]
    texts = [a.rsplit("\n", 1)[1] for a in about_pause]
    question = "I'm presenting to a client in Hubly tomorrow. How long can notifications be paused?"
    assert pick(question, texts, [0.6, 0.3], about=about_pause) == 1
    # The same story told inside the question is what it asks: the span must then say it too.
    assert pick("How long can notifications in Hubly be paused?", texts, [0.6, 0.3], about=about_pause) == 0
    # A story does not let a span about another thing stand in.
    fridge = ["Press Eco on the MaxCool panel to save power.", "Invitations stay valid for 7 days."]
    about_fridge = [f"Settings\nEco mode\n{fridge[0]}", f"Accounts\nInvites\n{fridge[1]}"]
    asked = "We are away on holiday with a MaxCool at home. How long does eco mode stay on?"
    assert pick(asked, fridge, [0.6, 0.3], about=about_fridge) == 0
    storage = [
        "Use the Vaultly app to move old files to the archive tier.",
        "Files in the archive tier are kept for 10 years.",
    ]
    about_storage = [f"Archive\nArchive tier\n{storage[0]}", f"Archive\nArchive tier\n{storage[1]}"]
    told = "Our lab keeps its raw data in Vaultly. How long are files in the archive tier kept?"
    assert pick(told, storage, [0.6, 0.3], about=about_storage) == 1


def test_a_neighbour_stating_a_figure_is_not_added_to_a_best_sentence_that_states_none() -> None:
    """ "How big can an export be?" was answered with "If your export would be larger, narrow the date
    range. A project can run one export at a time.": the pair scored higher, and its "one" passed the
    kind check. The best sentence is quoted alone, and the gate withholds it."""
    claim = Claim("c1", "How big can an export be?")
    text = (
        "An export is limited to 1 GB. If your export would be larger, narrow the date range. "
        "A project can run one export at a time."
    )

    def score(query: str, texts: Sequence[str]) -> list[float]:
        return [0.9 if "larger" in t and "one export" in t else 0.6 if "larger" in t else 0.4 for t in texts]

    draft = ExtractiveGenerator(score).generate(claim.text, [(claim, [Passage("p#1", "p", text)])])
    assert [s.text for s in draft.sentences] == ["If your export would be larger, narrow the date range."]
    # Where the best sentence states a figure, the pair is quoted as before.
    how_long = Claim("c1", "How long is an invitation valid?")
    text = "Invitations expire after 7 days. Resend them from the same page. Admins see them."

    def pair(query: str, texts: Sequence[str]) -> list[float]:
        return [0.9 if "7 days" in t and "Resend" in t else 0.6 if "7 days" in t else 0.1 for t in texts]

    draft = ExtractiveGenerator(pair).generate(how_long.text, [(how_long, [Passage("p#1", "p", text)])])
    assert [s.text for s in draft.sentences] == ["Invitations expire after 7 days.", "Resend them from the same page."]


@pytest.mark.parametrize(
    ("question", "text", "quoted"),
    [
        (
            "What time does the pool close on weekdays?",
            "On weekdays the pool closes at 9 pm. On Sundays it closes at 5 pm.",
            ["On weekdays the pool closes at 9 pm."],
        ),
        (
            "When does the help desk open on Saturday?",
            "On Saturdays the desk opens at 10 am. On weekdays it opens at 8 am.",
            ["On Saturdays the desk opens at 10 am."],
        ),
        (  # the neighbour speaks of the day asked too: quoted as before
            "When does the help desk open on Saturday?",
            "On Saturdays the desk opens at 10 am. It closes at 2 pm on Saturdays.",
            ["On Saturdays the desk opens at 10 am.", "It closes at 2 pm on Saturdays."],
        ),
    ],
)
def test_a_neighbour_about_other_days_of_the_week_is_not_added(question: str, text: str, quoted: list[str]) -> None:
    """A sentence about other days than the one asked adds nothing to the answer for that day, however well
    the pair scores."""
    claim = Claim("c1", question)

    def pair(query: str, texts: Sequence[str]) -> list[float]:
        return [0.9 if t.count(". ") >= 1 and t.endswith(".") and len(t) > 45 else 0.6 for t in texts]

    draft = ExtractiveGenerator(pair).generate(claim.text, [(claim, [Passage("p#1", "p", text)])])
    assert [s.text for s in draft.sentences] == quoted


def test_a_question_that_asks_for_no_form_keeps_the_rankers_order() -> None:
    texts = ["Open Settings > API keys and click Rotate.", "A project can have at most 10 active API keys."]
    assert pick("How do I rotate an API key?", texts, [0.6, 0.5]) == 0


def test_the_generator_quotes_the_sentence_picked() -> None:
    def score(query: str, texts: Sequence[str]) -> list[float]:
        return [0.56 if "compare" in t else 0.5 if "40" in t else 0.1 for t in texts]

    claim = Claim("c1", COUNT)
    draft = ExtractiveGenerator(score, max_sentences=1).generate(
        COUNT, [(claim, [Passage("p#1", "p", " ".join(DASHBOARD))])]
    )
    assert [s.text for s in draft.sentences] == ["A dashboard holds up to 40 charts."]


def test_a_second_ranker_re_ranks_only_once_the_kind_check_is_settled() -> None:
    asked: list[str] = []

    def second(query: str, texts: Sequence[str]) -> list[float]:
        asked.append(query)
        return [0.9 if "topic" in t else 0.2 for t in texts]

    # It may overrule the first ranker among sentences that state the figure asked for ...
    assert pick(COUNT, DASHBOARD, [0.56, 0.55, 0.50], rescore=second) == 1
    # ... but never for one that states none: that would turn the gate's abstention into an answer.
    texts = ["A dashboard holds one page of charts.", "Open Dashboards and add a topic chart.", "It holds 40 charts."]
    assert pick(COUNT, texts, [0.56, 0.55, 0.50], rescore=second) == 2
    # When the first ranker's best states no figure, the gate withholds the answer; nothing is re-ranked
    # (a sentence counting the thing asked is taken instead, without the second ranker).
    asked.clear()
    assert pick(COUNT, texts[:2], [0.5, 0.6], rescore=second) == 1 and asked == []
    assert pick(COUNT, [texts[1], "A dashboard holds 40 charts."], [0.6, 0.5], rescore=second) == 1 and asked == []
    # A question that asks for no kind is re-ranked freely.
    assert pick("What is a dashboard about?", texts, [0.1, 0.2, 0.9], rescore=second) == 1


def test_a_question_on_the_page_is_never_quoted_as_the_answer() -> None:
    """A forum post's question scores high on the asker's words; its reply is the answer."""
    text = "Is the invitation link valid for a week? Yes: an invitation expires after 7 days."
    assert quoted(text, "invitation") == ["Yes: an invitation expires after 7 days."]
    # A page that holds nothing but the question has nothing to quote: the claim is left without a sentence.
    assert quoted("How long is an invitation valid?", "invitation") == []
    assert asks('Is there a dark mode?"') and not asks("Dark mode? Not on public links.")


@pytest.mark.parametrize(
    "text",
    [
        "See [Refunds and delay credits](../fares/refunds.md).",
        "For details, see Refunds and delay credits.",
        "Refer to [Billing](billing.md) for refund rules.",
    ],
)
def test_a_section_that_only_points_to_another_page_gives_no_answer(text: str) -> None:
    """A FAQ entry whose answer is a link ("How do I get my money back? See Refunds ...") answered "Can I get
    anything back?" with the pointer alone: it says nothing, so nothing is drafted and the gate withholds."""
    assert quoted(text, "refund") == []


def test_a_list_items_number_is_not_quoted() -> None:
    """'2.' is layout; quoted, it reads as a figure of the answer."""
    text = "SSO takes two steps.\n1. Open Settings > SSO.\n2. In your identity provider, enter the ACS URL shown there."
    assert quoted(text, "ACS URL") == ["In your identity provider, enter the ACS URL shown there."]


def test_a_sentence_that_introduces_a_list_is_read_and_quoted_with_it() -> None:
    """ "To place a hold:" was quoted alone; an item the ranker prefers is still quoted alone."""
    steps = "To set up SSO:\n1. Open Settings > SSO.\n2. In your identity provider, enter the ACS URL shown there."
    read: list[str] = []

    def ranker(best: str):  # type: ignore[no-untyped-def]
        def score(query: str, texts: Sequence[str]) -> list[float]:
            read.extend(texts)
            return [0.9 if t.startswith(best) else 0.1 for t in texts]

        return score

    def answer(best: str) -> list[str]:
        draft = ExtractiveGenerator(ranker(best)).generate(CLAIM.text, [(CLAIM, [Passage("p#1", "p", steps)])])
        return [s.text for s in draft.sentences]

    assert answer("To set up") == [
        "To set up SSO:",
        "Open Settings > SSO.",
        "In your identity provider, enter the ACS URL shown there.",
    ]
    assert steps in read  # the introduction is scored with its list
    assert answer("2. In your") == ["In your identity provider, enter the ACS URL shown there."]


def test_a_sentence_that_only_points_to_another_page_is_never_quoted() -> None:
    """ "For what happens to your files after cancelling, see the [FAQ](...)." answered nothing."""
    text = (
        "The Owner can cancel from Billing. For what happens to your files after cancelling, see the "
        "[FAQ](../faq.md). Files are kept for 60 days after cancelling."
    )
    assert quoted(text, "cancelling") == ["Files are kept for 60 days after cancelling."]


def test_a_sentence_that_refers_back_is_scored_after_the_sentence_before_it() -> None:
    """Which plan "It" is, only the sentence before says: scored alone, both "It includes ..." score alike."""

    def score(query: str, texts: Sequence[str]) -> list[float]:  # events asked on the Free plan
        return [0.4 * ("events" in t) + 0.5 * ("Free" in t) + 0.05 for t in texts]

    text = (
        "The Growth plan costs $59. It includes up to 10 million events per month. "
        "The Free plan costs $0. It includes up to 1 million events per month."
    )
    claim = Claim("c1", "How many events a month can I send on the Free plan?")
    draft = ExtractiveGenerator(score).generate(claim.text, [(claim, [Passage("p#1", "p", text)])])
    assert [s.text for s in draft.sentences] == [
        "The Free plan costs $0.",
        "It includes up to 1 million events per month.",
    ]


def test_sentences_are_ranked_under_their_section_heading_and_quoted_without_it() -> None:
    """ "N-day is the default." says what it is the default of only under its heading."""
    claim = Claim("c1", "Which retention type is the default?")
    section = Passage(
        "r#2",
        "r",
        "N-day counts exact periods. N-day is the default.",
        title="Retention charts",
        heading_path=("Retention charts", "N-day and unbounded retention"),
    )
    listing = Passage(
        "r#1",
        "r",
        "Choose the return event (any event by default).",
        title="Retention charts",
        heading_path=("Retention charts", "Creating a chart"),
    )
    seen: list[str] = []

    def score(query: str, texts: Sequence[str]) -> list[float]:
        seen.extend(texts)
        return [0.8 if "unbounded retention" in t else 0.6 if "default" in t else 0.1 for t in texts]

    draft = ExtractiveGenerator(score, max_sentences=1).generate(claim.text, [(claim, [listing, section])])
    assert [s.text for s in draft.sentences] == ["N-day is the default."]
    assert "N-day and unbounded retention. N-day is the default." in seen
    # The page's top heading names the page, like its title: a page without sections is read as it is (a
    # forum page's "Is there a dark mode?" would make the question post read as its answer).
    for top in ("API keys", "Is there a key expiry?"):
        page = Passage("p#1", "p", "Keys expire after 90 days.", title="API keys", heading_path=(top,))
        assert under_heading(page, "Keys expire after 90 days.") == "Keys expire after 90 days."


def test_a_page_whose_headings_do_not_open_with_its_name_is_read_under_its_title() -> None:
    """A manual page's sections ("OPTIONS") and a reference page's ("Usage > Variables") do not open with the
    page's name, which only its title gives: they are read under it, and under their own heading; a page
    whose headings open with its name (or a question) is read as before."""
    text = "`-q`: Print nothing but errors."
    man = Passage("tarpit#3", "tarpit", text, title="tarpit(1)", heading_path=("OPTIONS",))
    assert under_heading(man, text) == "tarpit(1). OPTIONS. `-q`: Print nothing but errors."
    ref = Passage("qcli#9", "qcli", text, title="qcli", heading_path=("Usage", "Variables"))
    assert under_heading(ref, text) == "qcli. Variables. `-q`: Print nothing but errors."
    for path in (("Tarpit options",), ("Tarpit options", "Output"), ("Tarpit: options",)):
        page = Passage("t#1", "t", text, title="Tarpit options", heading_path=path)
        expected = text if len(path) == 1 else f"Output. {text}"
        assert under_heading(page, text) == expected, path
    # A title that asks is not read; nor are passages without sections (the shared datasets).
    post = Passage("f#1", "f", text, title="How do I silence tarpit?", heading_path=("Answers",))
    assert under_heading(post, text) == f"Answers. {text}"
    plain = Passage("w#1", "w", text, title="Tarpit")
    assert under_heading(plain, text) == text


def test_a_table_is_quoted_with_the_rows_the_question_names() -> None:
    """Every plan's row answered "How long is version history kept on the Business plan?"."""
    table = "| Plan | Version history |\n|---|---|\n| Starter | 30 days |\n| Business | 180 days |"
    asked = Claim("c1", "How long is version history kept on the Business plan?")
    draft = ExtractiveGenerator(favour("days")).generate(asked.text, [(asked, [Passage("p#1", "p", table)])])
    assert [s.text for s in draft.sentences] == ["| Plan | Version history |\n| Business | 180 days |"]
    assert rows_asked("How long is version history kept?", table) == table  # no row named: the whole table
    assert rows_asked("Is it the same on Starter and Business?", table) == table  # every row named


@pytest.mark.parametrize(
    ("claim", "kept"),
    [
        ("Does the ferry run on Christmas Day?", ["| Christmas Day | Trams only |"]),
        ("Is the library open on New Year's Day?", ["| New Year's Day | Closed |"]),
        (
            "What runs on Christmas Eve and Christmas Day?",
            ["| Christmas Eve | Saturday |", "| Christmas Day | Trams only |"],
        ),
    ],
)
def test_a_row_that_mentions_every_name_the_question_states_is_the_one_asked(claim: str, kept: list[str]) -> None:
    """A name of several words is asked as a whole: "Christmas Day" is its row, not every "... Day" row and
    "Christmas Eve"; where no row mentions every name, the rows that mention one are."""
    table = (
        "| Holiday | Service |\n|---|---|\n| Thanksgiving Day | Sunday |\n| Christmas Eve | Saturday |\n"
        "| Christmas Day | Trams only |\n| New Year's Day | Closed |"
    )
    assert rows_asked(claim, table).split("\n")[1:] == kept


def _rows(claim: str, table: str) -> list[str]:
    """The body rows `rows_asked` keeps of `table` for `claim` (its first line is the header)."""
    return rows_asked(claim, table).split("\n")[1:]


def test_a_table_row_is_asked_by_its_label_in_any_case() -> None:
    """A claim in lower case names a row by the words of its first cell, or of one alternative of it."""
    classes = (
        "| Class | Length | When |\n|---|---|---|\n| Morning yoga | 60 minutes | Mondays |\n"
        "| Evening yoga (beginners) | 45 minutes | Thursdays |\n| Spin | 30 minutes | daily |"
    )
    assert _rows("how long is a morning yoga class?", classes) == ["| Morning yoga | 60 minutes | Mondays |"]
    assert _rows("When are the evening yoga classes?", classes) == [
        "| Evening yoga (beginners) | 45 minutes | Thursdays |"
    ]
    assert rows_asked("how long do yoga classes last?", classes) == classes  # no label said whole: every row
    rates = (
        "| Service | Price |\n|---|---|\n| Standard or economy shipping | $4 |\n| Express shipping | $12 |\n"
        "| Black-and-white copies | $0.10 |\n| Gift wrapping | $3 |"
    )
    assert _rows("what does economy shipping cost", rates) == ["| Standard or economy shipping | $4 |"]
    assert _rows("price of black-and-white copies?", rates) == ["| Black-and-white copies | $0.10 |"]
    assert rows_asked("How much is shipping?", rates) == rates  # "shipping" alone labels no row
    assert _rows("How much is standard shipping?", rates) == ["| Standard or economy shipping | $4 |"]
    assert rows_asked("What if my order is standard?", rates) == rates  # "Standard" is said of shipping
    loans = "| Items | Loan |\n|---|---|\n| Books, magazines and DVDs | 3 weeks |\n| Laptops | 4 hours |"
    assert _rows("how long can I keep magazines", loans) == ["| Books, magazines and DVDs | 3 weeks |"]
    assert rows_asked("Is gift wrapping or express shipping cheaper?", rates).count("\n") == 2  # header and two rows


def test_of_the_sentences_with_the_form_asked_one_naming_what_the_question_names_is_quoted() -> None:
    """ "Business workspaces keep audit events for 1 year." was quoted for the Enterprise plan's period."""
    text = "Business workspaces keep audit events for 1 year. Enterprise workspaces keep them for 7 years."
    asked = Claim("c1", "How long do Enterprise workspaces keep audit log events?")
    one = ExtractiveGenerator(favour("Business"), max_sentences=1)
    draft = one.generate(asked.text, [(asked, [Passage("p#1", "p", text)])])
    assert [s.text for s in draft.sentences] == ["Enterprise workspaces keep them for 7 years."]
    # Where no sentence with that form names it, the ranker's choice stands.
    plain = one.generate(
        "How long are audit events kept?",
        [(Claim("c1", "How long are audit events kept?"), [Passage("p#1", "p", text)])],
    )
    assert plain.sentences[0].text == "Business workspaces keep audit events for 1 year."


def test_the_models_do_not_read_a_pointer_that_names_what_another_page_answers() -> None:
    cancel = (
        "The Owner can cancel from **Admin console > Billing > Plan > Cancel subscription**. For what happens to "
        "your files after cancelling, see the [FAQ](../troubleshooting/faq.md)."
    )
    assert (
        without_pointers(cancel)
        == "The Owner can cancel from **Admin console > Billing > Plan > Cancel subscription**."
    )
    # A bare pointer names a page only, and text without a pointer, or nothing but one, is read as it is.
    bare = "Yes. Paying annually costs less. See [Plans and pricing](../billing/plans.md)."
    alone = "For link options, see [Team folders and sharing](../sync/team-folders.md)."
    for text in (bare, "Exports can be up to 5 GB.\nLarger ones are split.", alone):
        assert without_pointers(text) == text
    p = Passage("billing#6", "billing", cancel, title="Invoices", heading_path=("Invoices", "Cancel your subscription"))
    assert as_ranked(p, "What happens to our files after we cancel?") == (
        "Cancel your subscription. The Owner can cancel from **Admin console > Billing > Plan > Cancel subscription**."
    )


def test_the_models_read_a_table_as_the_rows_the_question_names() -> None:
    """A table of eight error codes scored 0.40 for "what does error E309 mean" and lost to a page that only
    mentions E309 (0.44); its header with the E309 row scores 0.73."""
    table = (
        "| Code | Meaning |\n|---|---|\n| E204 | The path is too long |\n"
        "| E309 | The workspace storage quota is full |\n"
        "| E311 | The file is larger than the maximum file size |"
    )
    text = f"Each code the app may show:\n\n{table}\n\nFor E503, the app retries every 5 minutes."
    cut = tables_asked("what does error E309 mean", text)
    assert cut == (
        "Each code the app may show:\n| Code | Meaning |\n| E309 | The workspace storage quota is full |\n"
        "For E503, the app retries every 5 minutes."
    )
    # As the answer quotes it: with no row named, or every row, the table is read whole; text with no
    # table as it is.
    for question in ("What do the error codes mean?", "What do E204, E309 and E311 mean?"):
        assert tables_asked(question, table) == table
    assert tables_asked("what does error E309 mean", "E309 means the quota is full.") == "E309 means the quota is full."
    p = Passage("errors#1", "errors", table, title="Sync errors", heading_path=("Sync errors", "Error codes"))
    assert as_ranked(p, "what does error E309 mean") == (
        "Error codes. | Code | Meaning |\n| E309 | The workspace storage quota is full |"
    )


def test_of_neighbouring_entries_the_one_naming_the_identifier_asked_is_quoted() -> None:
    """A reference page lists settings one after another: the ranker reads topics and may score a
    neighbour's entry higher, but only the entry (or prose) naming the identifier asked answers for it."""
    entries = (
        "`cache_ttl_seconds (integer)`: How long an entry is kept. The default is 300.\n"
        "`cache_max_entries (integer)`: The most entries the cache holds. The default is 10000.\n"
        "`--retry-backoff SECONDS`: The wait between retries."
    )
    page = [Passage("ref#1", "ref", entries, title="Configuration")]
    one = ExtractiveGenerator(favour("max_entries"), max_sentences=1)
    for question, expected in [
        ("What is the default of cache_ttl_seconds?", "`cache_ttl_seconds (integer)`"),
        ("Does `cache_ttl_seconds` have a default value?", "`cache_ttl_seconds (integer)`"),
        ("What does the --retry-backoff option set?", "`--retry-backoff SECONDS`"),
    ]:
        draft = one.generate(question, [(Claim("c1", question), page)])
        assert draft.sentences[0].text.startswith(expected), (question, draft.sentences[0].text)
    # No identifier named, or none that any sentence mentions: the ranker's choice stands.
    for question in ["How many entries can the cache hold?", "What is the default of cache_size_limit?"]:
        draft = one.generate(question, [(Claim("c1", question), page)])
        assert draft.sentences[0].text.startswith("`cache_max_entries (integer)`"), question


def test_the_entry_a_question_asks_about_in_its_own_words_is_quoted() -> None:
    """A question names a setting in words ("the request timeout") or as code: the entry that defines it
    answers, not a neighbour that the ranker, reading topics, scores higher; the question's other names
    (the product) are the entry's context, which it does not repeat."""
    entries = (
        "`request_timeout (float)`: Seconds to wait for a response. The default is 5.0.\n"
        "`connect_timeout (float)`: Seconds to wait for a connection to Quillbox. The default is 2.0.\n"
        "`pool size`: Connections kept open. The default is 10.\n"
        "`retries`: How often a request is tried again. The default is 3."
    )
    page = [Passage("ref#1", "ref", entries, title="Client options")]
    favour_connect = ExtractiveGenerator(favour("Quillbox"), max_sentences=1)
    for question, expected in [
        ("Out of the box, what request timeout does the Quillbox client use?", "`request_timeout"),
        ("What is the default request timeout in Quillbox?", "`request_timeout"),
        ("How many connections does the pool size keep open in Quillbox?", "`pool size`"),
        ("What does `retries` default to in Quillbox?", "`retries`"),
    ]:
        draft = favour_connect.generate(question, [(Claim("c1", question), page)])
        assert draft.sentences[0].text.startswith(expected), (question, draft.sentences[0].text)
    # A name of one plain word is asked about only as code: "retries" in words is just a word.
    question = "How many retries does Quillbox make before a connection fails?"
    draft = favour_connect.generate(question, [(Claim("c1", question), page)])
    assert draft.sentences[0].text.startswith("`connect_timeout"), draft.sentences[0].text


def test_the_entry_named_for_the_noun_a_question_asks_which_of_is_quoted() -> None:
    """ "Which theme does the site use for HTML output?" asks for `html_theme`'s value: an entry whose name ends
    in the noun asked, its other words said by the question, answers; entries named for another thing
    (`html_style`) or for more than it (`html_theme_options`) do not, however the ranker reads them."""
    entries = (
        "`html_style`: The style sheet of HTML pages. Default is the stylesheet of the selected theme.\n"
        "`html_theme`: The theme that the HTML output should use. The default is `'nimbus'`.\n"
        "`html_theme_options`: Options that change the look of the theme. Default: `{}`.\n"
        "`pdf_engine`: The program that renders PDF output. The default is `'lualatex'`.\n"
        "`mail_port`: The port the relay listens on. The default is `2525`."
    )
    page = [Passage("ref#1", "ref", entries, title="Configuration")]
    style = ExtractiveGenerator(favour("style sheet"), max_sentences=1)
    for question, expected in [
        ("Which theme does the site use for HTML output by default?", "`html_theme`"),
        ("What engine does the builder use for PDF output?", "`pdf_engine`"),
        ("Which port does the mail relay listen on?", "`mail_port`"),
    ]:
        draft = style.generate(question, [(Claim("c1", question), page)])
        assert draft.sentences[0].text.startswith(expected), (question, draft.sentences[0].text)
    # The noun asked without the entry's other word (no "mail") asks about no entry: the ranker's choice stands.
    question = "Which port does the relay listen on?"
    draft = style.generate(question, [(Claim("c1", question), page)])
    assert draft.sentences[0].text.startswith("`html_style`"), draft.sentences[0].text


def test_a_camel_case_entry_is_asked_about_in_words_with_or_without_its_namespace() -> None:
    """`uploader.chunkRetryLimit` is spelled "chunk retry limit" by an asker who never names the namespace,
    and `uploader.chunkRetryLimitStrict` is not asked about by those words; a namespace the question
    names that is not the entry's (`viewer.*` beside `uploader.*`) leaves the entry unasked."""
    entries = (
        "`uploader.chunkRetryLimitStrict`: Retries of a chunk in strict mode. The default is 1.\n"
        "`uploader.chunkRetryLimit`: Retries of a chunk before the upload fails. The default is 4.\n"
        "`uploader.showThumbnails`: Whether thumbnails are drawn while uploading. The default is true.\n"
        "`viewer.pageSize`: Files per page in the viewer. The default is 50."
    )
    page = [Passage("ref#1", "ref", entries, title="Settings")]
    strict = ExtractiveGenerator(favour("strict mode"), max_sentences=1)
    for question in [
        "How many times is a chunk retried by default, what is the chunk retry limit?",
        "What does the chunk retry limit default to?",
        "Can I raise the uploader chunk retry limit above its default?",
    ]:
        draft = strict.generate(question, [(Claim("c1", question), page)])
        assert draft.sentences[0].text.startswith("`uploader.chunkRetryLimit`"), (question, draft.sentences[0].text)
    # The viewer's page size in words is the viewer's entry; "show thumbnails" in the viewer is not the
    # uploader's setting, so the ranker's choice stands.
    thumbs = ExtractiveGenerator(favour("Files per page"), max_sentences=1)
    question = "Does the viewer show thumbnails by default?"
    draft = thumbs.generate(question, [(Claim("c1", question), page)])
    assert draft.sentences[0].text.startswith("`viewer.pageSize`"), draft.sentences[0].text
    question = "Does the uploader show thumbnails by default?"
    draft = thumbs.generate(question, [(Claim("c1", question), page)])
    assert draft.sentences[0].text.startswith("`uploader.showThumbnails`"), draft.sentences[0].text


def test_an_entry_is_asked_about_with_its_last_word_first_or_in_short_forms() -> None:
    """English puts a compound's head first ("the name of the upload folder" for `UPLOAD_FOLDER_NAME`) and
    names are written short (`MAX_UPLOAD_SIZE`, "the maximum upload size"); plurals are read singular."""
    entries = (
        "`UPLOAD_FOLDER_PATH`: Where uploads are kept. Default: `/tmp`.\n"
        "`UPLOAD_FOLDER_NAME`: The folder uploads go to. Default: `'uploads'`.\n"
        "`MAX_UPLOAD_SIZE`: Bytes an upload may hold. Default: `1048576`.\n"
        "`RETRY_DELAYS`: Seconds between tries. Default: `[1, 5]`."
    )
    page = [Passage("ref#1", "ref", entries, title="Settings")]
    one = ExtractiveGenerator(favour("Where uploads are kept"), max_sentences=1)
    for question, expected in [
        ("What is the default name of the upload folder?", "`UPLOAD_FOLDER_NAME`"),
        ("What is the maximum upload size out of the box?", "`MAX_UPLOAD_SIZE`"),
        ("What are the default retry delay values?", "`RETRY_DELAYS`"),
        ("What is the path of an upload folder by default?", "`UPLOAD_FOLDER_PATH`"),
    ]:
        draft = one.generate(question, [(Claim("c1", question), page)])
        assert draft.sentences[0].text.startswith(expected), (question, draft.sentences[0].text)
    # "the name of the folder" leaves out a word of the name: not asked; the ranker's choice stands.
    question = "What is the name of the folder?"
    draft = one.generate(question, [(Claim("c1", question), page)])
    assert draft.sentences[0].text.startswith("`UPLOAD_FOLDER_PATH`"), draft.sentences[0].text


def test_an_entry_asked_about_is_found_beyond_the_first_sections_of_the_page() -> None:
    sections = [
        Passage(f"ref#{i}", "ref", f"`option_{i}_limit (integer)`: Limits part {i}. The default is {i}.", title="Ref")
        for i in range(5)
    ]
    question = "What is the default of option_4_limit?"
    one = ExtractiveGenerator(favour("part 0"), max_sentences=1, max_passages=3)
    draft = one.generate(question, [(Claim("c1", question), sections)])
    assert draft.sentences[0].text.startswith("`option_4_limit") and draft.sentences[0].passage_ids == ("ref#4",)
    # Without an entry asked about, only the first sections are read.
    question = "What is the default limit?"
    draft = one.generate(question, [(Claim("c1", question), sections)])
    assert draft.sentences[0].passage_ids == ("ref#0",)


def test_a_sentence_that_turns_the_question_over_is_not_quoted_while_another_is_not() -> None:
    texts = [
        "`tls_max_version`: Sets the maximum TLS version the server accepts.",
        "`tls_min_version`: Sets the minimum TLS version the server accepts. The default is TLSv1.2.",
    ]
    assert pick("Which is the lowest TLS version the server accepts?", texts, [0.9, 0.6]) == 1
    assert pick("What is the smallest TLS version the server will take?", texts, [0.9, 0.6]) == 1
    assert pick("What is the highest TLS version the server accepts?", texts, [0.6, 0.9]) == 0
    # When every entry turns it over, the ranker's best stays, for the gate to withhold; so does a prose
    # sentence that turns it over where no other sentence says the side asked.
    assert pick("Which is the lowest TLS version the server accepts?", texts[:1], [0.9]) == 0
    prose = ["The maximum TLS version the server accepts is TLSv1.3.", "The server logs each TLS handshake."]
    assert pick("Which is the lowest TLS version the server accepts?", prose, [0.9, 0.6]) == 0


def test_the_sentence_that_says_the_side_asked_is_quoted_over_its_opposite() -> None:
    """A page that states both sides answers the side asked with the sentence that says it in its own word;
    where no sentence says that side, the opposite stays, for the gate to withhold."""
    route = ["Fail: `409 Conflict`: The invite was already used.", "Success: `202 Accepted`.", "Accept an invite."]
    assert pick("What status code does a successful POST /invites/accept return?", route, [0.9, 0.85, 0.7]) == 1
    assert pick("Which code comes back when accepting an invite fails?", route, [0.85, 0.9, 0.7]) == 0
    window = ["The lowest speed the fan runs at is 800 rpm.", "The highest speed the fan reaches is 2400 rpm."]
    assert pick("What is the highest speed of the fan?", window, [0.9, 0.8]) == 1
    assert pick("What is the highest speed of the fan?", [*window[:1], "The fan is quiet."], [0.9, 0.8]) == 0


def test_a_list_item_that_is_only_a_name_is_not_quoted_alone() -> None:
    """ "- `pytest`" says nothing by itself: the sentence that introduces the list does, with its items."""
    assert not quotable("- `pytest`") and not quotable("2. plugins.cache") and not quotable("* `ruff`,")
    assert quotable("- Set `timeout` to `30`.") and quotable("- `pytest` runs the suite.")
    text = "Lint runs with the checks below.\nThe runners that read `--fast` are:\n- `pytest`\n- `mypy`"
    question = "Which runners read the --fast flag?"
    draft = ExtractiveGenerator(favour("pytest"), max_sentences=1).generate(
        question, [(Claim("c1", question), [Passage("ci#1", "ci", text)])]
    )
    assert [s.text for s in draft.sentences] == ["The runners that read `--fast` are:", "`pytest`", "`mypy`"]


def test_a_list_items_number_is_no_figure_of_the_answer() -> None:
    """ "3. Save your recovery keys." states no count of recovery keys: its number is the step's."""
    question = "How many recovery keys do I get when I turn on two-step login?"
    steps = [
        "1. Open Settings > Security.",
        "3. Save your recovery keys.",
        "You get 8 recovery keys, each usable once.",
    ]
    assert pick(question, steps, [0.2, 0.9, 0.6]) == 2
    # Read so, it lacks the figure asked, as the gate reads the quote.
    assert lacks_kind(question, as_said(steps[1])) and not lacks_kind(question, steps[2])


def test_an_entry_spelled_in_words_yields_to_prose_about_more_of_the_question() -> None:
    """A parameter's name is often a plain phrase: a question that spells it but asks what a prose sentence
    says is answered by that sentence; one that names the parameter as code, or asks nothing more than
    the entry says, by the entry."""
    text = (
        "The access token is signed with the workspace key, so browser scripts cannot forge it.\n"
        "Tokens are refreshed when they expire.\n"
        "`access_token`: The header the token is sent in. Defaults to `Authorization`.\n"
        "`refresh_window`: Seconds before expiry to refresh. Defaults to 60."
    )
    page = [Passage("auth#1", "auth", text, title="Authentication", heading_path=("Authentication", "Tokens"))]
    prose_first = ExtractiveGenerator(favour("browser"), max_sentences=1)
    entry_first = ExtractiveGenerator(favour("`access_token`"), max_sentences=1)
    for question, generator, expected in [
        # asked in words, about what only the prose says: the prose
        ("Can a browser script forge the access token?", prose_first, "The access token is signed"),
        ("Could scripts running in the browser fake an access token?", prose_first, "The access token is signed"),
        # named as code: the entry, whatever the ranker prefers
        ("Can a browser script change `access_token`?", prose_first, "`access_token`"),
        # the ranker's best sentence is the entry: the entry
        ("Which header carries the access token?", entry_first, "`access_token`"),
    ]:
        draft = generator.generate(question, [(Claim("c1", question), page)])
        assert draft.sentences[0].text.startswith(expected), (question, draft.sentences[0].text)


def test_a_code_example_answers_only_a_question_that_asks_for_code() -> None:
    """A page's example shares every name of the sentence that answers, so a ranker reading topics may put
    it first; it is quoted only for a question asking for a way, a command, syntax or an example."""
    code = "```python\napp = Starlette(middleware=[Middleware(HostCheck, allowed_hosts=['example.com'])])\n```"
    text = (
        "Rejects requests whose Host header is not allowed.\n\n"
        f"{code}\n\n"
        "If a request does not validate, a 400 response is sent."
    )
    page = [Passage("mw#3", "mw", text, title="Middleware", heading_path=("Middleware", "HostCheck"))]
    code_first = ExtractiveGenerator(favour("allowed_hosts"), max_sentences=1)
    for question in (
        "What response does HostCheck send when the Host header is wrong?",
        "Which status code comes back for a request with a bad Host header?",
        "Does HostCheck reject requests from hosts it does not allow?",
    ):
        draft = code_first.generate(question, [(Claim("c1", question), page)])
        assert not draft.sentences[0].text.startswith("```"), (question, draft.sentences[0].text)
    for question in (
        "How do I add HostCheck to my app?",
        "Show me an example of HostCheck with allowed hosts.",
        "What code enables HostCheck?",
    ):
        draft = code_first.generate(question, [(Claim("c1", question), page)])
        assert draft.sentences[0].text.startswith("```python"), (question, draft.sentences[0].text)


def test_the_entry_of_another_parameter_is_never_quoted_beside_an_entry() -> None:
    """A neighbour that completes the answer is quoted with it; in a reference section the next entry is
    another parameter, whatever the ranker makes of the pair."""

    def score(query: str, texts: Sequence[str]) -> list[float]:
        return [0.9 if "maxHeaderSize" in t and "method" in t else 0.6 if "maxHeaderSize" in t else 0.1 for t in texts]

    text = (
        "`maxHeaderSize (number)`: Overrides the value of `--max-http-header-size`.\n\n"
        "`method (string)`: The HTTP request method. Default: `'GET'`.\n\n"
        "`maxHeaderSize (number)`: Default: 16384 (16 KiB)."
    )
    claim = Claim("c1", "What does --max-http-header-size set?")
    draft = ExtractiveGenerator(score).generate(claim.text, [(claim, [Passage("p#1", "p", text)])])
    assert [s.text for s in draft.sentences] == [
        "`maxHeaderSize (number)`: Overrides the value of `--max-http-header-size`."
    ]


def test_an_entry_that_introduces_the_next_is_quoted_with_it() -> None:
    def score(query: str, texts: Sequence[str]) -> list[float]:
        return [0.9 if "pipelines" in t and "pdflatex" in t else 0.6 if "pipelines" in t else 0.1 for t in texts]

    text = (
        "`-M buildername`: Runs a build pipeline. The following build pipelines are available:\n\n"
        "`latexpdf`: Build LaTeX files and run them through pdflatex."
    )
    claim = Claim("c1", "Which LaTeX engine builds PDFs?")
    draft = ExtractiveGenerator(score).generate(claim.text, [(claim, [Passage("p#1", "p", text)])])
    assert len(draft.sentences) == 2 and "pdflatex" in draft.sentences[1].text


def test_the_section_headed_by_a_signature_documents_what_it_names() -> None:
    assert documents("What does setImmediate do?", ("Timers", "`setImmediate(callback[, ...args])`"))
    assert documents("What is the default maxBuffer of child_process.exec?", ("`child_process.exec(command)`",))
    assert not documents("What does setImmediate do?", ("Timers", "`clearImmediate(immediate)`"))
    assert not documents("What does setImmediate do?", ("Timers", "`timersPromises.setImmediate([value])`"))
    assert not documents("How do timers work?", ("Timers", "`setTimeout(callback, delay)`"))
    assert not documents("What does setImmediate do?", ())


def test_an_answer_about_a_named_function_comes_from_the_section_that_documents_it() -> None:
    """Another section's sentence that mentions the function in passing is no answer to what it does."""

    def score(query: str, texts: Sequence[str]) -> list[float]:
        return [0.9 if "returned by" in t else 0.5 for t in texts]

    claim = Claim("c1", "What does setImmediate do?")
    passages = [
        Passage(
            "t#1",
            "t",
            "An `Immediate` object as returned by `setImmediate()`.",
            heading_path=("`clearImmediate(immediate)`",),
        ),
        Passage(
            "t#2",
            "t",
            "Schedules the callback after I/O events' callbacks.",
            heading_path=("`setImmediate(callback)`",),
        ),
    ]
    draft = ExtractiveGenerator(score).generate(claim.text, [(claim, passages)])
    assert [s.text for s in draft.sentences] == ["Schedules the callback after I/O events' callbacks."]


def test_a_question_about_the_thing_a_section_documents_is_not_answered_by_a_parameter_it_never_names() -> None:
    def score(query: str, texts: Sequence[str]) -> list[float]:
        return [0.9 if "callback" in t and "`" in t else 0.5 for t in texts]

    text = "`callback (Function)`: The function to call.\n\nSchedules the callback after I/O events' callbacks."
    heading = ("`setImmediate(callback)`",)
    claim = Claim("c1", "What does setImmediate do?")
    draft = ExtractiveGenerator(score).generate(
        claim.text, [(claim, [Passage("t#1", "t", text, heading_path=heading)])]
    )
    assert [s.text for s in draft.sentences] == ["Schedules the callback after I/O events' callbacks."]
    asked = Claim("c1", "What is the callback of setImmediate?")
    draft = ExtractiveGenerator(score).generate(
        asked.text, [(asked, [Passage("t#1", "t", text, heading_path=heading)])]
    )
    assert draft.sentences[0].text.startswith("`callback (Function)`")


OPTIONS = (
    "These options change what is written:\n"
    "`-f, --force`: Overwrite an archive of the same name without asking.\n"
    "`-n, --dry-run`: Print what would be copied and copy nothing.\n"
    "`-q`: Quiet.\n"
    "`--level`: Compression"
)


def test_an_entry_is_read_under_the_name_of_its_page() -> None:
    """An option's name means something only as a name of what its page documents: read under its page's
    title, after its heading; once only where its page's headings do not name the page; never under a
    title that asks."""
    entry = "`-f, --force`: Overwrite an archive of the same name without asking."
    named = Passage("tarpit#2", "tarpit", entry, title="tarpit", heading_path=("tarpit", "Options"))
    assert entry_under_page(named, entry) == f"tarpit. Options. {entry}"
    man = Passage("tarpit#3", "tarpit", entry, title="tarpit(1)", heading_path=("OPTIONS",))
    assert entry_under_page(man, entry) == f"tarpit(1). OPTIONS. {entry}"
    post = Passage("f#1", "f", entry, title="How do I replace an archive?", heading_path=("Answers",))
    assert entry_under_page(post, entry) == f"Answers. {entry}"
    bare = Passage("w#1", "w", entry, title="", heading_path=())
    assert entry_under_page(bare, entry) == entry


def test_each_telling_entry_of_a_passage_is_read_alone() -> None:
    """A passage of several entries is read entry by entry too; an entry described in a word or two (a
    label, "Quiet.") is not, nor is a passage that is one entry, nor the prose around the entries."""
    page = Passage("tarpit#2", "tarpit", OPTIONS, title="tarpit", heading_path=("tarpit", "Options"))
    assert entries_ranked(page, "Which flag replaces an archive?") == [
        "tarpit. Options. `-f, --force`: Overwrite an archive of the same name without asking.",
        "tarpit. Options. `-n, --dry-run`: Print what would be copied and copy nothing.",
    ]
    one = Passage("tarpit#4", "tarpit", "`-f, --force`: Overwrite an archive.", title="tarpit")
    assert entries_ranked(one, "Which flag replaces an archive?") == []
    prose = Passage("tarpit#1", "tarpit", "tarpit copies a tree. It writes one archive.", title="tarpit")
    assert entries_ranked(prose, "What does tarpit do?") == []


def test_the_generator_reads_an_entry_under_its_page_and_quotes_it_alone() -> None:
    """The sentence ranker reads an entry as the reranker does (`entry_under_page`); the quote is the
    entry as written."""
    seen: list[str] = []

    def score(query: str, texts: Sequence[str]) -> list[float]:
        seen.extend(texts)
        return [0.9 if t.startswith("tarpit. Options. `-f") else 0.1 for t in texts]

    page = Passage("tarpit#2", "tarpit", OPTIONS, title="tarpit", heading_path=("tarpit", "Options"))
    claim = Claim("c1", "Which tarpit flag replaces an existing archive?")
    draft = ExtractiveGenerator(score, max_sentences=1).generate(claim.text, [(claim, [page])])
    assert [s.text for s in draft.sentences] == ["`-f, --force`: Overwrite an archive of the same name without asking."]
    # the prose that introduces the entries says nothing alone, and is no candidate (`dangling`)
    assert not any("These options change what is written" in t for t in seen)


@pytest.mark.parametrize(
    "text",
    [
        # entries after their introduction
        "Invitations take these settings:\n\n`expires_in`: Days an invitation is valid. Defaults to 7.\n\n"
        "`role`: The role the invitee gets.",
        # the last sentence of a passage, what it introduces cut into the next one
        "Invitations are sent by email. Their validity depends on the kind of invitation, as follows:",
    ],
)
def test_a_prose_introduction_with_nothing_quoted_after_it_is_never_the_answer(text: str) -> None:
    """A sentence that ends with a colon says nothing alone: another unit is quoted, even when the ranker
    scores the introduction first."""
    got = quoted(text, "invitation")
    assert got and not any(s.rstrip().endswith(":") for s in got), got


def test_an_introduction_of_a_table_is_quoted_only_with_the_table() -> None:
    table = "| Kind | Valid for |\n|---|---|\n| Member | 7 days |"
    got = quoted(f"The validity of each kind of invitation is:\n\n{table}", "invitation")
    assert got in (["The validity of each kind of invitation is:", table], [table])


def test_an_introduction_is_quoted_with_the_items_it_introduces() -> None:
    got = quoted("To resend an invitation:\n\n- Open Members.\n- Select Resend.", "invitation")
    assert got[0] == "To resend an invitation:" and len(got) == 3 and "Select Resend." in got[2]


def _faq(n: int, question: str, text: str) -> Passage:
    return Passage(f"faq#{n}", "faq", text, title="FAQ", heading_path=("FAQ", question))


def test_an_faq_entry_is_answered_from_its_own_section_not_a_sibling_entry() -> None:
    """The gate's best section is an FAQ entry: the page's other entries answer other questions, however
    a ranker scores one of their sentences."""
    claim = Claim("c1", "Where can I read what a task returned?")
    best = _faq(3, "Where do results go?", "Return values are not kept. Write them to your own tables.")
    sibling = _faq(1, "Can I stop a job?", "Call `app.stop(job_id)`. A running job finishes first.")

    def score(query: str, texts: Sequence[str]) -> list[float]:
        return [0.9 if "app.stop" in t else 0.6 if "not kept" in t else 0.1 for t in texts]

    draft = ExtractiveGenerator(score, max_sentences=1).generate(claim.text, [(claim, [best, sibling])])
    assert [s.text for s in draft.sentences] == ["Return values are not kept."]


def test_a_section_beside_a_best_section_that_asks_nothing_is_still_read() -> None:
    """A page's best section need not hold the sentence that answers ("Key limits" beside "Rotating a
    key"); only an FAQ entry's siblings are set aside, and only when the best section is an entry."""
    claim = Claim("c1", "How long does a key last?")
    rotating = Passage("k#1", "k", "Rotate keys from Settings.", title="Keys", heading_path=("Keys", "Rotating a key"))
    limits = Passage("k#2", "k", "A key lasts 90 days.", title="Keys", heading_path=("Keys", "How long do keys last?"))

    def score(query: str, texts: Sequence[str]) -> list[float]:
        return [0.9 if "90 days" in t else 0.3 for t in texts]

    draft = ExtractiveGenerator(score, max_sentences=1).generate(claim.text, [(claim, [rotating, limits])])
    assert [s.text for s in draft.sentences] == ["A key lasts 90 days."]


@pytest.mark.parametrize(
    ("question", "heading", "steps", "intro"),
    [
        (
            "How do I verify that a delivery came from us?",
            "Verifying deliveries",
            "Each request carries a `Signature` header: an HMAC of the raw body.",
            "Add endpoints in the dashboard under Developers > Hooks.",
        ),
        (
            "How can I archive an old board?",
            "Archiving boards",
            "Open the board menu and choose Archive.",
            "Open Boards to see every board you belong to.",
        ),
        (
            "How do I export my expenses?",
            "Exporting",
            "Click Reports > Export and pick CSV.",
            "Click Expenses to add a receipt.",
        ),
    ],
)
def test_an_instruction_under_a_heading_that_names_the_task_is_quoted(
    question: str, heading: str, steps: str, intro: str
) -> None:
    """Both sentences instruct, and the ranker prefers the page's opening; the section whose heading names
    the task's verb holds the steps."""
    claim = Claim("c1", question)
    opening = Passage("h#0", "h", intro, title="Guide", heading_path=("Guide",))
    section = Passage("h#1", "h", steps, title="Guide", heading_path=("Guide", heading))

    def score(query: str, texts: Sequence[str]) -> list[float]:
        return [0.9 if intro in t else 0.6 for t in texts]

    draft = ExtractiveGenerator(score, max_sentences=1).generate(claim.text, [(claim, [opening, section])])
    assert [s.text for s in draft.sentences] == [steps]


@pytest.mark.parametrize("reply", ["Yes.", "No.", "Yes!", "Not yet."])
def test_a_bare_reply_is_quoted_with_the_sentence_after_it(reply: str) -> None:
    """ "Yes." alone drops what the answer says; for a yes-or-no question it is quoted with what follows."""
    claim = Claim("c1", "Can I bring my own router?")
    faq = _faq(0, "Can I use my own router?", f"{reply} Set it up in bridge mode behind the modem.")

    def score(query: str, texts: Sequence[str]) -> list[float]:
        return [0.9 if t.endswith(reply) else 0.5 for t in texts]

    draft = ExtractiveGenerator(score).generate(claim.text, [(claim, [faq])])
    assert [s.text for s in draft.sentences] == [reply, "Set it up in bridge mode behind the modem."]


@pytest.mark.parametrize(
    "question", ["How do I restart the router?", "What router do you give me?", "When can I use my own router?"]
)
def test_a_bare_reply_is_no_answer_to_a_question_that_asks_no_yes_or_no(question: str) -> None:
    claim = Claim("c1", question)
    faq = _faq(0, "Can I use my own router?", "Yes. Set it up in bridge mode behind the modem.")

    def score(query: str, texts: Sequence[str]) -> list[float]:
        return [0.9 if t.endswith("Yes.") else 0.5 for t in texts]

    draft = ExtractiveGenerator(score).generate(claim.text, [(claim, [faq])])
    assert "Yes." not in [s.text for s in draft.sentences]


def test_a_chunk_of_the_best_faq_entry_itself_is_still_read() -> None:
    """A long FAQ answer cut into chunks is one entry: its second chunk is no sibling."""
    claim = Claim("c1", "How long are results kept?")
    first = _faq(3, "Where do results go?", "Results are written to your own tables.")
    second = _faq(4, "Where do results go?", "They are kept for 30 days.")
    sibling = _faq(1, "Can I stop a job?", "Stopped jobs are kept for 7 days.")

    def score(query: str, texts: Sequence[str]) -> list[float]:
        return [0.9 if "30 days" in t else 0.8 if "7 days" in t else 0.3 for t in texts]

    draft = ExtractiveGenerator(score, max_sentences=1).generate(claim.text, [(claim, [first, sibling, second])])
    assert [s.text for s in draft.sentences] == ["They are kept for 30 days."]


@pytest.mark.parametrize(
    ("text", "sentence", "told"),
    [
        (
            "Business workspaces keep audit events for 1 year. Enterprise workspaces keep them for 7 years.",
            "Enterprise workspaces keep them for 7 years.",
            "Business workspaces keep audit events for 1 year. Enterprise workspaces keep them for 7 years.",
        ),
        (
            "Invoices are emailed monthly. They can also be downloaded from Billing.",
            "They can also be downloaded from Billing.",
            "Invoices are emailed monthly. They can also be downloaded from Billing.",
        ),
        (  # no pronoun: the sentence names what it speaks of
            "Plans renew yearly. Backups are kept for 2 years.",
            "Backups are kept for 2 years.",
            "Backups are kept for 2 years.",
        ),
        (  # the first sentence has nothing before it
            "It keeps 30 versions. Older ones are deleted.",
            "It keeps 30 versions.",
            "It keeps 30 versions.",
        ),
    ],
)
def test_a_sentence_that_names_its_subject_by_a_pronoun_is_read_with_the_sentence_before(
    text: str, sentence: str, told: str
) -> None:
    from answerable.signals.quoting import with_referent

    assert with_referent(text, sentence) == told


@pytest.mark.parametrize(
    ("question", "quoted"),
    [
        # an item asked by its label: the intro and that item, as a table is cut to the row asked
        ("What is the default sidebarwidth of the theme?", ["sidebarwidth (CSS length): Width of the sidebar."]),
        ("What does the Business tier include?", ["Business: 50 users and single sign-on."]),
        ("What are the Starter and Enterprise tiers?", ["Starter: 2 users.", "Enterprise: unlimited users."]),
        # no item named: the whole list
        ("Which settings does the theme take?", None),
    ],
)
def test_a_list_is_quoted_with_the_items_asked(question: str, quoted: list[str] | None) -> None:
    """A sentence that introduces a list is quoted with its items; only with those the question asks about
    by their label, where it names some and not others."""
    items = [
        "bodyfont (CSS font family): Font for normal text.",
        "sidebarwidth (CSS length): Width of the sidebar.",
        "Starter: 2 users.",
        "Business: 50 users and single sign-on.",
        "Enterprise: unlimited users.",
    ]
    text = "The theme and its tiers take these settings:\n" + "\n".join(f"- {item}" for item in items)

    def score(query: str, texts: Sequence[str]) -> list[float]:
        return [0.9 if t.startswith("The theme") else 0.1 for t in texts]

    claim = Claim("c1", question)
    draft = ExtractiveGenerator(score).generate(claim.text, [(claim, [Passage("p#1", "p", text)])])
    said = [s.text for s in draft.sentences]
    assert said == ["The theme and its tiers take these settings:", *(quoted if quoted is not None else items)]


def test_a_sentence_listing_the_year_asked_does_not_stand_in_for_another_years() -> None:
    texts = ["In 1603 the outbreak killed 20% of the town.", "Outbreaks struck in 1593, 1603 and 1625."]
    assert pick("What share of the town died in the 1625 outbreak?", texts, [0.9, 0.5]) == 0


RECORDER = (
    "Inside the recorder every configured filter is switched off.\n\n"
    "For example, to record the request id as well:\n"
    "```python\nwith record_calls(filters=[add_request_id]) as calls:\n    log.info('hi')\n```"
)


def test_an_example_is_no_answer_to_a_question_that_asks_for_no_code() -> None:
    """The example names everything the question names (`record_calls`, filters) and the ranker scores it
    highest; a question of whether the filters apply is answered by the sentence that says so, and the
    example is not quoted beside it."""
    claim = Claim("c1", "Are my configured filters applied inside record_calls()?")

    def score(query: str, texts: Sequence[str]) -> list[float]:
        return [0.9 if "```" in t and "switched" in t else 0.8 if "```" in t else 0.3 for t in texts]

    draft = ExtractiveGenerator(score).generate(claim.text, [(claim, [Passage("p#1", "p", RECORDER)])])
    assert [s.text for s in draft.sentences] == ["Inside the recorder every configured filter is switched off."]


def test_an_example_still_answers_a_question_that_asks_for_code() -> None:
    claim = Claim("c1", "How do I record the request id with record_calls()?")

    def score(query: str, texts: Sequence[str]) -> list[float]:
        return [0.8 if "```" in t else 0.3 for t in texts]

    draft = ExtractiveGenerator(score).generate(claim.text, [(claim, [Passage("p#1", "p", RECORDER)])])
    assert any("```" in s.text for s in draft.sentences)


def test_an_example_the_answer_introduces_is_quoted_with_it() -> None:
    claim = Claim("c1", "What does the only-if directive do?")
    text = (
        "`only-if`: Includes the directive's content only when its expression is true. For example, one could "
        "write\n\n```\n.. only-if:: level == 'beta'\n```"
    )

    def score(query: str, texts: Sequence[str]) -> list[float]:
        return [0.9 if "```" in t and "Includes" in t else 0.6 if "Includes" in t else 0.2 for t in texts]

    draft = ExtractiveGenerator(score).generate(claim.text, [(claim, [Passage("p#1", "p", text)])])
    assert len(draft.sentences) == 2 and "```" in draft.sentences[1].text


def test_a_sentence_that_names_the_thing_asked_is_picked_over_one_the_ranker_prefers() -> None:
    """ "Which ... source ...?" is answered by the sentence that names a source; the gate takes no other, so the
    sentence the ranker scores higher on the topic ("The default pattern looks for ...") is passed over."""
    texts = [
        "The default pattern looks for a variable named `__version__`.",
        "The file source is used by default.",
    ]
    assert pick("Which version source does the packager use by default?", texts, [0.9, 0.6]) == 1
    # A question that asks which one of nothing keeps the ranker's order.
    assert pick("What does the packager read by default?", texts, [0.9, 0.6]) == 0
    # A bare name may be of another kind: it does not displace the ranker's choice.
    flags = ["Cookies are signed before they are sent.", "The cookie is always set with the `HttpOnly` flag."]
    assert pick("Which hash algorithm signs the cookie?", flags, [0.9, 0.6]) == 0
    # Nor does one that names the thing without the form asked (a default here).
    engines = ["It builds with the default toolchain.", "The `pdf_engine` setting picks the engine."]
    assert pick("Which engine does the builder use by default?", engines, [0.9, 0.6]) == 0


@pytest.mark.parametrize(
    ("claim", "kept"),
    [
        # the figure the question names is in the release row and in every other row's figure
        ("What does the beta segment give for version 2.0.0?", ["| `b` / `beta` | `2.0.0b0` |"]),
        ("Which output file does the Gold tier write at 300 dpi?", ["| Gold | `print-300.pdf` |"]),
        ("In room B12, what time does the chess club meet?", ["| Chess club | 16:00 | B12 |"]),
    ],
)
def test_a_row_called_by_its_label_is_asked_before_one_that_only_mentions_a_name(claim: str, kept: list[str]) -> None:
    """The claim's name (a figure, a room) may be said of every row or of another one; the row it calls by
    its label is the row asked."""
    tables = {
        "beta": "| Segment | New version |\n|---|---|\n| `release` | `2.0.0` |\n| `b` / `beta` | `2.0.0b0` |\n"
        "| `r` / `post` | `2.0.0.post0` |",
        "Gold": "| Tier | Output |\n|---|---|\n| Basic | `screen-300.png` |\n| Gold | `print-300.pdf` |\n"
        "| Draft | `print-72.pdf` |",
        "chess": "| Club | Time | Room |\n|---|---|---|\n| Chess club | 16:00 | B12 |\n| Drama club | 17:00 | B12 |\n"
        "| Choir | 15:00 | A1 |",
    }
    (table,) = [t for key, t in tables.items() if key in claim]
    assert _rows(claim, table) == kept


@pytest.mark.parametrize(
    ("question", "table", "row"),
    [
        (
            "What are the default arguments for the fish shell?",
            "| Shell | Name | Arguments |\n|---|---|---|\n| fish | `fish` | `-i` |\n| Z shell | `zsh` | `-l` |",
            "| fish | `fish` | `-i` |",
        ),
        (
            "What is the boiling point of ethanol?",
            "| Liquid | Boiling point |\n|---|---|\n| Water | 100 °C |\n| Ethanol | 78 °C |",
            "| Ethanol | 78 °C |",
        ),
        (
            "Which port does the metrics service listen on?",
            "| Service | Port |\n|---|---|\n| Web | 8080 |\n| Metrics | 9100 |",
            "| Metrics | 9100 |",
        ),
    ],
)
def test_a_table_is_looked_up_by_the_row_and_the_column_the_question_calls(question: str, table: str, row: str) -> None:
    """The ranker prefers a sentence beside the table that shares the question's topic; the question calls
    a row by its label and a column by its header, and that cell answers it."""
    claim = Claim("c1", question)
    prose = "Each entry below can be changed in the settings file. The defaults suit most setups."
    passage = Passage("t#1", "t", f"{prose}\n\n{table}", title="Reference", heading_path=("Reference", "Values"))

    def score(query: str, texts: Sequence[str]) -> list[float]:
        return [0.3 if t.startswith("|") else 0.8 for t in texts]

    draft = ExtractiveGenerator(score, max_sentences=1).generate(claim.text, [(claim, [passage])])
    assert [s.text for s in draft.sentences] == [f"{table.split(chr(10))[0]}\n{row}"]


def test_a_table_the_question_names_no_column_of_is_not_preferred() -> None:
    """A row called without a column ("Tell me about ethanol") is no cell: the ranker's choice stands."""
    claim = Claim("c1", "What hazards does ethanol have?")
    table = "| Liquid | Boiling point |\n|---|---|\n| Water | 100 °C |\n| Ethanol | 78 °C |"
    passage = Passage("t#1", "t", f"Ethanol is flammable.\n\n{table}", title="Reference", heading_path=("Reference",))

    def score(query: str, texts: Sequence[str]) -> list[float]:
        return [0.3 if t.startswith("|") else 0.8 for t in texts]

    draft = ExtractiveGenerator(score, max_sentences=1).generate(claim.text, [(claim, [passage])])
    assert [s.text for s in draft.sentences] == ["Ethanol is flammable."]


@pytest.mark.parametrize(
    ("question", "reply"),
    [
        ("What is the risk of moving my data out later?", "Not much!"),
        ("How often do builds fail on the free runners?", "Rarely."),
        ("Are plugins supported on the hosted plan?", "Yes, mostly!"),
    ],
)
def test_a_reply_of_how_much_or_how_often_is_quoted_with_the_sentence_after_it(question: str, reply: str) -> None:
    """ "Not much!" alone drops why; it is quoted with what follows, for any question (only a bare yes or no
    is none to a question that asks no yes or no)."""
    claim = Claim("c1", question)
    faq = _faq(0, "Anything else?", f"{reply} Everything is stored in open formats you can export.")

    def score(query: str, texts: Sequence[str]) -> list[float]:
        return [0.9 if t.startswith(reply) else 0.5 for t in texts]

    draft = ExtractiveGenerator(score).generate(claim.text, [(claim, [faq])])
    assert [s.text for s in draft.sentences] == [reply, "Everything is stored in open formats you can export."]


@pytest.mark.parametrize(
    "question",
    ["What is the risk of lock-in?", "What's the risk of lock-in with Hatch?", "what is the lock-in risk"],
)
def test_the_faq_entry_that_asks_the_question_is_answered_from_its_opening(question: str) -> None:
    """The ranker prefers a later sentence of the entry, the one that names more of the question's topic;
    the entry that asks the same question replies first."""
    claim = Claim("c1", question)
    text = (
        "Very little. Other than the plugins, everything follows the packaging standards. "
        "Lock-in would come from the plugin system, whose lock files are not portable."
    )
    second = _faq(4, "What is the risk of lock-in?", "Plugins can be replaced by hand.")
    first = _faq(3, "What is the risk of lock-in?", text)

    def score(query: str, texts: Sequence[str]) -> list[float]:
        return [0.95 if "Lock-in would" in t else 0.9 if "replaced" in t else 0.5 for t in texts]

    draft = ExtractiveGenerator(score, max_sentences=1).generate(claim.text, [(claim, [second, first])])
    assert draft.sentences[0].text == "Very little."


def test_an_faq_entry_that_asks_another_question_keeps_the_rankers_choice() -> None:
    claim = Claim("c1", "Which files are uploaded when I publish?")
    faq = _faq(0, "How do I publish?", "Run the publish command. Only wheels and source archives are uploaded.")

    def score(query: str, texts: Sequence[str]) -> list[float]:
        return [0.9 if "uploaded" in t else 0.5 for t in texts]

    draft = ExtractiveGenerator(score, max_sentences=1).generate(claim.text, [(claim, [faq])])
    assert [s.text for s in draft.sentences] == ["Only wheels and source archives are uploaded."]


def test_the_second_model_reads_an_faq_answer_under_its_question_and_a_topic_section_alone() -> None:
    """An FAQ's answer is the reply to its heading ("Not much! ..." says nothing of lock-in alone), read
    with it for the question it asks; a heading that names a topic is not read (the second model confirmed
    worse under such headings), nor is a page's own title that asks a question (a forum post)."""
    claim = "What is the risk of lock-in?"
    faq = _faq(0, "What is the risk of lock-in?", "Not much! Everything follows the standards.")
    assert as_confirmed(faq, claim) == "What is the risk of lock-in? Not much! Everything follows the standards."
    topic = Passage("g#1", "g", "Keys expire after 90 days.", title="Guide", heading_path=("Guide", "Key expiry"))
    assert as_confirmed(topic, claim) == "Keys expire after 90 days."
    post = Passage("f#0", "f", "I lost my data.", title="Is it safe?", heading_path=("Is it safe?",))
    assert as_confirmed(post, claim) == "I lost my data."
    # another question's heading: read over its answer, "How much is a penalty fare?" made "A penalty fare is
    # $75." the answer to "How much is a day ticket?"
    fine = _faq(2, "How much is a penalty fare?", "A penalty fare is $75.")
    assert as_confirmed(fine, "How much is a day ticket?") == "A penalty fare is $75."
    assert as_confirmed(fine, "How much is the penalty fare on trams?").startswith("How much is a penalty fare?")


@pytest.mark.parametrize(
    ("question", "section", "default"),
    [
        ("Which container engine is the default?", "`container-engine`", "Default: `docker`"),
        ("Which cache backend is used by default?", "`cache-backend`", "Default: `file`"),
        ("Which theme is the default?", "`html-theme`", "Defaults to `classic`."),
    ],
)
def test_the_default_of_the_thing_a_section_documents_is_quoted_over_a_table_of_other_parameters(
    question: str, section: str, default: str
) -> None:
    """The ranker prefers the section's table of sub-options, whose one "by default" is a sub-option's; the
    sentence that states the default of the thing the section documents is quoted."""
    table = (
        "| Option name | Description |\n|---|---|\n| `create_args` | Passed on the command line. |\n"
        "| `disable_mount` | By default, the root is mounted at `/host`. |"
    )
    texts = [table, default]
    about = [f"Reference\nOptions > {section}\n{t}" for t in texts]
    assert pick(question, texts, [0.99, 0.05], about=about) == 1
