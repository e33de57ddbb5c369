"""Conflict precedence and set-level assessment."""

from __future__ import annotations

import json
from dataclasses import replace
from datetime import date

import pytest

from answerable import Claim, ClaimStatus, Label, ReasonCode, Status, TrustTier, assess, authorize, decide
from answerable.core.assess import (
    CONFIRMATION_LEAD,
    SECOND_LOOK_BELOW,
    confirmed,
    rivals,
    second_look,
    section_look,
    strongest_support,
)
from answerable.core.codec import evidence_from_dict, evidence_to_dict
from answerable.core.errors import InputError
from answerable.core.policy import Precedence
from answerable.core.types import Verdict
from answerable.interfaces.render import render_decision
from answerable.signals.annotate import annotate
from tests.conftest import NOW, draft, evidence, passage, verdict

S, F = Label.SUPPORTED, Label.REFUTED


def conflict_case(support_kw: dict, refute_kw: dict):  # type: ignore[no-untyped-def,type-arg]
    return evidence(
        (passage("new#1", 0.9, **support_kw), passage("old#1", 0.88, **refute_kw)),
        (verdict("c1", "new#1", S, 0.93), verdict("c1", "old#1", F, 0.9)),
        drafted=draft(("Thirty days.", ("new#1",), 0.93)),
    )


def test_unresolved_conflict_names_both_sides(policy):  # type: ignore[no-untyped-def]
    d = decide(conflict_case({}, {}), policy.profile("strict"), NOW)
    assert d.reason_codes == (ReasonCode.CONFLICTING_EVIDENCE,)
    assert d.claims[0].status is ClaimStatus.CONFLICTING
    assert set(d.claims[0].passage_ids) == {"new#1", "old#1"}
    lines = render_decision(d).splitlines()
    assert any(line.endswith("(these passages disagree: new#1, old#1)") for line in lines)


def test_a_conflict_names_the_answers_page_and_the_refuting_one_not_every_page_that_answers(policy):  # type: ignore[no-untyped-def]
    ev = evidence(
        (passage("new#1", 0.9), passage("new#2", 0.85), passage("other#1", 0.86), passage("old#1", 0.88)),
        (
            verdict("c1", "new#1", S, 0.93),
            verdict("c1", "new#2", S, 0.8),
            verdict("c1", "other#1", S, 0.86),
            verdict("c1", "old#1", F, 0.9),
        ),
    )
    a = assess(ev, policy.profile("strict"), NOW)
    assert a.claims[0].status is ClaimStatus.CONFLICTING
    # other#1 answers too without refuting the answer: no side of the conflict (precedence still weighs it)
    assert a.claims[0].passage_ids == ("new#1", "new#2", "old#1")
    assert set(a.conflicts[0].supporting) == {"new#1", "new#2", "other#1"}


def test_a_page_superseded_by_a_passage_present_is_stale_whichever_side_states_it(policy):  # type: ignore[no-untyped-def]
    """The newer page's `supersedes` alone makes the old one stale, as its own `superseded_by` does (the
    store sets both): nothing is left to resolve, and the answer rests on the newer page."""
    ev = conflict_case({"supersedes": ("old",)}, {})
    a = assess(ev, policy.profile("strict"), NOW)
    assert a.conflicts == () and a.stale_passage_ids == ("old#1",)
    d = decide(ev, policy.profile("strict"), NOW)
    assert d.status is Status.ANSWER and d.claims[0].passage_ids == ("new#1",)


def test_newer_effective_date_resolves(policy):  # type: ignore[no-untyped-def]
    ev = conflict_case({"effective_date": date(2026, 9, 1)}, {"effective_date": date(2025, 1, 1)})
    a = assess(ev, policy.profile("strict"), NOW)
    assert a.conflicts[0].resolved_by == "effective_date"
    assert decide(ev, policy.profile("strict"), NOW).status is Status.ANSWER


def test_newer_refuting_source_wins_and_the_claim_is_not_covered(policy):  # type: ignore[no-untyped-def]
    ev = conflict_case({"effective_date": date(2025, 1, 1)}, {"effective_date": date(2026, 9, 1)})
    d = decide(ev, policy.profile("strict"), NOW)
    assert d.claims[0].status is ClaimStatus.REFUTED and d.claims[0].passage_ids == ("old#1",)
    assert d.status is Status.ABSTAIN and ReasonCode.REQUIRED_CLAIM_NOT_COVERED in d.reason_codes
    # The question's only claim: the next step speaks of the question, not of "part of the question".
    assert d.reason_codes[0] is ReasonCode.NO_ANSWER_BEARING_EVIDENCE
    assert d.next_step == ReasonCode.NO_ANSWER_BEARING_EVIDENCE.next_step


def test_owner_rank_resolves_last_and_only_when_ranked(policy):  # type: ignore[no-untyped-def]
    ev = conflict_case({"owner": "legal"}, {"owner": "support"})
    strict = policy.profile("strict")
    assert decide(ev, strict, NOW).status is Status.ABSTAIN  # shipped profile ranks no owner
    ranked = replace(strict, owner_rank=("legal", "support"))
    assert decide(ev, ranked, NOW).status is Status.ANSWER
    assert assess(ev, ranked, NOW).conflicts[0].resolved_by == "owner_rank"


