"""An answer leaves only when every part of the question has a drafted sentence of its own that states what
that part asks for (a price for "how much does it cost", a length of time for "how long"). Phrasings from no
evaluation set."""

from __future__ import annotations

import pytest

from answerable import Claim, ClaimStatus, Draft, DraftSentence, Label, ReasonCode, Status, assess, decide
from answerable.signals import kinds
from answerable.signals.annotate import annotate_draft
from tests.conftest import NOW, evidence, passage, verdict

S = Label.SUPPORTED
FILING = "Transcripts are mailed within 10 business days of the request."
PARTS = (Claim("c1", "When are transcripts mailed?"), Claim("c2", "how much does the registrar charge per transcript?"))


def drafted(claims: tuple[Claim, ...], *sentences: tuple[str, tuple[str, ...]]):  # type: ignore[no-untyped-def]
    p = passage("registrar#1", 0.92, text=FILING + " Official transcripts are printed on security paper.")
    verdicts = tuple(verdict(c.id, p.id, S, 0.88) for c in claims)
    d = Draft(tuple(DraftSentence(text, (p.id,), 1.0, claim_ids=ids) for text, ids in sentences))
    return annotate_draft(evidence((p,), verdicts, claims, d))


def test_a_part_with_no_sentence_of_its_own_is_not_answered(policy) -> None:  # type: ignore[no-untyped-def]
    ev = drafted(PARTS, (FILING, ("c1",)))
    strict = decide(ev, policy.profile("strict"), NOW)
    assert strict.status is Status.ABSTAIN and ReasonCode.REQUIRED_CLAIM_NOT_COVERED in strict.reason_codes
    assert strict.missing_claims == (PARTS[1].text,)
    assert strict.claims[1].status is ClaimStatus.MISSING
    assist = decide(ev, policy.profile("assist"), NOW)
    assert assist.status is Status.PARTIAL and assist.answer is not None and FILING in assist.answer
    assert assist.missing_claims == (PARTS[1].text,)


def test_a_sentence_drafted_for_a_part_must_state_what_it_asks(policy) -> None:  # type: ignore[no-untyped-def]
    # The filing sentence is offered for the price too: it states a figure, but no price.
    ev = drafted(PARTS, (FILING, ("c1", "c2")))
    d = decide(ev, policy.profile("strict"), NOW)
    assert d.status is Status.ABSTAIN and d.claims[1].not_as_asked == ("price", "")
    priced = drafted(PARTS, (FILING, ("c1",)), ("Each transcript costs $8.", ("c2",)))
    assert decide(priced, policy.profile("strict"), NOW).status is Status.ANSWER


def test_how_long_wants_a_length_of_time_and_how_much_accepts_free(policy) -> None:  # type: ignore[no-untyped-def]
    trial = (Claim("c1", "How long is the free trial of the language app?"),)
    assert (
        decide(drafted(trial, ("The trial is free.", ("c1",))), policy.profile("strict"), NOW).status is Status.ABSTAIN
    )
    assert (
        decide(drafted(trial, ("The trial lasts 30 days.", ("c1",))), policy.profile("strict"), NOW).status
        is Status.ANSWER
    )
    card = (Claim("c1", "How much does a replacement library card cost?"),)
    free = drafted(card, ("Replacement cards are free for children.", ("c1",)))
    assert decide(free, policy.profile("strict"), NOW).status is Status.ANSWER


def test_one_sentence_may_answer_two_parts(policy) -> None:  # type: ignore[no-untyped-def]
    both = (Claim("c1", "Where are transcripts mailed from?"), Claim("c2", "when are transcripts mailed?"))
    sentence = "Transcripts are mailed from the registrar's office within 10 business days."
    d = decide(drafted(both, (sentence, ("c1", "c2"))), policy.profile("strict"), NOW)
    assert d.status is Status.ANSWER and d.answer is not None and d.answer.count(sentence) == 1


