"""The six fixtures of the first seed and the refusal paths of the second and third seeds."""

from __future__ import annotations

import json
from dataclasses import replace
from datetime import date

import pytest

from answerable import (
    Claim,
    DraftRequiredError,
    InputError,
    Label,
    Passage,
    ReasonCode,
    Status,
    TrustTier,
    assess,
    authorize,
    decide,
)
from answerable.core.codec import evidence_from_dict
from tests.conftest import NOW, ROOT, draft, evidence, passage, verdict

R = ReasonCode
S, X, F = Label.SUPPORTED, Label.INSUFFICIENT, Label.REFUTED

# First seed ("How to make a RAG system abstain"): expected status and the reasons it observed.
SEED_FIXTURES = {
    "1-supported.json": (Status.ANSWER, set()),
    "2-no-answer-bearing.json": (
        Status.ABSTAIN,
        {R.NO_ANSWER_BEARING_EVIDENCE, R.SUPPORT_BELOW_THRESHOLD, R.REQUIRED_CLAIM_NOT_COVERED},
    ),
    "3-partial.json": (Status.ABSTAIN, {R.REQUIRED_CLAIM_NOT_COVERED}),
    "4-conflicting.json": (Status.ABSTAIN, {R.CONFLICTING_EVIDENCE}),
    "5-stale.json": (Status.ABSTAIN, {R.EVIDENCE_STALE}),
    "6-disallowed-source.json": (Status.ABSTAIN, {R.SOURCE_NOT_ALLOWED}),
}


def load_fixture(name: str):  # type: ignore[no-untyped-def]
    return evidence_from_dict(json.loads((ROOT / "examples" / "evidence" / name).read_text()))


@pytest.mark.parametrize("name", sorted(SEED_FIXTURES))
def test_seed_fixture_under_strict(name, policy):  # type: ignore[no-untyped-def]
    status, reasons = SEED_FIXTURES[name]
    decision = decide(load_fixture(name), policy.profile("strict"), NOW)
    assert decision.status is status
    assert set(decision.reason_codes) == reasons
    if status is Status.ABSTAIN:
        assert decision.next_step and decision.answer is None and not decision.citations
    else:
        assert decision.next_step is None and decision.answer and decision.citations


def test_partial_fixture_is_a_labelled_partial_under_assist(policy):  # type: ignore[no-untyped-def]
    decision = decide(load_fixture("3-partial.json"), policy.profile("assist"), NOW)
    assert decision.status is Status.PARTIAL
    assert decision.missing_claims == ("How long rotated keys take to propagate to all regions",)
    assert decision.reason_codes == (R.REQUIRED_CLAIM_NOT_COVERED,)
    assert [c.passage_id for c in decision.citations] == ["acme-keys#2"]


@pytest.mark.parametrize("blocker", ["conflict", "disallowed"])
def test_assist_never_softens_conflict_or_disallowed_into_partial(blocker, policy):  # type: ignore[no-untyped-def]
    """One claim covered, the other blocked: a partial answer is conceivable but must not be given."""
    if blocker == "conflict":
        blocked = (passage("x#1", 0.9), passage("y#1", 0.9))
        blocked_verdicts = (verdict("c2", "x#1", S, 0.95), verdict("c2", "y#1", F, 0.95))
        code = R.CONFLICTING_EVIDENCE
    else:
        blocked = (passage("x#1", 0.9, trust=TrustTier.DRAFT),)
        blocked_verdicts = (verdict("c2", "x#1", S, 0.95),)
        code = R.SOURCE_NOT_ALLOWED
    ev = evidence(
        (passage("a#1", 0.95), *blocked),
        (verdict("c1", "a#1", S, 0.95), *blocked_verdicts),
        claims=(Claim("c1", "first part"), Claim("c2", "second part")),
        drafted=draft(("First part.", ("a#1",), 0.95)),
    )
    d = decide(ev, policy.profile("assist"), NOW)
    assert d.status is Status.ABSTAIN and code in d.reason_codes


def test_disallowed_source_is_fine_where_the_profile_allows_its_tier(policy):  # type: ignore[no-untyped-def]
    assert decide(load_fixture("6-disallowed-source.json"), policy.profile("assist"), NOW).status is Status.ANSWER


# --- second and third seeds: the refusal paths ----------------------------------------------------


def supported_case(rerank: float = 0.9, support: float = 0.95, runner_up: float = 0.3):  # type: ignore[no-untyped-def]
    return evidence(
        (passage("a#1", rerank), passage("b#1", runner_up)),
        (verdict("c1", "a#1", S, support), verdict("c1", "b#1", X, 0.9)),
        drafted=draft(("The answer.", ("a#1",), 0.95)),
    )