def test_precedence_order_is_the_profiles(policy):  # type: ignore[no-untyped-def]
    # Supporter is newer, refuter's owner ranks higher: the first listed rule decides.
    ev = conflict_case(
        {"effective_date": date(2026, 9, 1), "owner": "support"},
        {"effective_date": date(2025, 1, 1), "owner": "legal"},
    )
    date_first = replace(policy.profile("strict"), owner_rank=("legal", "support"))
    owner_first = replace(date_first, conflict_precedence=(Precedence.OWNER_RANK, Precedence.EFFECTIVE_DATE))
    assert decide(ev, date_first, NOW).status is Status.ANSWER
    assert decide(ev, owner_first, NOW).status is Status.ABSTAIN


def test_partial_win_resolves_nothing(policy):  # type: ignore[no-untyped-def]
    """The newer side must be newer than every passage of the other side."""
    ev = evidence(
        (
            passage("a#1", 0.9, effective_date=date(2026, 9, 1)),
            passage("b#1", 0.9, effective_date=date(2025, 1, 1)),
            passage("c#1", 0.9, effective_date=date(2026, 10, 1)),
        ),
        (verdict("c1", "a#1", S, 0.9), verdict("c1", "b#1", F, 0.9), verdict("c1", "c#1", F, 0.9)),
    )
    assert assess(ev, policy.profile("strict"), NOW).conflicts[0].resolved_by is None


def test_stale_or_disallowed_refuter_is_no_conflict(policy):  # type: ignore[no-untyped-def]
    strict = policy.profile("strict")
    for refuter in (passage("old#1", 0.88, updated=date(2019, 1, 1)), passage("old#1", 0.88, trust=TrustTier.DRAFT)):
        ev = evidence(
            (passage("new#1", 0.9), refuter),
            (verdict("c1", "new#1", S, 0.93), verdict("c1", "old#1", F, 0.9)),
            drafted=draft(("x.", ("new#1",), 0.93)),
        )
        assert decide(ev, strict, NOW).status is Status.ANSWER


def test_tolerated_contradictions_let_the_supporters_answer(policy):  # type: ignore[no-untyped-def]
    tolerant = replace(policy.profile("strict"), max_contradictions=1)
    assert decide(conflict_case({}, {}), tolerant, NOW).status is Status.ANSWER


def test_retrieval_confidence_counts_only_usable_passages(policy):  # type: ignore[no-untyped-def]
    ev = evidence(
        (passage("stale#1", 0.99, updated=date(2019, 1, 1)), passage("a#1", 0.6), passage("b#1", 0.2)),
        (verdict("c1", "a#1", S, 0.95),),
    )
    a = assess(ev, policy.profile("strict"), NOW)
    assert a.top_score == 0.6 and a.margin is not None and abs(a.margin - 0.4) < 1e-9
    assert a.usable_passage_ids == ("a#1", "b#1") and a.stale_passage_ids == ("stale#1",)


def test_a_question_of_several_claims_is_judged_retrievable_part_by_part(policy):  # type: ignore[no-untyped-def]
    """No passage answers a two-part question whole; each part with a confident passage of its own is enough."""
    strict = policy.profile("strict")
    claims = (Claim("c1", "Where was John Ford born?"), Claim("c2", "who directed The Grapes of Wrath?"))
    passages = (
        passage("ford#1", 0.25, text="John Ford was born in Cape Elizabeth, Maine."),
        passage("grapes#1", 0.10, text="The Grapes of Wrath is a 1940 film directed by John Ford."),
    )
    both = evidence(
        passages,
        (verdict("c1", "ford#1", S, 0.9), verdict("c2", "grapes#1", S, 0.86)),
        claims,
        drafted=draft(("Ford was born in Maine.", ("ford#1",), 0.9), ("Ford directed it.", ("grapes#1",), 0.9)),
    )
    a = assess(both, strict, NOW)
    assert a.top_score == 0.25 and a.retrieval_score == 0.86  # the test policy asks for 0.30
    assert decide(both, strict, NOW).status is Status.ANSWER
    # The weakest answered part decides: a part answered below the floor is low confidence ...
    low = replace(both, verdicts=(verdict("c1", "ford#1", S, 0.9), verdict("c2", "grapes#1", S, 0.28)))
    low_strict = replace(strict, min_support=0.2)
    assert assess(low, low_strict, NOW).retrieval_score == 0.28
    assert ReasonCode.LOW_RETRIEVAL_CONFIDENCE in decide(low, low_strict, NOW).reason_codes
    # ... while a part nothing supports is not covered: the parts that are answered are relevant enough.
    assert assess(low, strict, NOW).retrieval_score == 0.9
    reasons = decide(low, strict, NOW).reason_codes
    assert ReasonCode.REQUIRED_CLAIM_NOT_COVERED in reasons and ReasonCode.LOW_RETRIEVAL_CONFIDENCE not in reasons
    # A single-part question is judged by its top passage alone, however its verdicts read.
    single = evidence(passages, (verdict("c1", "ford#1", S, 0.9),))
    assert assess(single, strict, NOW).retrieval_score == 0.25
    assert decide(single, strict, NOW).reason_codes == (ReasonCode.LOW_RETRIEVAL_CONFIDENCE,)