@pytest.mark.parametrize(
    ("first", "second", "sentence", "answered"),
    [
        # The sentence says which bucket and nothing of a storage class.
        (
            "Which bucket does the backup job write to",
            "what storage class does it give the archives?",
            "The backup job writes each archive to the `nightly-archive` bucket.",
            False,
        ),
        (
            "Which bucket does the backup job write to",
            "what storage class does it give the archives?",
            "The backup job writes each archive to the `nightly-archive` bucket in the `COLDLINE` storage class.",
            True,
        ),
        (
            "What port does the agent listen on",
            "which protocol does it speak?",
            "The agent listens on port 8125.",
            False,
        ),
        # Named by the section it stands under ("Protocols"), as a page names what its sections say.
        (
            "What port does the agent listen on",
            "which protocol does it speak?",
            "The agent listens on port 8125 and speaks StatsD.",
            True,
        ),
    ],
)
def test_a_sentence_quoted_for_two_parts_names_what_each_asks_which_of(
    policy, first: str, second: str, sentence: str, answered: bool
) -> None:  # type: ignore[no-untyped-def]
    claims = (Claim("c1", f"{first}?"), Claim("c2", second))
    p = passage("agent#1", 0.92, text=sentence, heading_path=("Protocols",) if "StatsD" in sentence else ())
    verdicts = tuple(verdict(c.id, p.id, S, 0.88) for c in claims)
    d = Draft((DraftSentence(sentence, (p.id,), 1.0, claim_ids=("c1", "c2")),))
    decision = decide(annotate_draft(evidence((p,), verdicts, claims, d)), policy.profile("strict"), NOW)
    assert (decision.status is Status.ANSWER) is answered
    if not answered:
        assert ReasonCode.REQUIRED_CLAIM_NOT_COVERED in decision.reason_codes
        assert decision.missing_claims == (second,)


_ROUTE = "```py\n@app.get('/reports')\ndef reports(user = Depends(current_user(verified=True))):\n    return user\n```"


@pytest.mark.parametrize(
    ("question", "answered"),
    [
        ("What status does an unverified user get from the reports route?", False),
        ("what happens when a user who is not verified opens the reports route?", False),
        ("Does an unverified user get an error from the reports route?", False),
        ("Show me an example of a route only verified users can open.", True),
        ("How do I protect a route so that only verified users can open it?", True),
        ("What code restricts a route to verified users?", True),
        ("Which argument of current_user limits a route to verified users?", True),
    ],
)
def test_a_code_block_alone_answers_only_a_question_that_asks_for_code(policy, question: str, answered: bool) -> None:  # type: ignore[no-untyped-def]
    """An example shows how something is written; it does not say what happens, which status is returned or
    which thing does it, however alike a ranker reads it and the question."""
    claims = (Claim("c1", question),)
    p = passage("usage/current-user#5", 0.92, text=_ROUTE)
    d = Draft((DraftSentence(_ROUTE, (p.id,), 1.0, claim_ids=("c1",)),))
    # The sentence that introduces the block is drafted with it: that is an answer in words.
    said = f"Pass `verified=True` to `current_user`:\n{_ROUTE}"
    with_words = Draft((DraftSentence(said, (p.id,), 1.0, claim_ids=("c1",)),))
    ev_words = annotate_draft(evidence((p,), (verdict("c1", p.id, S, 0.9),), claims, with_words))
    assert decide(ev_words, policy.profile("strict"), NOW).claims[0].not_as_asked != ("sentence, only an example", "")
    ev = annotate_draft(evidence((p,), (verdict("c1", p.id, S, 0.9),), claims, d))
    decision = decide(ev, policy.profile("strict"), NOW)
    assert (decision.status is Status.ANSWER) is answered
    if not answered:
        assert decision.claims[0].not_as_asked == ("sentence, only an example", "")