def test_low_retrieval_confidence(policy):  # type: ignore[no-untyped-def]
    d = decide(supported_case(rerank=0.1, runner_up=0.05), policy.profile("strict"), NOW)
    assert d.status is Status.ABSTAIN
    assert d.reason_codes == (R.LOW_RETRIEVAL_CONFIDENCE,)
    assert d.suggestions and d.suggestions[0].passage_id == "a#1"


def test_model_declined(policy):  # type: ignore[no-untyped-def]
    ev = supported_case()
    for declined in (draft(declined=True), draft()):
        d = decide(
            ev.__class__(ev.question, ev.claims, ev.passages, ev.verdicts, declined), policy.profile("strict"), NOW
        )
        assert d.status is Status.ABSTAIN and d.reason_codes == (R.MODEL_DECLINED,)


@pytest.mark.parametrize(
    "sentences",
    [
        (("The answer.", ("a#1",), 0.95), ("Keys propagate in 24 hours.", ("a#1",), 0.2)),
        (("The answer.", ("a#1",), 0.95), ("An uncited fact.", (), None)),
        (("The answer.", ("a#1",), None),),
    ],
)
def test_unsupported_claim_in_the_draft(sentences, policy):  # type: ignore[no-untyped-def]
    ev = supported_case()
    ev = ev.__class__(ev.question, ev.claims, ev.passages, ev.verdicts, draft(*sentences))
    d = decide(ev, policy.profile("strict"), NOW)
    assert d.status is Status.ABSTAIN and d.reason_codes == (R.UNSUPPORTED_CLAIM,)
    assert d.answer is None and not d.citations


def test_ambiguous_sources_needs_small_margin_and_borderline_support(policy):  # type: ignore[no-untyped-def]
    strict = policy.profile("strict")
    tied_borderline = evidence(
        (passage("a#1", 0.80), passage("b#1", 0.78)),
        (verdict("c1", "a#1", S, 0.78), verdict("c1", "b#1", X, 0.6)),
        drafted=draft(("The answer.", ("a#1",), 0.9)),
    )
    d = decide(tied_borderline, strict, NOW)
    assert d.status is Status.ABSTAIN and d.reason_codes == (R.AMBIGUOUS_SOURCES,)
    # Tied but clearly supported, or borderline but clearly best: both answer.
    clear = tied_borderline.__class__(
        "q?",
        tied_borderline.claims,
        tied_borderline.passages,
        (verdict("c1", "a#1", S, 0.97),),
        tied_borderline.draft,
    )
    assert decide(clear, strict, NOW).status is Status.ANSWER
    apart = evidence(
        (passage("a#1", 0.80), passage("b#1", 0.40)),
        (verdict("c1", "a#1", S, 0.78),),
        drafted=draft(("The answer.", ("a#1",), 0.9)),
    )
    assert decide(apart, strict, NOW).status is Status.ANSWER


@pytest.mark.parametrize("texts", [(), ("",), ("   \n\t",), ("", " ")])
def test_no_evidence_on_empty_or_blank_retrieval(texts, policy):  # type: ignore[no-untyped-def]
    passages = tuple(passage(f"p{i}#1", text=t) for i, t in enumerate(texts))
    auth = authorize(evidence(passages, ()), policy.profile("strict"), NOW)
    assert auth.status is Status.ABSTAIN and auth.reason_codes == (R.NO_EVIDENCE,)
    d = decide(evidence(passages, ()), policy.profile("strict"), NOW)
    assert d.reason_codes == (R.NO_EVIDENCE,) and not d.suggestions


def test_blank_passages_do_not_count_even_beside_real_ones(policy):  # type: ignore[no-untyped-def]
    ev = evidence(
        (passage("blank#1", 0.99, text="  "), passage("a#1", 0.9)),
        (verdict("c1", "blank#1", S, 0.99), verdict("c1", "a#1", X, 0.9)),
    )
    d = decide(ev, policy.profile("strict"), NOW)
    assert d.status is Status.ABSTAIN and R.NO_ANSWER_BEARING_EVIDENCE in d.reason_codes


@pytest.mark.parametrize("cited", ["old-request#3", "stale#1"])
def test_citation_outside_this_requests_context(cited, policy):  # type: ignore[no-untyped-def]
    """An id from a previous request, or one retrieved but not usable (stale), is not in the context."""
    ev = evidence(
        (passage("a#1", 0.9), passage("stale#1", 0.5, updated=date(2019, 1, 1))),
        (verdict("c1", "a#1", S, 0.95),),
        drafted=draft(("The answer.", ("a#1",), 0.95), ("More.", (cited,), 0.95)),
    )
    d = decide(ev, policy.profile("strict"), NOW)
    assert d.status is Status.ABSTAIN and d.reason_codes == (R.CITATION_INVALID,)