def test_the_margin_is_between_documents_not_sections_of_one(policy):  # type: ignore[no-untyped-def]
    strict = policy.profile("strict")
    same_page = evidence(
        (passage("a#1", 0.80), passage("a#2", 0.79), passage("b#1", 0.40)),
        (verdict("c1", "a#1", S, 0.80),),
        drafted=draft(("The answer.", ("a#1",), 0.9)),
    )
    a = assess(same_page, strict, NOW)
    assert a.margin is not None and abs(a.margin - 0.4) < 1e-9
    assert decide(same_page, strict, NOW).status is Status.ANSWER
    two_pages = evidence(
        (passage("a#1", 0.80), passage("a#2", 0.79), passage("b#1", 0.78)),
        (verdict("c1", "a#1", S, 0.80),),
        drafted=draft(("The answer.", ("a#1",), 0.9)),
    )
    assert decide(two_pages, strict, NOW).reason_codes == (ReasonCode.AMBIGUOUS_SOURCES,)
    alone = evidence((passage("a#1", 0.80), passage("a#2", 0.80)), (verdict("c1", "a#1", S, 0.80),))
    assert assess(alone, strict, NOW).margin is None


# --- named terms: a name or number of the question that no evidence mentions ------------------------

NORMANDY = Claim("c1", "Who gave their name to Normandy in the 1000's?")


def test_strong_support_that_never_mentions_a_named_term_does_not_cover_the_claim(policy):  # type: ignore[no-untyped-def]
    text = "The Normans gave their name to Normandy, a region in France, in the 10th century."
    ev = evidence((passage("normans#1", 0.9, text=text),), (verdict("c1", "normans#1", S, 0.9),), (NORMANDY,))
    d = decide(ev, policy.profile("strict"), NOW)
    assert d.status is Status.ABSTAIN
    assert d.reason_codes == (ReasonCode.NO_ANSWER_BEARING_EVIDENCE, ReasonCode.REQUIRED_CLAIM_NOT_COVERED)
    assert d.claims[0].status is ClaimStatus.MISSING and d.claims[0].unmatched_terms == ("1000's",)
    assert d.missing_claims == (NORMANDY.text,)
    assert f"  - {NORMANDY.text} (no passage mentions 1000's)" in render_decision(d).splitlines()
    relaxed = replace(policy.profile("strict"), require_named_terms=False)
    assert authorize(ev, relaxed, NOW).status is Status.ANSWER
    mentioned = annotate(
        replace(ev, passages=(passage("normans#1", 0.9, text=text + " By the 1000's it was a duchy."),))
    )
    assert authorize(mentioned, policy.profile("strict"), NOW).status is Status.ANSWER


def test_the_other_hop_counts_when_it_is_likely_enough_to_answer(policy):  # type: ignore[no-untyped-def]
    claim = Claim("c1", "VIVA Media AG changed its name in 2004. What does the new acronym stand for?")
    answer = passage("gmbh#1", 0.8, text="GmbH stands for Gesellschaft mit beschränkter Haftung.")
    bridge = passage("viva#1", 0.15, text="In 2004 VIVA Media AG became VIVA Media GmbH.")
    strict = policy.profile("strict")
    ev = evidence((answer, bridge), (verdict("c1", "gmbh#1", S, 0.8),), (claim,))
    assert authorize(ev, strict, NOW).status is Status.ANSWER
    # The bridge below the floor is not evidence the question draws on; without it, nothing names VIVA.
    unlikely = replace(ev, passages=(answer, replace(bridge, scores=replace(bridge.scores, rerank=0.05))))
    d = decide(unlikely, strict, NOW)
    assert d.status is Status.ABSTAIN and d.claims[0].unmatched_terms == ("VIVA", "Media", "AG", "2004")
    # Stale or disallowed passages are not usable evidence, so they mention nothing either.
    stale = replace(ev, passages=(answer, replace(bridge, updated_at=date(2019, 1, 1))))
    assert authorize(stale, strict, NOW).status is Status.ABSTAIN


def test_assist_answers_the_covered_part_and_names_the_unmentioned_one(policy):  # type: ignore[no-untyped-def]
    claims = (Claim("c1", "How do I rotate an API key?"), Claim("c2", "how do I rotate it in Lumen Studio?"))
    text = "To rotate an API key, open Settings > API keys and click Rotate."
    ev = evidence(
        (passage("keys#1", 0.9, text=text),),
        (verdict("c1", "keys#1", S, 0.9), verdict("c2", "keys#1", S, 0.85)),
        claims,
        drafted=draft((text, ("keys#1",), 0.9)),
    )
    d = decide(ev, policy.profile("assist"), NOW)
    assert d.status is Status.PARTIAL and d.reason_codes == (ReasonCode.REQUIRED_CLAIM_NOT_COVERED,)
    assert d.missing_claims == (claims[1].text,) and d.claims[1].unmatched_terms == ("Lumen", "Studio")
    assert decide(ev, policy.profile("strict"), NOW).status is Status.ABSTAIN