@pytest.mark.parametrize(
    ("quoted", "answered"),
    [
        ("`cache_ignore_paths`:", False),
        ("`-q`, `--quiet`:", False),
        ("`cache_ignore_paths`: A list of paths the cache skips.", True),
    ],
)
def test_an_entry_that_is_only_its_name_answers_nothing(policy, quoted: str, answered: bool) -> None:  # type: ignore[no-untyped-def]
    """An API entry whose description the page leaves to the code says nothing but its name: quoted for the
    question that names it, the question is not answered (rather than by a neighbouring entry's default)."""
    question = "What is cache_ignore_paths for?"
    claims = (Claim("c1", question),)
    p = passage("config#4", 0.92, text=quoted)
    d = Draft((DraftSentence(quoted, (p.id,), 1.0, claim_ids=("c1",)),))
    decision = decide(
        annotate_draft(evidence((p,), (verdict("c1", p.id, S, 0.9),), claims, d)), policy.profile("strict"), NOW
    )
    assert (decision.status is Status.ANSWER) is answered
    if not answered:
        assert decision.missing_claims == (question,)


def test_a_draft_that_names_no_claims_is_judged_whole(policy) -> None:  # type: ignore[no-untyped-def]
    d = decide(drafted(PARTS, (FILING, ()), ("Each transcript costs $8.", ())), policy.profile("strict"), NOW)
    assert d.status is Status.ANSWER


def test_what_is_the_default_wants_a_sentence_that_states_the_default(policy) -> None:  # type: ignore[no-untyped-def]
    q = (Claim("c1", "What is the default value of upload_chunk_size?"),)
    for sentence, answered in (
        ("`upload_chunk_size`: Larger chunks upload faster on good networks.", False),
        ("`upload_chunk_size`: The size of each chunk. The default is 8 MB.", True),
    ):
        p = passage("client#2", 0.92, text=sentence)
        d = Draft((DraftSentence(sentence, (p.id,), 1.0, claim_ids=("c1",)),))
        ev = annotate_draft(evidence((p,), (verdict("c1", p.id, S, 0.9),), q, d))
        decision = decide(ev, policy.profile("strict"), NOW)
        assert (decision.status is Status.ANSWER) is answered
        assert answered or decision.claims[0].not_as_asked == ("default", "")


def test_a_setting_named_in_code_must_be_the_one_the_page_documents(policy) -> None:  # type: ignore[no-untyped-def]
    from answerable.core.assess import assess

    claim = Claim("c1", "What does retry_backoff_max control?")
    other = passage("config#3", 0.9, text="`retry_backoff_base`: The first delay between two retries, in seconds.")
    own = passage("config#4", 0.9, text="`retry_backoff_max`: The longest delay between two retries, in seconds.")
    for p, covered in ((other, False), (own, True)):
        ev = evidence((p,), (verdict("c1", p.id, S, 0.9),), (claim,))
        assert (assess(ev, policy.profile("strict"), NOW).claims[0].status is ClaimStatus.SUPPORTED) is covered


def test_which_version_wants_a_sentence_that_names_one(policy) -> None:  # type: ignore[no-untyped-def]
    for question, sentence, answered in (
        ("Which Python versions does the tilemaker CLI support?", "The tilemaker CLI is a Python tool.", False),
        ("Which Python versions does the tilemaker CLI support?", "It supports Python 3.9 to 3.12.", True),
        ("What TLS version does the relay require?", "The relay encrypts every connection with TLS.", False),
        ("What TLS version does the relay require?", "The relay requires TLS 1.2 or later.", True),
        ("In which version was the --dry-run flag added?", "New in version 4.1: the --dry-run flag.", True),
    ):
        q = (Claim("c1", question),)
        p = passage("cli#2", 0.92, text=sentence)
        d = Draft((DraftSentence(sentence, (p.id,), 1.0, claim_ids=("c1",)),))
        ev = annotate_draft(evidence((p,), (verdict("c1", p.id, S, 0.9),), q, d))
        decision = decide(ev, policy.profile("strict"), NOW)
        assert (decision.status is Status.ANSWER) is answered, (question, sentence)
        assert answered or decision.claims[0].not_as_asked == ("version", "")