def test_citation_beyond_the_context_budget_is_invalid(policy):  # type: ignore[no-untyped-def]
    strict = policy.profile("strict")
    many = tuple(passage(f"p{i}#1", 0.9 - i * 0.01) for i in range(strict.max_passages + 1))
    last = many[-1].id
    ev = evidence(
        many,
        (verdict("c1", "p0#1", S, 0.95),),
        drafted=draft(("The answer.", (last,), 0.95)),
    )
    assert decide(ev, strict, NOW).reason_codes == (R.CITATION_INVALID,)


def test_authorized_evidence_without_a_draft_is_an_error_not_an_answer(policy):  # type: ignore[no-untyped-def]
    ev = supported_case()
    ev = ev.__class__(ev.question, ev.claims, ev.passages, ev.verdicts, None)
    assert authorize(ev, policy.profile("strict"), NOW).status is Status.ANSWER
    with pytest.raises(DraftRequiredError):
        decide(ev, policy.profile("strict"), NOW)


def test_question_without_claims_is_an_input_error(policy):  # type: ignore[no-untyped-def]
    with pytest.raises(InputError, match="no claims"):
        decide(evidence((passage("a#1"),), (), claims=()), policy.profile("strict"), NOW)


def test_one_strong_passage_never_hides_a_missing_claim(policy):  # type: ignore[no-untyped-def]
    ev = evidence(
        (passage("a#1", 0.99),),
        (verdict("c1", "a#1", S, 0.99), verdict("c2", "a#1", X, 0.99)),
        claims=(Claim("c1", "first part"), Claim("c2", "second part")),
        drafted=draft(("First part.", ("a#1",), 0.99)),
    )
    d = decide(ev, policy.profile("strict"), NOW)
    assert d.status is Status.ABSTAIN and d.missing_claims == ("second part",)


def test_superseded_and_future_passages_are_stale(policy):  # type: ignore[no-untyped-def]
    strict = policy.profile("strict")
    for p in (
        passage("old#1", superseded_by=("new",)),
        passage("future#1", effective_date=date(2027, 6, 1)),
    ):
        ev = evidence((p,), (verdict("c1", p.id, S, 0.95),), drafted=draft(("x.", (p.id,), 0.95)))
        assert decide(ev, strict, NOW).reason_codes == (R.EVIDENCE_STALE,)


def test_undated_sources_are_stale_only_where_dates_are_required(policy):  # type: ignore[no-untyped-def]
    strict = policy.profile("strict")
    ev = evidence(
        (passage("a#1", updated=None),), (verdict("c1", "a#1", S, 0.95),), drafted=draft(("x.", ("a#1",), 0.95))
    )
    assert decide(ev, strict, NOW).status is Status.ANSWER
    from dataclasses import replace

    assert decide(ev, replace(strict, require_dates=True), NOW).reason_codes == (R.EVIDENCE_STALE,)


def test_freshness_limit_depends_on_source_kind(policy):  # type: ignore[no-untyped-def]
    strict = policy.profile("strict")
    # 500 days old: within the default limit (730) but past the release-notes limit (365).
    old = date(2025, 7, 17)
    for kind, status in (("guide", Status.ANSWER), ("release-notes", Status.ABSTAIN)):
        p = passage("a#1", updated=old, source_kind=kind)
        ev = evidence((p,), (verdict("c1", "a#1", S, 0.95),), drafted=draft(("x.", ("a#1",), 0.95)))
        assert decide(ev, strict, NOW).status is status


def test_unrated_trust_follows_the_profile(policy):  # type: ignore[no-untyped-def]
    from dataclasses import replace

    ev = evidence(
        (passage("a#1", trust=None),), (verdict("c1", "a#1", S, 0.95),), drafted=draft(("x.", ("a#1",), 0.95))
    )
    assert decide(ev, policy.profile("strict"), NOW).status is Status.ANSWER  # shipped: judged on content
    requiring = replace(policy.profile("strict"), allow_unrated_trust=False)
    assert decide(ev, requiring, NOW).reason_codes == (R.SOURCE_NOT_ALLOWED,)


def test_draft_tier_is_never_allowed_by_the_shipped_profiles(policy):  # type: ignore[no-untyped-def]
    ev = evidence(
        (passage("a#1", trust=TrustTier.DRAFT),),
        (verdict("c1", "a#1", S, 0.95),),
        drafted=draft(("x.", ("a#1",), 0.95)),
    )
    for name in ("strict", "assist"):
        assert decide(ev, policy.profile(name), NOW).reason_codes == (R.SOURCE_NOT_ALLOWED,)