def test_a_part_is_covered_only_by_a_passage_that_names_what_sets_it_apart(policy):  # type: ignore[no-untyped-def]
    claims = (
        Claim("c1", "Which tennis player was born first: Lucie Hradecka?"),
        Claim("c2", "Which tennis player was born first: Raffaella Reggi?"),
    )
    lucie = passage("lucie#1", 0.9, text="Lucie Hradecka (born 21 May 1985) is a tennis player.")
    # Mentions Reggi, so the question's evidence as a whole does; but it never says when she was born.
    oslo = passage("oslo#1", 0.4, text="Raffaella Reggi finished runner-up at the 1991 Oslo Open.")
    strict = policy.profile("strict")
    # The model judged Lucie's page to answer the part about Reggi: it cannot, as it never names her.
    ev = evidence(
        (lucie, oslo),
        (
            verdict("c1", "lucie#1", S, 0.9),
            verdict("c2", "lucie#1", S, 0.8),
            verdict("c2", "oslo#1", Label.INSUFFICIENT, 0.7),
        ),
        claims,
    )
    d = decide(ev, strict, NOW)
    assert d.status is Status.ABSTAIN and d.reason_codes == (ReasonCode.REQUIRED_CLAIM_NOT_COVERED,)
    assert d.claims[1].status is ClaimStatus.MISSING and d.claims[1].unmatched_terms == ("Raffaella", "Reggi")
    assert d.claims[0].status is ClaimStatus.SUPPORTED  # the name both parts share is no such test
    # Nor can it refute that part: no conflict is raised by a page about someone else.
    refuted = replace(ev, verdicts=(verdict("c1", "lucie#1", S, 0.9), verdict("c2", "lucie#1", F, 0.9)))
    assert assess(refuted, strict, NOW).conflicts == ()
    # A page that names her and answers the part covers it; only that page is cited for it.
    reggi = passage("reggi#1", 0.85, text="Raffaella Reggi (born 27 November 1965) is a tennis player.")
    answered = annotate(
        replace(ev, passages=(lucie, oslo, reggi), verdicts=(*ev.verdicts, verdict("c2", "reggi#1", S, 0.85)))
    )
    a = assess(answered, strict, NOW)
    assert a.claims[1].status is ClaimStatus.SUPPORTED and a.claims[1].passage_ids == ("reggi#1",)
    assert authorize(answered, replace(strict, require_named_terms=False), NOW).status is Status.ANSWER


# --- confirmation: a second answerability model must agree that the best support answers ----------


def test_support_the_second_model_does_not_confirm_does_not_count(policy):  # type: ignore[no-untyped-def]
    strict = replace(policy.profile("strict"), min_confirmation=0.25)
    best = Verdict("c1", "a#1", S, 0.9, confirmation=0.1)
    weaker = verdict("c1", "b#1", S, 0.8)  # never asked: the strongest support speaks for the claim
    ev = evidence((passage("a#1", 0.9), passage("b#1", 0.85)), (best, weaker), drafted=draft(("A.", ("a#1",), 0.9)))
    d = decide(ev, strict, NOW)
    assert d.status is Status.ABSTAIN and ReasonCode.NO_ANSWER_BEARING_EVIDENCE in d.reason_codes
    assert d.claims[0].status is ClaimStatus.MISSING
    # Confirmed, it answers; a profile without the setting, or support never asked about, is as before.
    assert decide(replace(ev, verdicts=(replace(best, confirmation=0.3), weaker)), strict, NOW).status is Status.ANSWER
    assert decide(ev, replace(strict, min_confirmation=0.0), NOW).status is Status.ANSWER
    assert decide(replace(ev, verdicts=(replace(best, confirmation=None), weaker)), strict, NOW).status is Status.ANSWER
    # The evidence a caller holds is not changed: the log keeps both models' word.
    assert confirmed(ev, strict, NOW).verdicts[0].label is Label.INSUFFICIENT and ev.verdicts[0].label is S


def test_each_claim_needs_its_own_strongest_support_confirmed(policy):  # type: ignore[no-untyped-def]
    strict = replace(policy.profile("strict"), min_confirmation=0.25)
    claims = (Claim("c1", "How do I rotate a key?"), Claim("c2", "how long do rotated keys last?"))
    ev = evidence(
        (passage("a#1", 0.9), passage("b#1", 0.9)),
        (Verdict("c1", "a#1", S, 0.9, confirmation=0.8), Verdict("c2", "b#1", S, 0.9, confirmation=0.05)),
        claims,
    )
    a = assess(confirmed(ev, strict, NOW), strict, NOW)
    assert [c.status for c in a.claims] == [ClaimStatus.SUPPORTED, ClaimStatus.MISSING]
    assert authorize(ev, strict, NOW).reason_codes == (ReasonCode.REQUIRED_CLAIM_NOT_COVERED,)


def test_the_support_confirmed_is_the_strongest_that_could_count(policy):  # type: ignore[no-untyped-def]
    strict = replace(policy.profile("strict"), min_confirmation=0.25)
    claims = (
        Claim("c1", "Which tennis player was born first: Lucie Hradecka?"),
        Claim("c2", "Which tennis player was born first: Raffaella Reggi?"),
    )
    lucie = passage("lucie#1", 0.9, text="Lucie Hradecka (born 21 May 1985) is a tennis player.")
    reggi = passage("reggi#1", 0.85, text="Raffaella Reggi (born 27 November 1965) is a tennis player.")
    old = passage("reggi-old#1", 0.95, text="Raffaella Reggi was born in 1965.", updated=date(2019, 1, 1))
    verdicts = (
        Verdict("c1", "lucie#1", S, 0.9, confirmation=0.9),
        # Stronger, but from a page that never names Reggi, and from a stale one: neither could count, so
        # neither is what the second model is asked about; Reggi's own page is.
        Verdict("c2", "lucie#1", S, 0.95),
        Verdict("c2", "reggi-old#1", S, 0.97),
        Verdict("c2", "reggi#1", S, 0.85, confirmation=0.6),
    )
    ev = evidence((lucie, reggi, old), verdicts, claims)
    assert strongest_support(ev, "c2", strict, NOW) == verdicts[3]
    assert authorize(ev, strict, NOW).status is Status.ANSWER
    doubted = replace(ev, verdicts=(*verdicts[:3], replace(verdicts[3], confirmation=0.1)))
    assert authorize(doubted, strict, NOW).reason_codes == (ReasonCode.REQUIRED_CLAIM_NOT_COVERED,)