def test_what_is_the_maximum_wants_a_sentence_that_states_a_limit(policy) -> None:  # type: ignore[no-untyped-def]
    for question, sentence, answered in (
        ("What is the maximum length of a line in the hosts file?", "The hosts file holds one entry per line.", False),
        (
            "What is the maximum length of a line in the hosts file?",
            "A line of the hosts file may be up to 255 characters.",
            True,
        ),
        ("What is the largest attachment a ticket can carry?", "Tickets carry 1 attachment each by default.", False),
        ("What is the largest attachment a ticket can carry?", "The largest attachment is 20 MB.", True),
        ("Which is the shortest password the vault accepts?", "Passwords need at least 12 characters.", True),
        ("What is the longest a backup can be kept?", "Backups can be kept from 30 days to 7 years.", True),
        ("What is the longest a backup can be kept?", "Keep backups between 30 and 2,555 days.", True),
        ("What is the longest a backup can be kept?", "Backups are kept in a second region.", False),
    ):
        q = (Claim("c1", question),)
        p = passage("ref#2", 0.92, text=sentence)
        d = Draft((DraftSentence(sentence, (p.id,), 1.0, claim_ids=("c1",)),))
        ev = annotate_draft(evidence((p,), (verdict("c1", p.id, S, 0.9),), q, d))
        decision = decide(ev, policy.profile("strict"), NOW)
        assert (decision.status is Status.ANSWER) is answered, (question, sentence)
        assert answered or decision.claims[0].not_as_asked in (("limit", ""), ("figure", ""))


@pytest.mark.parametrize(
    ("parts", "page", "named", "yes"),
    [
        (
            ("Which browsers does the editor support?", "does it work on a tablet?"),
            "The editor supports the two latest versions of Chrome, Firefox and Safari. Older browsers show a warning.",
            "tablet",
            "It also works on a tablet.",
        ),
        (
            ("How much is a season pass?", "is there a discount for seniors?"),
            "A season pass costs $120. Passes bought before March are discounted by 10%.",
            "senior",
            "Seniors get a 20% discount.",
        ),
        (
            ("When does the pool open?", "can I bring a guest?"),
            "The pool opens at 6 a.m. on weekdays. Members must show their card at the desk.",
            "guest",
            "Members may bring one guest.",
        ),
    ],
)
def test_a_yes_or_no_part_is_answered_only_by_a_page_that_speaks_of_what_it_asks(  # type: ignore[no-untyped-def]
    policy, parts: tuple[str, str], page: str, named: str, yes: str
) -> None:
    """A yes-or-no part asked beside another part is put to the pages found for the whole question; a page
    that never mentions what it asks about (a tablet, seniors, a guest) does not answer it, however its
    support reads. The part is named as not covered, with the word no page mentions."""
    claims = (Claim("c1", parts[0]), Claim("c2", parts[1]))
    p = passage("help#1", 0.95, text=page)
    ev = evidence((p,), (verdict("c1", p.id, S, 0.93), verdict("c2", p.id, S, 0.8)), claims)
    d = decide(ev, policy.profile("strict"), NOW)
    assert d.status is Status.ABSTAIN and d.reason_codes[0] is ReasonCode.REQUIRED_CLAIM_NOT_COVERED
    assert d.missing_claims == (parts[1],)
    assert named in " ".join(d.claims[1].unmatched_terms).lower()
    # A page that speaks of it may answer it (the words matched by their first letters).
    told = passage("help#1", 0.95, text=f"{page} {yes}")
    ev = evidence((told,), (verdict("c1", p.id, S, 0.93), verdict("c2", p.id, S, 0.8)), claims)
    assert assess(ev, policy.profile("strict"), NOW).claims[1].status is ClaimStatus.SUPPORTED
    # Asked alone, the question is the page's to answer as ranked: the rule is for a part beside another.
    alone = evidence((p,), (verdict("c2", p.id, S, 0.8),), (Claim("c2", parts[1]),))
    assert assess(alone, policy.profile("strict"), NOW).claims[0].status is ClaimStatus.SUPPORTED


