"""`gate.causes`: each reason code of a decision named by its specific cause, with the figures compared."""

from __future__ import annotations

import json
from dataclasses import replace
from datetime import date

import pytest

from answerable import Claim, Label, ReasonCode, Status, TrustTier, decide
from answerable.core.codec import evidence_from_dict
from answerable.core.gate import causes
from answerable.core.policy import Policy
from answerable.core.types import Evidence, Passage
from answerable.interfaces.render import render_decision
from tests.conftest import NOW, ROOT, draft, evidence, passage, verdict

R = ReasonCode
S, X, F = Label.SUPPORTED, Label.INSUFFICIENT, Label.REFUTED


def why(ev: Evidence, policy: Policy, profile: str = "strict") -> tuple[object, dict[str, str]]:
    decision = decide(ev, policy.profile(profile), NOW)
    return decision, causes(ev, decision, policy.profile(profile), NOW)


def fixture(name: str) -> Evidence:
    return evidence_from_dict(json.loads((ROOT / "examples" / "evidence" / name).read_text()))


@pytest.mark.parametrize(
    ("name", "code", "words"),
    [
        # The seed fixtures: the page, the figure and the bar each cause rests on.
        ("2-no-answer-bearing.json", R.SUPPORT_BELOW_THRESHOLD, ["no passage supports an answer at the bar of 0.75"]),
        ("3-partial.json", R.REQUIRED_CLAIM_NOT_COVERED, ["1 of the question's 2 parts is not answered"]),
        ("4-conflicting.json", R.CONFLICTING_EVIDENCE, ['"Refunds" and "Billing FAQ" disagree on', "supersedes"]),
        ("5-stale.json", R.EVIDENCE_STALE, ['"TLS support"', "dates from 2022-03-01", "1734 days", "730 days"]),
        ("6-disallowed-source.json", R.SOURCE_NOT_ALLOWED, ["is a community source", "strict profile allows official"]),
    ],
)
def test_each_seed_abstention_names_its_cause(name: str, code: ReasonCode, words: list[str], policy: Policy) -> None:
    decision, found = why(fixture(name), policy)
    assert set(found) == set(decision.reason_codes)  # type: ignore[attr-defined]
    for word in words:
        assert word in found[code], found[code]
    assert found[code] != code.meaning


def test_an_answer_has_no_cause(policy: Policy) -> None:
    decision, found = why(fixture("1-supported.json"), policy)
    assert decision.status is Status.ANSWER and found == {}  # type: ignore[attr-defined]


def test_under_the_retrieval_bar_names_the_best_page_its_score_and_the_bar(policy: Policy) -> None:
    ev = evidence((passage("keys#1", 0.2), passage("plans#1", 0.1)), (verdict("c1", "keys#1", X, 0.9),))
    _, found = why(ev, policy)
    assert found[R.LOW_RETRIEVAL_CONFIDENCE] == (
        'the best page you may read for it ("keys") scores 0.20, under the bar of 0.30'
    )


def test_a_score_that_rounds_to_its_bar_is_shown_with_the_digits_that_tell_them_apart(policy: Policy) -> None:
    """ "scores 0.76, under the bar of 0.76" read as a contradiction."""
    ev = evidence((passage("keys#1", 0.2996), passage("plans#1", 0.1)), (verdict("c1", "keys#1", X, 0.9),))
    _, found = why(ev, policy)
    assert found[R.LOW_RETRIEVAL_CONFIDENCE] == (
        'the best page you may read for it ("keys") scores 0.2996, under the bar of 0.3000'
    )


def test_pages_on_the_topic_that_do_not_answer_are_told_from_an_off_topic_search(policy: Policy) -> None:
    def scored(vector: float) -> Passage:
        p = passage("keys#1", 0.2)
        return replace(p, scores=replace(p.scores, vector=vector))

    on, off = scored(0.8), scored(0.1)
    _, found = why(evidence((on,), (verdict("c1", "keys#1", S, 0.9),)), policy)
    assert found[R.NO_ANSWER_BEARING_EVIDENCE].startswith("pages on its topic were found, but the best page")
    _, found = why(evidence((off,), (verdict("c1", "keys#1", S, 0.9),)), policy)
    assert found[R.LOW_RETRIEVAL_CONFIDENCE].endswith("and none is on its topic (closest 0.10, bar 0.40)")