def test_a_confirmation_survives_the_evidence_file_and_a_bad_one_is_named() -> None:
    ev = evidence((passage("a#1"),), (Verdict("c1", "a#1", S, 0.9, confirmation=0.3), verdict("c1", "a#1", F, 0.1)))
    raw = json.loads(json.dumps(evidence_to_dict(ev)))
    assert evidence_from_dict(raw).verdicts == ev.verdicts
    raw["verdicts"][0]["confirmation"] = "high"
    with pytest.raises(InputError, match=r"verdicts\[0\]\.confirmation: expected a number"):
        evidence_from_dict(raw)


def test_suggestions_put_pages_an_answer_may_rest_on_before_stale_and_disallowed_ones(policy):  # type: ignore[no-untyped-def]
    strict = policy.profile("strict")
    old = passage("old#1", 0.5, superseded_by=("new",))
    draft_page = passage("plan#1", 0.45, trust=TrustTier.DRAFT)
    current = passage("new#1", 0.4)
    other = passage("other#1", 0.3)
    # Nothing answers: the closest page an answer may rest on comes first, the superseded one after.
    ev = evidence((old, draft_page, current, other), (verdict("c1", "new#1", Label.INSUFFICIENT, 0.9),))
    d = decide(ev, strict, NOW)
    assert d.status is Status.ABSTAIN and ReasonCode.EVIDENCE_STALE not in d.reason_codes
    assert [s.passage_id for s in d.suggestions] == ["new#1", "other#1", "old#1"]
    # Where the next step is about the stale page, it keeps its place.
    stale = evidence((old, draft_page, current, other), (verdict("c1", "old#1", S, 0.9),))
    d = decide(stale, strict, NOW)
    assert d.reason_codes[0] is ReasonCode.EVIDENCE_STALE
    assert [s.passage_id for s in d.suggestions] == ["old#1", "plan#1", "new#1"]


def test_where_two_sources_are_nearly_tied_the_second_model_picks_the_one_quoted(policy) -> None:  # type: ignore[no-untyped-def]
    """ "What role do new SSO users get?": the audit log's list ("... given a new role") 0.79, the SSO page
    0.77; the second model 0.34 and 0.48. The answer quotes the SSO page; whether there is one is decided
    by the strongest support's confirmation as before."""
    strict = replace(policy.profile("strict"), min_confirmation=0.25)
    audit = replace(verdict("c1", "audit#1", S, 0.79), confirmation=0.34)
    sso = replace(verdict("c1", "sso#3", S, 0.77), confirmation=0.48)
    ev = evidence((passage("audit#1", 0.79), passage("sso#3", 0.77)), (audit, sso))
    (claim,) = assess(ev, strict, NOW).claims
    assert claim.status is ClaimStatus.SUPPORTED and claim.passage_ids[0] == "sso#3"
    assert strongest_support(ev, "c1", strict, NOW) == audit  # what must be confirmed stays the strongest
    assert rivals(ev, "c1", strict, NOW) == (sso,)
    # Preferred by the second model within a near tie (`min_margin`): tied for it too, the strongest leads.
    for second in (0.34 + strict.min_margin, 0.34 + strict.min_margin / 2, 0.34):
        tied = evidence((passage("audit#1", 0.79), passage("sso#3", 0.77)), (audit, replace(sso, confirmation=second)))
        assert assess(tied, strict, NOW).claims[0].passage_ids[0] == "audit#1"
    # Just past the margin, the rival leads.
    past = evidence(
        (passage("audit#1", 0.79), passage("sso#3", 0.77)), (audit, replace(sso, confirmation=0.35 + strict.min_margin))
    )
    assert assess(past, strict, NOW).claims[0].passage_ids[0] == "sso#3"
    # Not nearly tied (0.79 against 0.60): the strongest leads whatever the second model says.
    far = replace(sso, strength=0.60)
    ev = evidence((passage("audit#1", 0.79), passage("sso#3", 0.60)), (audit, far))
    assert assess(ev, strict, NOW).claims[0].passage_ids[0] == "audit#1"
    assert rivals(ev, "c1", strict, NOW) == ()
    # The strongest not confirmed: no answer, though the nearly tied source is.
    doubted = replace(audit, confirmation=0.1)
    ev = evidence((passage("audit#1", 0.79), passage("sso#3", 0.77)), (doubted, sso))
    assert decide(ev, strict, NOW).status is Status.ABSTAIN


