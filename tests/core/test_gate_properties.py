"""Properties of the gate over generated evidence (hypothesis)."""

from __future__ import annotations

import os
from dataclasses import replace
from datetime import date, timedelta

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from answerable import (
    Claim,
    Draft,
    DraftSentence,
    Evidence,
    Label,
    ReasonCode,
    Status,
    TrustTier,
    Verdict,
    assess,
    decide,
)
from answerable.core.policy import Profile
from answerable.signals.annotate import annotate
from tests.conftest import NOW, passage

R = ReasonCode
PROFILE_NAMES = ("strict", "assist")
settings.register_profile("gate", max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
# `make unit` (HYPOTHESIS_PROFILE=unit) tries fewer examples for a quick loop; `make test` all 300.
settings.register_profile("unit", max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
settings.load_profile("unit" if os.environ.get("HYPOTHESIS_PROFILE") == "unit" else "gate")


def roomy(profile: Profile) -> Profile:
    # A budget larger than any generated set, so the context budget is not what a property exercises.
    return replace(profile, max_passages=50, max_chars=100_000)


@st.composite
def passages_st(draw: st.DrawFn, prefix: str = "p", n_min: int = 0, n_max: int = 5):  # type: ignore[no-untyped-def]
    n = draw(st.integers(n_min, n_max))
    out = []
    for i in range(n):
        age = draw(st.integers(0, 1500))
        out.append(
            passage(
                f"{prefix}{i}#1",
                rerank=draw(st.floats(0, 1)),
                text=draw(st.sampled_from(["Documentation text.", "Another page.", " "])),
                trust=draw(st.sampled_from([TrustTier.OFFICIAL, TrustTier.OFFICIAL, TrustTier.COMMUNITY, None])),
                updated=NOW - timedelta(days=age),
                effective_date=draw(st.sampled_from([None, date(2025, 1, 1), date(2026, 6, 1)])),
                owner=draw(st.sampled_from([None, "docs", "support"])),
            )
        )
        cosine = draw(st.one_of(st.none(), st.floats(-1, 1)))  # None: a BM25-only hit
        out[-1] = replace(out[-1], scores=replace(out[-1].scores, vector=cosine))
    return tuple(out)


@st.composite
def evidence_st(draw: st.DrawFn) -> Evidence:
    n_claims = draw(st.integers(1, 3))
    claims = tuple(Claim(f"c{i}", f"claim {i}") for i in range(n_claims))
    passages = draw(passages_st())
    verdicts = tuple(
        Verdict(c.id, p.id, draw(st.sampled_from(list(Label))), draw(st.floats(0.34, 1.0)))
        for c in claims
        for p in passages
        if draw(st.booleans())
    )
    cited = [p.id for p in passages]
    sentences = tuple(
        DraftSentence(
            "A sentence.",
            tuple(draw(st.lists(st.sampled_from(cited), max_size=2, unique=True))) if cited else (),
            draw(st.one_of(st.none(), st.floats(0, 1))),
        )
        for _ in range(draw(st.integers(1, 3)))
    )
    return Evidence("q?", claims, passages, verdicts, Draft(sentences, declined=draw(st.booleans())))


def without(ev: Evidence, pid: str) -> Evidence:
    return replace(
        ev,
        passages=tuple(p for p in ev.passages if p.id != pid),
        verdicts=tuple(v for v in ev.verdicts if v.passage_id != pid),
    )


@pytest.mark.parametrize("profile_name", PROFILE_NAMES)
@given(ev=evidence_st(), data=st.data())
def test_removing_evidence_never_turns_an_abstention_into_an_answer(ev, data, profile_name, policy):  # type: ignore[no-untyped-def]
    """Removing a passage may resolve a conflict or an ambiguity it caused, and nothing else."""
    profile = roomy(policy.profile(profile_name))
    before = decide(ev, profile, NOW)
    if before.status is Status.ANSWER or not ev.passages:
        return
    pid = data.draw(st.sampled_from([p.id for p in ev.passages]))
    after = decide(without(ev, pid), profile, NOW)
    if after.status is Status.ANSWER:
        assert set(before.reason_codes) <= {R.CONFLICTING_EVIDENCE, R.AMBIGUOUS_SOURCES}, before.reason_codes


@pytest.mark.parametrize("profile_name", PROFILE_NAMES)
@given(ev=evidence_st(), data=st.data())
def test_removing_support_never_turns_an_abstention_into_an_answer(ev, data, profile_name, policy):  # type: ignore[no-untyped-def]
    """Dropping supporting verdicts (the evidence itself, not a competitor) never helps."""
    profile = roomy(policy.profile(profile_name))
    before = decide(ev, profile, NOW)
    if before.status is Status.ANSWER or not ev.verdicts:
        return
    drop = data.draw(st.sampled_from([v for v in ev.verdicts if v.label is Label.SUPPORTED] or [ev.verdicts[0]]))
    after = decide(replace(ev, verdicts=tuple(v for v in ev.verdicts if v != drop)), profile, NOW)
    if drop.label is Label.SUPPORTED:
        assert after.status is not Status.ANSWER


@st.composite
def harmful_passage(draw: st.DrawFn, ev: Evidence):  # type: ignore[no-untyped-def]
    kind = draw(st.sampled_from(["stale", "superseded", "disallowed", "conflicting"]))
    rerank = draw(st.floats(0, 1))
    if kind == "stale":
        p = passage("added#1", rerank, updated=NOW - timedelta(days=draw(st.integers(1200, 5000))))
    elif kind == "superseded":
        p = passage("added#1", rerank, superseded_by=("p0",))
    elif kind == "disallowed":
        p = passage("added#1", rerank, trust=TrustTier.DRAFT)
    else:
        p = passage("added#1", rerank)
    if kind == "conflicting":
        target = draw(st.sampled_from(ev.claims))
        verdicts = (Verdict(target.id, p.id, Label.REFUTED, draw(st.floats(0.8, 1.0))),)
    else:
        verdicts = tuple(
            Verdict(c.id, p.id, draw(st.sampled_from(list(Label))), draw(st.floats(0.34, 1.0))) for c in ev.claims
        )
    return kind, p, verdicts


@pytest.mark.parametrize("profile_name", PROFILE_NAMES)
@given(ev=evidence_st(), data=st.data())
def test_adding_stale_conflicting_or_disallowed_evidence_never_enables_an_answer(ev, data, profile_name, policy):  # type: ignore[no-untyped-def]
    profile = roomy(policy.profile(profile_name))
    before = decide(ev, profile, NOW)
    kind, p, verdicts = data.draw(harmful_passage(ev))
    after = decide(annotate(replace(ev, passages=(*ev.passages, p), verdicts=(*ev.verdicts, *verdicts))), profile, NOW)
    if before.status is not Status.ANSWER:
        assert after.status is not Status.ANSWER, kind
    if before.status is Status.ABSTAIN:
        assert after.status is Status.ABSTAIN, kind


# --- single veto failures ---------------------------------------------------------------------------


@st.composite
def answerable_case(draw: st.DrawFn) -> Evidence:
    """Evidence every veto passes under strict: one claim, a clearly best, fresh, official supporter."""
    top = draw(st.floats(0.6, 1.0))
    runner = draw(st.floats(0.0, top - 0.2))
    support = draw(st.floats(0.9, 1.0))
    age = draw(st.integers(0, 700))
    p0 = passage("p0#1", top, updated=NOW - timedelta(days=age))
    p1 = passage("p1#1", runner)
    return Evidence(
        "q?",
        (Claim("c1", "the fact"),),
        (p0, p1),
        (Verdict("c1", "p0#1", Label.SUPPORTED, support),),
        Draft((DraftSentence("The fact.", ("p0#1",), draw(st.floats(0.8, 1.0))),)),
    )


def _fail(ev: Evidence, veto: ReasonCode) -> Evidence:
    p0, p1 = ev.passages
    if veto is R.LOW_RETRIEVAL_CONFIDENCE:
        return replace(
            ev,
            passages=(
                replace(p0, scores=replace(p0.scores, rerank=0.05)),
                replace(p1, scores=replace(p1.scores, rerank=0.0)),
            ),
        )
    if veto is R.NO_ANSWER_BEARING_EVIDENCE:
        return replace(ev, verdicts=(Verdict("c1", "p0#1", Label.INSUFFICIENT, 0.9),))
    if veto is R.SUPPORT_BELOW_THRESHOLD:
        return replace(ev, verdicts=(Verdict("c1", "p0#1", Label.SUPPORTED, 0.5),))
    if veto is R.REQUIRED_CLAIM_NOT_COVERED:
        return replace(ev, claims=(*ev.claims, Claim("c2", "another part")))
    if veto is R.CONFLICTING_EVIDENCE:
        return replace(ev, verdicts=(*ev.verdicts, Verdict("c1", "p1#1", Label.REFUTED, 0.95)))
    if veto is R.EVIDENCE_STALE:
        return replace(ev, passages=(replace(p0, updated_at=date(2020, 1, 1)), p1))
    if veto is R.SOURCE_NOT_ALLOWED:
        return replace(ev, passages=(replace(p0, trust=TrustTier.COMMUNITY), p1))
    if veto is R.AMBIGUOUS_SOURCES:
        top = p0.scores.rerank or 0.0
        return replace(
            ev,
            passages=(p0, replace(p1, scores=replace(p1.scores, rerank=top - 0.01))),
            verdicts=(Verdict("c1", "p0#1", Label.SUPPORTED, 0.8),),
        )
    if veto is R.MODEL_DECLINED:
        return replace(ev, draft=Draft((), declined=True))
    if veto is R.UNSUPPORTED_CLAIM:
        return replace(ev, draft=Draft((DraftSentence("The fact.", ("p0#1",), 0.1),)))
    if veto is R.CITATION_INVALID:
        return replace(ev, draft=Draft((DraftSentence("The fact.", ("elsewhere#9",), 0.99),)))
    assert veto is R.NO_EVIDENCE
    return replace(ev, passages=(), verdicts=())


@pytest.mark.parametrize("veto", list(ReasonCode))
@given(ev=answerable_case())
def test_failing_any_single_veto_abstains_and_names_it(veto, ev, policy):  # type: ignore[no-untyped-def]
    strict = policy.profile("strict")
    assert decide(ev, strict, NOW).status is Status.ANSWER
    d = decide(_fail(ev, veto), strict, NOW)
    assert d.status is Status.ABSTAIN
    assert veto in d.reason_codes
    assert d.next_step and d.answer is None and not d.citations


@given(ev=evidence_st())
def test_every_abstention_has_a_reason_and_a_next_step_and_answers_have_none(ev, policy):  # type: ignore[no-untyped-def]
    for name in PROFILE_NAMES:
        d = decide(ev, roomy(policy.profile(name)), NOW)
        if d.status is Status.ANSWER:
            assert not d.reason_codes and d.next_step is None and not d.missing_claims
        else:
            assert d.reason_codes and d.next_step
        cited = {c.passage_id for c in d.citations}
        assert cited <= {p.id for p in ev.passages}


@given(ev=evidence_st())
def test_same_inputs_same_decision(ev, policy):  # type: ignore[no-untyped-def]
    strict = policy.profile("strict")
    first = decide(ev, strict, NOW)
    rebuilt = Evidence(ev.question, tuple(ev.claims), tuple(ev.passages), tuple(reversed(ev.verdicts))[::-1], ev.draft)
    assert decide(rebuilt, strict, NOW) == first
    assert decide(ev, strict, NOW).to_dict() == first.to_dict()
    assert decide(ev, strict, NOW + timedelta(days=1)).decision_id != first.decision_id


@pytest.mark.parametrize("profile_name", PROFILE_NAMES)
@given(ev=evidence_st(), tolerated=st.integers(0, 2), topic=st.floats(-1, 1))
def test_no_answer_below_the_retrieval_bar(ev, tolerated, topic, profile_name, policy):  # type: ignore[no-untyped-def]
    """Whether pages are on the topic only changes which reason is named, never whether an answer leaves."""
    prof = replace(roomy(policy.profile(profile_name)), max_contradictions=tolerated, min_topic_similarity=topic)
    a = assess(ev, prof, NOW)
    if a.retrieval_score is None or a.retrieval_score >= prof.min_retrieval_score:
        return
    d = decide(ev, prof, NOW)
    assert d.status is Status.ABSTAIN
    assert {R.LOW_RETRIEVAL_CONFIDENCE, R.NO_ANSWER_BEARING_EVIDENCE} & set(d.reason_codes)
    # The same evidence with no page on the topic: the same decision but for which of the two is named.
    far = decide(ev, replace(prof, min_topic_similarity=2.0), NOW)
    swapped = {R.LOW_RETRIEVAL_CONFIDENCE, R.NO_ANSWER_BEARING_EVIDENCE}
    assert far.status is d.status and set(far.reason_codes) - swapped == set(d.reason_codes) - swapped


def test_a_decision_id_ignores_score_noise_no_decision_reads(policy):  # type: ignore[no-untyped-def]
    """A model's scores move in their last bits with its thread count; the same decision keeps its id, and
    a score that really differs gives another."""
    from tests.core.test_gate_seeds import load_fixture

    strict = policy.profile("strict")
    ev = load_fixture("1-supported.json")
    first = decide(ev, strict, NOW)

    def nudged(by: float):  # type: ignore[no-untyped-def]
        return replace(ev, verdicts=tuple(replace(v, strength=min(1.0, v.strength + by)) for v in ev.verdicts))

    assert decide(nudged(1e-9), strict, NOW).decision_id == first.decision_id
    assert decide(nudged(1e-3), strict, NOW).decision_id != first.decision_id