def test_a_superseded_page_is_named_without_the_page_that_replaces_it(policy: Policy) -> None:
    """The replacement may be a page this principal cannot read: its id is not given."""
    old = passage("keys-v1#1", 0.9, superseded_by=("keys-v2-internal",))
    _, found = why(evidence((old,), (verdict("c1", "keys-v1#1", S, 0.9),)), policy)
    assert found[R.EVIDENCE_STALE] == (
        'the only page that answers it, "keys-v1", is superseded by a newer page, which does not state it'
    )
    assert "keys-v2" not in json.dumps(found)


def test_a_page_not_yet_in_effect_or_undated_names_that(policy: Policy) -> None:
    future = passage("prices#1", 0.9, effective_date=date(2027, 1, 1))
    _, found = why(evidence((future,), (verdict("c1", "prices#1", S, 0.9),)), policy)
    assert found[R.EVIDENCE_STALE].endswith("takes effect on 2027-01-01")


def test_weak_support_names_the_claim_the_page_and_both_figures(policy: Policy) -> None:
    claims = (Claim("c1", "How do I rotate a key?"), Claim("c2", "How many keys may a project have?"))
    ev = evidence(
        (passage("keys#1", 0.9), passage("limits#1", 0.8)),
        (verdict("c1", "keys#1", S, 0.95), verdict("c2", "limits#1", S, 0.6)),
        claims,
    )
    _, found = why(ev, policy)
    assert found[R.SUPPORT_BELOW_THRESHOLD] == (
        'the best support for "How many keys may a project have?" is 0.60 ("limits"), under the bar of 0.75'
    )


def test_a_name_no_page_mentions_is_the_cause(policy: Policy) -> None:
    claims = (Claim("c1", "How do I connect Zapier?"),)
    ev = evidence(
        (passage("integrations#1", 0.9, text="Connect a webhook."),), (verdict("c1", "integrations#1", S, 0.9),), claims
    )
    _, found = why(ev, policy)
    assert found[R.NO_ANSWER_BEARING_EVIDENCE] == "no page you may read mentions Zapier"


def test_the_second_models_doubt_is_the_cause(policy: Policy) -> None:
    strict = replace(policy.profile("strict"), min_confirmation=0.5)
    doubted = replace(verdict("c1", "keys#1", S, 0.9), confirmation=0.2)
    ev = evidence((passage("keys#1", 0.9),), (doubted,))
    decision = decide(ev, strict, NOW)
    found = causes(ev, decision, strict, NOW)
    assert found[R.NO_ANSWER_BEARING_EVIDENCE] == (
        'the second answerability model doubts that "keys" answers it (0.20, under the bar of 0.50)'
    )


def test_an_answer_drafted_without_the_figure_asked_for_says_so(policy: Policy) -> None:
    claims = (Claim("c1", "How many API keys can a project have?"),)
    ev = evidence(
        (passage("keys#1", 0.9, text="A project can have several API keys."),),
        (verdict("c1", "keys#1", S, 0.9),),
        claims,
        drafted=draft(("A project can have several API keys.", ("keys#1",), 0.9)),
    )
    _, found = why(ev, policy)
    assert found[R.NO_ANSWER_BEARING_EVIDENCE] == "the answer drafted from the pages found states no figure"


def test_an_unsupported_draft_is_counted_without_quoting_it(policy: Policy) -> None:
    ev = evidence(
        (passage("keys#1", 0.9),),
        (verdict("c1", "keys#1", S, 0.9),),
        drafted=draft(("Keys never expire.", ("keys#1",), 0.9), ("Keys rotate hourly.", ("keys#1",), 0.1)),
    )
    decision, found = why(ev, policy)
    assert decision.status is Status.ABSTAIN  # type: ignore[attr-defined]
    assert (
        found[R.UNSUPPORTED_CLAIM]
        == "1 of the draft's 2 sentences is not supported by what it cites at the bar of 0.75"
    )
    assert "hourly" not in found[R.UNSUPPORTED_CLAIM]  # a withheld sentence is not shown after all