def test_a_second_look_at_a_clearly_weaker_source_when_the_second_model_doubts_the_strongest(policy) -> None:  # type: ignore[no-untyped-def]
    """ "When does a share link expire if I don't change anything?": the FAQ's "Yes, with a share link." 0.82
    (second model 0.27), the sharing page's "Links expire after 30 days by default." 0.74, no near tie. The
    second model doubts the FAQ, so it is asked about the sharing page too (0.53), which leads the answer;
    whether there is one is still decided by the strongest's confirmation."""
    strict = replace(policy.profile("strict"), min_confirmation=0.25, min_support=0.5)
    faq = replace(verdict("c1", "faq#5", S, 0.82), confirmation=0.27)
    sharing = verdict("c1", "sharing#3", S, 0.74)
    passages = (passage("faq#5", 0.82), passage("sharing#3", 0.74))
    ev = evidence(passages, (faq, sharing))
    assert rivals(ev, "c1", strict, NOW) == ()
    assert second_look(ev, "c1", strict, NOW) == sharing
    assert assess(ev, strict, NOW).claims[0].passage_ids[0] == "faq#5"  # not asked yet: the strongest leads
    looked = evidence(passages, (faq, replace(sharing, confirmation=0.53)))
    assert second_look(looked, "c1", strict, NOW) is None  # asked once
    (claim,) = assess(looked, strict, NOW).claims
    assert claim.status is ClaimStatus.SUPPORTED and claim.passage_ids[0] == "sharing#3"
    assert strongest_support(looked, "c1", strict, NOW) == faq
    # Preferred, but by less than CONFIRMATION_LEAD: the strongest leads.
    slightly = evidence(passages, (faq, replace(sharing, confirmation=0.27 + CONFIRMATION_LEAD - 0.01)))
    assert assess(slightly, strict, NOW).claims[0].passage_ids[0] == "faq#5"
    # The strongest confirmed at SECOND_LOOK_BELOW or more: no second look.
    sure = evidence(passages, (replace(faq, confirmation=SECOND_LOOK_BELOW), sharing))
    assert second_look(sure, "c1", strict, NOW) is None
    # Under the support floor, or from the same document, it is no runner-up.
    weak = evidence(passages, (faq, replace(sharing, strength=0.45)))
    assert second_look(weak, "c1", strict, NOW) is None
    same_doc = evidence((passage("faq#5", 0.82), passage("faq#6", 0.74)), (faq, replace(sharing, passage_id="faq#6")))
    assert second_look(same_doc, "c1", strict, NOW) is None
    # The strongest not confirmed: no answer, whatever the second look says.
    doubted = evidence(passages, (replace(faq, confirmation=0.1), replace(sharing, confirmation=0.9)))
    assert decide(doubted, strict, NOW).status is Status.ABSTAIN


def test_a_doubted_chunk_is_confirmed_by_another_chunk_of_its_own_section(policy) -> None:  # type: ignore[no-untyped-def]
    """A long section cut into chunks: "Retry policy" opens with what retries are (the ranker's best, 0.93),
    its next chunk says "Failed jobs are retried 5 times." (0.71). The second model doubts the first (0.12):
    the other chunk of the same section is put to it, and its confirmation (0.47) is the section's. A chunk of
    another section under the retrieval bar, or of another page, never stands in."""
    strict = replace(policy.profile("strict"), min_confirmation=0.25, min_support=0.5, min_retrieval_score=0.82)
    opening = replace(verdict("c1", "jobs#4", S, 0.93), confirmation=0.12)
    later = verdict("c1", "jobs#5", S, 0.71)
    section = ("Background jobs", "Retry policy")
    passages = (passage("jobs#4", 0.93, heading_path=section), passage("jobs#5", 0.71, heading_path=section))
    ev = evidence(passages, (opening, later))
    assert section_look(ev, "c1", strict, NOW) == (later,)
    assert decide(ev, strict, NOW).status is Status.ABSTAIN  # not asked yet: the doubt stands
    looked = evidence(passages, (opening, replace(later, confirmation=0.47)))
    assert section_look(looked, "c1", strict, NOW) == ()  # asked once
    weighed = confirmed(looked, strict, NOW)
    assert weighed.verdicts[0].label is Label.INSUFFICIENT  # the doubted chunk no longer counts
    assert strongest_support(weighed, "c1", strict, NOW) == replace(later, confirmation=0.47)
    (claim,) = assess(weighed, strict, NOW).claims
    assert claim.status is ClaimStatus.SUPPORTED and claim.passage_ids[0] == "jobs#5"  # the answer rests on it
    # Support between the two that the second model never confirmed is set aside too; one it confirmed stays.
    middle = passage("queues#2", 0.8)
    unasked = evidence(
        (*passages, middle), (opening, replace(later, confirmation=0.47), verdict("c1", "queues#2", S, 0.8))
    )
    assert strongest_support(confirmed(unasked, strict, NOW), "c1", strict, NOW).passage_id == "jobs#5"  # type: ignore[union-attr]
    rival = replace(verdict("c1", "queues#2", S, 0.8), confirmation=0.5)
    kept = evidence((*passages, middle), (opening, replace(later, confirmation=0.47), rival))
    assert strongest_support(confirmed(kept, strict, NOW), "c1", strict, NOW) == rival
    # The other chunk doubted too: no answer.
    both = evidence(passages, (opening, replace(later, confirmation=0.2)))
    assert confirmed(both, strict, NOW).verdicts[0].label is Label.INSUFFICIENT
    # Another section of the page under the retrieval bar, a chunk under the support floor, or another page:
    # never asked, never lent.
    for other in (
        (passage("jobs#5", 0.71, heading_path=("Background jobs", "Scheduling")), replace(later, confirmation=0.9)),
        (passage("jobs#5", 0.45, heading_path=section), replace(later, strength=0.45, confirmation=0.9)),
        (passage("queues#5", 0.71, heading_path=section), replace(later, passage_id="queues#5", confirmation=0.9)),
    ):
        ev = evidence((passages[0], other[0]), (opening, replace(other[1], confirmation=None)))
        assert section_look(ev, "c1", strict, NOW) == ()
        ev = evidence((passages[0], other[0]), (opening, other[1]))
        assert confirmed(ev, strict, NOW).verdicts[0].label is Label.INSUFFICIENT
    # Confirmed itself: nothing more to ask.
    sure = evidence(passages, (replace(opening, confirmation=0.6), later))
    assert section_look(sure, "c1", strict, NOW) == ()