@pytest.mark.parametrize(
    ("question", "sentence", "heading", "answered"),
    [
        # A sentence on the topic that names nothing of the kind asked.
        (
            "Which cipher does the vault use to seal its backups?",
            "Backups are sealed before they leave the host.",
            "",
            False,
        ),
        (
            "Which cipher does the vault use to seal its backups?",
            "Backups are sealed with the XChaCha20 cipher.",
            "",
            True,
        ),
        # Named by the heading it stands under, as a page names what its sections say.
        ("Which cipher does the vault use to seal its backups?", "Backups use XChaCha20.", "Ciphers", True),
        # A measure is named by its figure, a thing code names by code.
        (
            "What level does the logger write at out of the box?",
            "The logger is quiet unless told otherwise.",
            "",
            False,
        ),
        ("What level does the logger write at out of the box?", "It writes at 30 unless told otherwise.", "", True),
        ("Which flag does the importer need to skip headers?", "The importer can skip the first rows.", "", False),
        ("Which flag does the importer need to skip headers?", "Pass `--no-header` to the importer.", "", True),
        # "Which way" and "what type" name no thing: the word before "type" does.
        ("Which way does the valve turn to open?", "Turn it counter-clockwise.", "", True),
        ("Which queue type is the default?", "The priority mode is the default.", "", False),
        ("Which queue type is the default?", "The FIFO queue is the default.", "", True),
    ],
)
def test_a_part_asking_which_one_is_answered_by_a_sentence_that_names_one(
    policy, question: str, sentence: str, heading: str, answered: bool
) -> None:  # type: ignore[no-untyped-def]
    claims = (Claim("c1", question),)
    p = passage("vault#1", 0.92, text=sentence, heading_path=(heading,) if heading else ())
    d = Draft((DraftSentence(sentence, (p.id,), 1.0, claim_ids=("c1",)),))
    ev = annotate_draft(evidence((p,), (verdict("c1", p.id, S, 0.88),), claims, d))
    decision = decide(ev, policy.profile("strict"), NOW)
    assert (decision.status is Status.ANSWER) is answered, decision.reason_codes
    if not answered:
        # One part only: nothing the pages say answers the question (the first reason of a kind not stated).
        assert decision.reason_codes == (ReasonCode.NO_ANSWER_BEARING_EVIDENCE,)
        assert decision.claims[0].not_as_asked[0] == kinds.thing_asked(question)


@pytest.mark.parametrize(
    ("intro", "answered"),
    [
        # The sentence that introduces the list says what kind of thing its entries are.
        ("The console printer takes a `trace_formatter` argument that shapes how errors look.", True),
        ("It adds these options:", False),
    ],
)
def test_an_entry_is_read_under_the_sentence_that_introduces_its_list(policy, intro: str, answered: bool) -> None:  # type: ignore[no-untyped-def]
    question = "Which trace formatter is the default when the colour library is missing?"
    entry = "`plain_trace`: Is the default if the colour library is missing."
    text = f"{intro}\n\n{entry}\n\n`colour_trace`: Prints traces in colour."
    p = passage("errors#2", 0.92, text=text, heading_path=("Errors", "Console"))
    d = Draft((DraftSentence(entry, (p.id,), 1.0, claim_ids=("c1",)),))
    ev = annotate_draft(evidence((p,), (verdict("c1", p.id, S, 0.88),), (Claim("c1", question),), d))
    assert (decide(ev, policy.profile("strict"), NOW).status is Status.ANSWER) is answered