def test_nearly_tied_sources_name_both_pages_and_the_margin(policy: Policy) -> None:
    ev = evidence(
        (passage("keys#1", 0.90), passage("limits#1", 0.88)),
        (verdict("c1", "keys#1", S, 0.8), verdict("c1", "limits#1", S, 0.8)),
    )
    _, found = why(ev, policy)
    assert found[R.AMBIGUOUS_SOURCES].startswith('"keys" and "limits" score within 0.02 of each other (bar 0.05)')


def test_nearly_tied_sources_name_the_support_that_is_borderline(policy: Policy) -> None:
    """Of a question of two parts, the one whose support is borderline is named with its figure; the other
    part's strong support is no cause of the doubt."""
    two = (Claim("c1", "How do I rotate a key?"), Claim("c2", "How many keys can a project have?"))
    ev = evidence(
        (passage("keys#1", 0.90), passage("limits#1", 0.88)),
        (verdict("c1", "keys#1", S, 0.98), verdict("c2", "limits#1", S, 0.79)),
        claims=two,
    )
    decision, found = why(ev, policy)
    assert decision.status is Status.ABSTAIN  # type: ignore[attr-defined]
    assert found[R.AMBIGUOUS_SOURCES].endswith("and the support, 0.79, is within 0.10 of its bar (0.75)")


def test_no_passage_at_all(policy: Policy) -> None:
    _, found = why(evidence((), ()), policy)
    assert found == {R.NO_EVIDENCE: "no page you may read matched it"}


def test_the_readable_decision_prints_the_cause_instead_of_the_meaning(policy: Policy) -> None:
    ev = fixture("5-stale.json")
    decision = decide(ev, policy.profile("strict"), NOW)
    found = causes(ev, decision, policy.profile("strict"), NOW)
    text = render_decision(decision, why=found)
    assert "  - evidence_stale: the only page that answers it" in text
    assert R.EVIDENCE_STALE.meaning not in text
    assert R.EVIDENCE_STALE.meaning in render_decision(decision)  # without causes, the general meaning


def test_a_disallowed_tier_is_named_for_the_profile(policy: Policy) -> None:
    forum = passage("forum#1", 0.9, trust=TrustTier.COMMUNITY)
    _, found = why(evidence((forum,), (verdict("c1", "forum#1", S, 0.9),)), policy)
    assert found[R.SOURCE_NOT_ALLOWED] == (
        'the only page that answers it, "forum", is a community source; the strict profile allows official'
    )


def test_a_page_the_second_model_prefers_under_the_retrieval_bar_answers_nothing(policy: Policy) -> None:
    """The second model doubts the strongest support (0.32, under SECOND_LOOK_BELOW) and prefers a page the
    ranker put under the retrieval bar (0.64): neither is an answer to rest on, and the cause names both. A
    preferred page that clears the bar leads the answer, as before."""
    strict = replace(policy.profile("strict"), min_confirmation=0.25, min_retrieval_score=0.82, min_support=0.5)
    faq = replace(verdict("c1", "faq#1", S, 0.92), confirmation=0.32)
    cancel = replace(verdict("c1", "cancel#0", S, 0.64), confirmation=0.48)
    ev = evidence(
        (passage("faq#1", 0.92), passage("cancel#0", 0.64)),
        (faq, cancel),
        (Claim("c1", "What router model do you use?"),),
        drafted=draft(("Our router model is the Archer AX55.", ("cancel#0",), 0.9)),
    )
    decision = decide(ev, strict, NOW)
    assert decision.status is Status.ABSTAIN and R.NO_ANSWER_BEARING_EVIDENCE in decision.reason_codes
    assert causes(ev, decision, strict, NOW)[R.NO_ANSWER_BEARING_EVIDENCE] == (
        'the second answerability model doubts "faq" (0.32) and prefers "cancel", which scores 0.64, under the '
        "bar of 0.82"
    )
    above = evidence(
        (passage("faq#1", 0.92), passage("cancel#0", 0.85)),
        (faq, replace(cancel, strength=0.85)),
        (Claim("c1", "What router model do you use?"),),
        drafted=draft(("Our router model is the Archer AX55.", ("cancel#0",), 0.9)),
    )
    assert decide(above, strict, NOW).status is Status.ANSWER