def test_a_source_that_names_what_the_strongest_does_not_is_put_to_the_second_model(policy) -> None:  # type: ignore[no-untyped-def]
    """ "What SAML version does Lumen use?": the iOS SDK page ("Use version 3.0 or later.") 0.77, the SSO page
    that says "SAML 2.0" 0.69, not a near tie. The iOS page never says SAML, so the SSO page is asked about
    too (0.38 against 0.59) and quoted."""
    strict = replace(policy.profile("strict"), min_confirmation=0.25, min_support=0.5, require_named_terms=True)
    claim = Claim("c1", "What SAML version does Lumen use?")
    ios = replace(verdict("c1", "ios#2", S, 0.77), confirmation=0.38)
    sso = verdict("c1", "sso#0", S, 0.69)
    passages = (
        passage("ios#2", 0.77, text="Add the Lumen package with Swift Package Manager. Use version 3.0 or later."),
        passage("sso#0", 0.69, text="Lumen SSO uses SAML 2.0 and is available on the Enterprise plan."),
    )
    ev = evidence(passages, (ios, sso), (claim,))
    assert rivals(ev, "c1", strict, NOW) == (sso,)
    asked = evidence(passages, (ios, replace(sso, confirmation=0.59)), (claim,))
    (assessed,) = assess(asked, strict, NOW).claims
    assert assessed.status is ClaimStatus.SUPPORTED and assessed.passage_ids[0] == "sso#0"
    # The second model prefers the strongest: it leads.
    (kept,) = assess(evidence(passages, (ios, replace(sso, confirmation=0.2)), (claim,)), strict, NOW).claims
    assert kept.passage_ids[0] == "ios#2"
    # The strongest names both: no rival beyond a near tie.
    named = (replace(passages[0], text="Lumen SAML apps: use version 3.0 or later."), passages[1])
    assert rivals(evidence(named, (ios, sso), (claim,)), "c1", strict, NOW) == ()
    # Without the named-terms rule, nothing is asked beyond a near tie.
    assert rivals(ev, "c1", replace(strict, require_named_terms=False), NOW) == ()


def test_a_nearly_tied_source_that_names_less_of_the_question_is_not_put_to_the_second_model(policy) -> None:  # type: ignore[no-untyped-def]
    """ "API rate limit?": the API page ("Each token can make 600 requests per minute.") 0.91, the desktop
    app's upload settings ("Upload rate: no limit by default.") 0.89; the second model 0.53 and 0.56. The
    settings never say "API", so they may not take the answer from the page that does."""
    strict = replace(policy.profile("strict"), min_confirmation=0.25, min_support=0.5, require_named_terms=True)
    claim = Claim("c1", "API rate limit?")
    api = replace(verdict("c1", "api#3", S, 0.91), confirmation=0.53)
    sync = replace(verdict("c1", "sync#4", S, 0.89), confirmation=0.56)
    passages = (
        passage("api#3", 0.91, text="Each token of the API can make 600 requests per minute."),
        passage("sync#4", 0.89, text="Upload rate: no limit by default. Choose Limit automatically to cap uploads."),
    )
    ev = evidence(passages, (api, sync), (claim,))
    assert rivals(ev, "c1", strict, NOW) == ()
    assert assess(ev, strict, NOW).claims[0].passage_ids[0] == "api#3"
    # Naming as much as the strongest, it is put to the second model, and leads where that model prefers it
    # by more than a near tie (0.56 against 0.53 is one: `_preferred`).
    named = (passages[0], replace(passages[1], text="API uploads: no limit by default."))
    ev = evidence(named, (api, sync), (claim,))
    assert rivals(ev, "c1", strict, NOW) == (sync,)
    assert assess(ev, strict, NOW).claims[0].passage_ids[0] == "api#3"
    preferred = replace(sync, confirmation=0.66)
    ev = evidence(named, (api, preferred), (claim,))
    assert rivals(ev, "c1", strict, NOW) == (preferred,)
    assert assess(ev, strict, NOW).claims[0].passage_ids[0] == "sync#4"