@pytest.mark.parametrize(
    ("off_limits", "code"),
    [({"trust": TrustTier.COMMUNITY}, R.SOURCE_NOT_ALLOWED), ({"updated": date(2019, 1, 1)}, R.EVIDENCE_STALE)],
)
def test_a_question_only_an_off_limits_page_matches_closely_names_that_page_as_the_cause(  # type: ignore[no-untyped-def]
    off_limits, code, policy
):
    # The allowed page supports the claim but misses the retrieval bar (0.30 strict); a page the answer may not
    # rest on clears it. "No page matched closely, rephrase" alone would hide why.
    def case(off_limits_rerank: float):  # type: ignore[no-untyped-def]
        return evidence(
            (passage("forum#1", off_limits_rerank, **off_limits), passage("a#1", 0.2)),
            (verdict("c1", "forum#1", S, 0.95), verdict("c1", "a#1", S, 0.8)),
        )

    d = decide(case(0.9), policy.profile("strict"), NOW)
    assert d.status is Status.ABSTAIN
    assert d.reason_codes[0] is code and R.LOW_RETRIEVAL_CONFIDENCE in d.reason_codes
    assert d.next_step == code.next_step
    # An off-limits page under the bar too: nothing matched closely, and that is all there is to say.
    assert decide(case(0.25), policy.profile("strict"), NOW).reason_codes == (R.LOW_RETRIEVAL_CONFIDENCE,)


def on_topic(p: Passage, cosine: float) -> Passage:
    """The passage as hybrid search returns it: with its bi-encoder cosine to the question."""
    return replace(p, scores=replace(p.scores, vector=cosine))


def test_pages_on_the_topic_that_do_not_answer_are_no_answer_bearing_evidence(policy):  # type: ignore[no-untyped-def]
    # The same evidence as test_low_retrieval_confidence, but the pages are on the question's topic: they were
    # found and read, and none is likely to answer. Rephrasing will not help; a page must be written.
    strict = policy.profile("strict")
    weak = supported_case(rerank=0.1, runner_up=0.05)
    close = replace(weak, passages=tuple(on_topic(p, 0.55) for p in weak.passages))
    d = decide(close, strict, NOW)
    assert d.status is Status.ABSTAIN and d.reason_codes == (R.NO_ANSWER_BEARING_EVIDENCE,)
    assert d.next_step == R.NO_ANSWER_BEARING_EVIDENCE.next_step
    assert d.suggestions and d.suggestions[0].passage_id == "a#1"
    # Nothing on the topic (the best cosine is under the profile's bar): the retrieval is what failed.
    far = replace(weak, passages=tuple(on_topic(p, 0.2) for p in weak.passages))
    assert decide(far, strict, NOW).reason_codes == (R.LOW_RETRIEVAL_CONFIDENCE,)
    assert decide(close, replace(strict, min_topic_similarity=0.6), NOW).reason_codes == (R.LOW_RETRIEVAL_CONFIDENCE,)
    # Only usable pages count: a stale page on the topic does not make the question's topic covered.
    stale_close = replace(far, passages=(far.passages[0], replace(close.passages[1], updated_at=date(2019, 1, 1))))
    assert assess(stale_close, strict, NOW).topic_similarity == 0.2
    assert decide(stale_close, strict, NOW).reason_codes == (R.LOW_RETRIEVAL_CONFIDENCE,)
    # A passage that clears the bar is answered, whatever its cosine.
    assert decide(replace(close, passages=(on_topic(passage("a#1", 0.9), 0.1),)), strict, NOW).status is Status.ANSWER


def test_on_topic_pages_under_the_bar_defer_to_a_named_cause(policy):  # type: ignore[no-untyped-def]
    strict = policy.profile("strict")
    # Only a disallowed page clears the bar: its cause is named first, with the retrieval bar (as without
    # the topic rule: neither code may be softened to a partial answer), not a missing answer.
    off_limits = evidence(
        (on_topic(passage("forum#1", 0.9, trust=TrustTier.COMMUNITY), 0.7), on_topic(passage("a#1", 0.2), 0.6)),
        (verdict("c1", "forum#1", S, 0.95), verdict("c1", "a#1", S, 0.8)),
    )
    assert decide(off_limits, strict, NOW).reason_codes == (R.SOURCE_NOT_ALLOWED, R.LOW_RETRIEVAL_CONFIDENCE)
    # Two allowed pages disagree and neither clears the bar: the conflict is the cause.
    conflict = evidence(
        (on_topic(passage("new#1", 0.25), 0.7), on_topic(passage("old#1", 0.2), 0.6)),
        (verdict("c1", "new#1", S, 0.93), verdict("c1", "old#1", F, 0.9)),
    )
    assert decide(conflict, strict, NOW).reason_codes == (R.CONFLICTING_EVIDENCE, R.LOW_RETRIEVAL_CONFIDENCE)
    # A profile that tolerates the conflict still does not answer from pages under the bar.
    tolerant = replace(strict, max_contradictions=1)
    assert decide(conflict, tolerant, NOW).reason_codes == (R.NO_ANSWER_BEARING_EVIDENCE,)