def test_another_section_of_the_page_that_clears_the_bar_stands_in_for_a_doubted_one(policy) -> None:  # type: ignore[no-untyped-def]
    """A holiday page: its night-bus paragraph ranked best (0.93) and doubted by the second model (0.15), its
    holiday table (0.91, over the retrieval bar on its own) confirmed. A page is one source: the table answers.
    Another section under the bar, or a section of another page over it, does not stand in."""
    strict = replace(policy.profile("strict"), min_confirmation=0.25, min_support=0.5, min_retrieval_score=0.82)
    night = replace(verdict("c1", "holidays#2", S, 0.93), confirmation=0.15)
    table = verdict("c1", "holidays#1", S, 0.91)
    passages = (
        passage("holidays#2", 0.93, heading_path=("Holiday service", "Night buses on holidays")),
        passage("holidays#1", 0.91, heading_path=("Holiday service", "Holiday schedule")),
    )
    ev = evidence(passages, (night, table))
    assert section_look(ev, "c1", strict, NOW) == (table,)
    looked = evidence(passages, (night, replace(table, confirmation=0.6)))
    (claim,) = assess(confirmed(looked, strict, NOW), strict, NOW).claims
    assert claim.status is ClaimStatus.SUPPORTED and claim.passage_ids[0] == "holidays#1"
    for other in (
        (passage("holidays#1", 0.78, heading_path=("Holiday service", "Holiday schedule")), 0.78, "holidays#1"),
        (passage("ferry#1", 0.91, heading_path=("Ferry", "Holiday schedule")), 0.91, "ferry#1"),
    ):
        candidate = replace(table, passage_id=other[2], strength=other[1])
        ev = evidence((passages[0], other[0]), (night, candidate))
        assert section_look(ev, "c1", strict, NOW) == ()
        ev = evidence((passages[0], other[0]), (night, replace(candidate, confirmation=0.9)))
        assert confirmed(ev, strict, NOW).verdicts[0].label is Label.INSUFFICIENT


EXAMPLE = "```python\nclient = Client(timeout=Timeout(10.0))\nresponse = client.get(url)\n```"


@pytest.mark.parametrize(
    "question",
    [
        "What is the default timeout of the client?",
        "Which header names the request id?",
        "How many retries does the uploader make?",
    ],
)
def test_a_source_that_is_only_an_example_does_not_take_over_a_question_that_asks_for_no_code(  # type: ignore[no-untyped-def]
    policy, question: str
) -> None:
    """A source that is only an example in code is no answer to a question that asks for no code: the second
    model may prefer it over the strongest source (it reads an example that shares every name of the
    question as answering), but it does not take the answer over, as a nearly tied rival nor on a second
    look. Asked for code, it may."""
    strict = replace(policy.profile("strict"), min_confirmation=0.25, min_support=0.5)
    claims = (Claim("c1", question),)
    reference = replace(verdict("c1", "reference#1", S, 0.95), confirmation=0.37)
    example = replace(verdict("c1", "example#8", S, 0.84), confirmation=0.48)
    passages = (passage("reference#1", 0.95, text="Settings of the client."), passage("example#8", 0.84, text=EXAMPLE))
    ev = evidence(passages, (reference, example), claims)
    assert second_look(ev, "c1", strict, NOW) is None
    assert assess(ev, strict, NOW).claims[0].passage_ids[0] == "reference#1"
    tied = evidence(passages, (reference, replace(example, strength=0.93)), claims)
    assert rivals(tied, "c1", strict, NOW) == ()
    assert assess(tied, strict, NOW).claims[0].passage_ids[0] == "reference#1"
    # The same source with a sentence that says something of its example may take over.
    said = (passages[0], passage("example#8", 0.84, text="Set the timeout on the client.\n\n" + EXAMPLE))
    assert assess(evidence(said, (reference, example), claims), strict, NOW).claims[0].passage_ids[0] == "example#8"
    # Asked for an example, the example may take over.
    code = (Claim("c1", "Show an example of setting the client's timeout."),)
    assert assess(evidence(passages, (reference, example), code), strict, NOW).claims[0].passage_ids[0] == "example#8"


@pytest.mark.parametrize(
    ("question", "named"),
    [
        ("Does the builder make wheels for FreeBSD?", "FreeBSD"),
        ("How long does the Zephyr plan keep backups?", "Zephyr"),
        ("What did the 2019 release change about exports?", "2019"),
    ],
)
def test_pages_never_disagree_on_a_claim_that_names_what_none_of_them_mentions(policy, question, named):  # type: ignore[no-untyped-def]
    """A page read as refuting another is no conflict where the claim names something neither mentions:
    there is no answer to disagree on, and the first reason says what is missing, not that pages disagree."""
    claim = Claim("c1", question)
    ev = evidence(
        (
            passage("platforms#1", 0.9, text="Wheels are built for Linux, macOS and Windows."),
            passage("changelog#1", 0.88, text="Version 4 dropped the old builders."),
        ),
        (verdict("c1", "platforms#1", S, 0.93), verdict("c1", "changelog#1", F, 0.9)),
        (claim,),
    )
    d = decide(ev, policy.profile("strict"), NOW)
    assert d.status is Status.ABSTAIN
    assert d.reason_codes[0] is ReasonCode.NO_ANSWER_BEARING_EVIDENCE
    assert ReasonCode.CONFLICTING_EVIDENCE not in d.reason_codes
    assert d.claims[0].unmatched_terms == (named,)
    # Where a page mentions it, the two pages disagree as before.
    told = annotate(
        replace(ev, passages=(replace(ev.passages[0], text=f"{ev.passages[0].text} {named} too."), ev.passages[1]))
    )
    assert decide(told, policy.profile("strict"), NOW).reason_codes == (ReasonCode.CONFLICTING_EVIDENCE,)
