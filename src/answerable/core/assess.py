"""Set-level assessment of evidence under a profile: freshness, source policy, conflicts, coverage.

Pure: values in, values out. `now` is passed in; nothing here reads a clock.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable
from dataclasses import replace
from datetime import date

from answerable.core.policy import Precedence, Profile
from answerable.core.types import (
    NAME,
    Assessment,
    Claim,
    ClaimAssessment,
    ClaimStatus,
    Conflict,
    Evidence,
    Label,
    Passage,
    Signals,
    Term,
    Verdict,
    disagree,
)

# A usable passage at least this likely to answer the question (calibrated) is part of the evidence the
# question draws on, whether or not it supports a claim itself: the other hop of a two-hop question.
MENTION_FLOOR = 0.1

# A source the first model scored clearly below the strongest (beyond the margin of a near tie) may still
# lead an answer, when the second model is asked about it because it doubts the strongest (confirmation
# under SECOND_LOOK_BELOW) and prefers it by CONFIRMATION_LEAD or more. Chosen so that the second model is
# asked about the sources it would prefer, and few others (docs/research/gate.md).
SECOND_LOOK_BELOW = 0.6
CONFIRMATION_LEAD = 0.1

# A claim in one of these states has support an answer could quote.
_ANSWERING = (ClaimStatus.SUPPORTED, ClaimStatus.CONFLICTING)


def is_blank(passage: Passage) -> bool:
    """A passage with no usable text is no evidence at all."""
    return not passage.text.strip()


def is_stale(passage: Passage, profile: Profile, now: date) -> bool:
    """Superseded, not yet in effect, undated where dates are required, or older than its kind's limit."""
    if passage.superseded_by:
        return True
    if passage.effective_date is not None and passage.effective_date > now:
        return True
    dated = passage.updated_at or passage.effective_date
    if dated is None:
        return profile.require_dates
    limit = profile.freshness_limit(passage.source_kind)
    return limit is not None and (now - dated).days > limit


def is_allowed(passage: Passage, profile: Profile) -> bool:
    """Source policy: may this workflow rest an answer on this passage's trust tier?"""
    if passage.trust is None:
        return profile.allow_unrated_trust
    return passage.trust in profile.allowed_trust


def _candidates(evidence: Evidence, claim_id: str, profile: Profile, now: date) -> list[Verdict]:
    """A claim's support that could count, strongest first: at or above `min_support`, from a usable
    passage that names what sets the claim apart (`_about_claim`)."""
    usable = {p.id: p for p in evidence.passages if _is_usable(p, profile, now)}
    sig = _signals(evidence)
    own = _own_terms(sig).get(claim_id, ()) if profile.require_named_terms else ()
    ranked = _by_strength(
        v
        for v in evidence.verdicts
        if v.claim_id == claim_id
        and v.label is Label.SUPPORTED
        and v.strength >= profile.min_support
        and v.passage_id in usable
    )
    return [v for v in ranked if not own or not _unmentioned(sig, v.passage_id, own)]


def _rivals(
    ranked: list[Verdict], terms: tuple[Term, ...], by_id: dict[str, Passage], margin: float, sig: Signals
) -> tuple[Verdict, ...]:
    """The supports from other sources than the strongest's (`ranked[0]`) that the second answerability
    model is asked about too, so that it can pick the one an answer quotes: the strongest within `margin`
    (a near tie) unless it leaves more of the claim's names (`terms`) unmentioned than the strongest does,
    and, when the strongest does not mention every name of the claim, the strongest that does.

    "What role do new SSO users get?": the audit log's list of recorded events ("... given a new role")
    scored 0.79, the SSO page's "added with the Viewer role" 0.77; the second model 0.34 and 0.48.
    "What SAML version does Lumen use?": the iOS SDK page's "Use version 3.0 or later." 0.77, the SSO page's
    "SSO uses SAML 2.0" 0.69; the second model 0.38 and 0.59. But "API rate limit?" is not answered from
    the desktop app's upload settings ("**Upload rate:** no limit by default"), which never say "API",
    because the second model scored them 0.56 against the API page's 0.53.
    """
    if not ranked:
        return ()
    lead = ranked[0]
    others, missing = _others(ranked, terms, by_id, sig)
    lead_missing = missing(lead)
    near = next((v for v in others if lead.strength - v.strength < margin and missing(v) <= lead_missing), None)
    naming = next((v for v in others if not missing(v)), None) if lead_missing else None
    return tuple(dict.fromkeys(v for v in (near, naming) if v is not None))


def _leadable(ranked: list[Verdict], claim_id: str, sig: Signals) -> list[Verdict]:
    """`ranked` (strongest first) without the other sources that are only an example in code while the claim
    asks for no code (`ClaimSignals.examples`): the second model may prefer them over the strongest, as it
    read "`cookie_name (fastapiusersauth)`: Name of the cookie." among its page's other settings below an
    example that builds a cookie backend, but an example is no answer to a question that asks for none
    (`quoting.without_examples`). The strongest stays whatever it is: this only decides who may take over."""
    examples = set(sig.of_claim(claim_id).examples)
    return [v for i, v in enumerate(ranked) if i == 0 or v.passage_id not in examples]


def _others(
    ranked: list[Verdict], terms: tuple[Term, ...], by_id: dict[str, Passage], sig: Signals
) -> tuple[list[Verdict], Callable[[Verdict], int]]:
    """The supports from other documents than the strongest's (`ranked[0]`), strongest first, and how many
    of the claim's names (`terms`) a support leaves unmentioned."""
    lead_doc = by_id[ranked[0].passage_id].document_id
    others = [v for v in ranked[1:] if by_id[v.passage_id].document_id != lead_doc]

    def missing(v: Verdict) -> int:
        return len(_unmentioned(sig, v.passage_id, terms)) if terms else 0

    return others, missing


def _runner_up(
    ranked: list[Verdict], rivals: tuple[Verdict, ...], terms: tuple[Term, ...], by_id: dict[str, Passage], sig: Signals
) -> Verdict | None:
    """The strongest support from another source than the strongest's that mentions as many of the claim's
    names, when it is none of the `rivals` (`_rivals`): the source a second look may prefer
    (`SECOND_LOOK_BELOW`).

    "When does a share link expire if I don't change anything?": the FAQ's "Yes, with a share link." 0.82
    (second model 0.27), the sharing page's "Links expire after 30 days by default." 0.74 (0.53).
    """
    if not ranked:
        return None
    others, missing = _others(ranked, terms, by_id, sig)
    lead_missing = missing(ranked[0])
    runner = next((v for v in others if missing(v) <= lead_missing), None)
    return runner if runner is not None and runner not in rivals else None


def _preferred(
    ranked: list[Verdict], rivals: tuple[Verdict, ...], runner: Verdict | None, margin: float
) -> list[Verdict]:
    """`ranked` (strongest first), led instead by the rival (`_rivals`) that the second model scored more
    than `margin` higher than the strongest, or by the runner-up (`_runner_up`) that it scored
    `CONFIRMATION_LEAD` higher.

    `margin` is the profile's near tie (`min_margin`): two sources the second model scores within it of each
    other are tied for it as for the first model, and a tie is the first model's to settle. "How do I write
    synchronous_standby_names so commits wait for any two of s1, s2 and s3?": the high-availability page's
    example `'ANY 2 (s1, s2, s3)'` 0.987, the setting's entry ("a setting of `ANY 3 (s1, s2, s3, s4)` ...")
    0.982; the second model 0.58 and 0.59, a difference no larger than its noise, had the entry quoted."""
    lead = ranked[0] if ranked else None
    if lead is None or lead.confirmation is None:
        return ranked
    better = [v for v in rivals if v.confirmation is not None and v.confirmation > lead.confirmation + margin]
    if (
        runner is not None
        and runner.confirmation is not None
        and runner.confirmation >= lead.confirmation + CONFIRMATION_LEAD
    ):
        better.append(runner)
    if not better:
        return ranked
    best = max(better, key=lambda v: (v.confirmation or 0.0, v.strength))
    return [best, *(v for v in ranked if v is not best)]


def _under_bar(preferred: list[Verdict], runner: Verdict | None, profile: Profile) -> bool:
    """Does the second model, doubting the strongest support, prefer the runner-up (`_preferred`) while the
    ranker put it under the retrieval bar? Then neither is an answer to rest on: "What router model do you
    use?" was answered from the cancelling page's "Return the router within 30 days ..." (0.64; the FAQ's
    0.92, which the second model doubted, answers another question)."""
    return (
        runner is not None
        and bool(preferred)
        and preferred[0] is runner
        and runner.strength < profile.min_retrieval_score
    )


def preferred_under_bar(
    evidence: Evidence, claim_id: str, profile: Profile, now: date
) -> tuple[Verdict, Verdict] | None:
    """(the doubted strongest support, the runner-up preferred to it) when a claim is left uncovered because
    that runner-up scores under the retrieval bar (`_under_bar`); None otherwise."""
    ranked, terms, by_id, sig = _ranked(evidence, claim_id, profile, now)
    if not ranked:
        return None
    leadable = _leadable(ranked, claim_id, sig)
    rivals = _rivals(leadable, terms, by_id, profile.min_margin, sig)
    runner = _runner_up(leadable, rivals, terms, by_id, sig)
    if runner is None or not _under_bar(_preferred(ranked, rivals, runner, profile.min_margin), runner, profile):
        return None
    return ranked[0], runner


def strongest_support(evidence: Evidence, claim_id: str, profile: Profile, now: date) -> Verdict | None:
    """A claim's strongest support that could count (`_candidates`): what the second model must confirm.

    It stays the strongest when the second model prefers a rival (`_preferred`): that choice decides which
    source an answer quotes, not whether the claim counts: letting the preferred source's confirmation
    stand in answered unanswerable questions and no answerable one (docs/research/gate.md).
    """
    return next(iter(_candidates(evidence, claim_id, profile, now)), None)


def _ranked(
    evidence: Evidence, claim_id: str, profile: Profile, now: date
) -> tuple[list[Verdict], tuple[Term, ...], dict[str, Passage], Signals]:
    """A claim's support that could count, strongest first (`_candidates`), the names it states that
    evidence must mention (`_names`), the passages by id, and the evidence's signals."""
    sig = _signals(evidence)
    terms = _names(claim_id, profile, sig)
    return _candidates(evidence, claim_id, profile, now), terms, {p.id: p for p in evidence.passages}, sig


def to_confirm(evidence: Evidence, claim_id: str, profile: Profile, now: date) -> tuple[Verdict, ...]:
    """What the second model is asked about for a claim: its strongest support (`strongest_support`)
    first, then the rivals beside it (`_rivals`); empty when nothing could count."""
    ranked, terms, by_id, sig = _ranked(evidence, claim_id, profile, now)
    if not ranked:
        return ()
    return (ranked[0], *_rivals(_leadable(ranked, claim_id, sig), terms, by_id, profile.min_margin, sig))


def second_look(evidence: Evidence, claim_id: str, profile: Profile, now: date) -> Verdict | None:
    """The runner-up (`_runner_up`) to put to the second model once it has scored the strongest support
    under `SECOND_LOOK_BELOW`; None when it did not, or there is none, or it is asked already."""
    ranked, terms, by_id, sig = _ranked(evidence, claim_id, profile, now)
    lead = ranked[0] if ranked else None
    if lead is None or lead.confirmation is None or lead.confirmation >= SECOND_LOOK_BELOW:
        return None
    leadable = _leadable(ranked, claim_id, sig)
    runner = _runner_up(leadable, _rivals(leadable, terms, by_id, profile.min_margin, sig), terms, by_id, sig)
    return runner if runner is not None and runner.confirmation is None else None


# How many other chunks of the strongest support's section the second model reads when it doubts the first.
SECTION_CHUNKS = 2


def _same_section(a: Passage, b: Passage) -> bool:
    return bool(a.heading_path) and a.document_id == b.document_id and a.heading_path == b.heading_path


def _may_stand_in(v: Verdict, candidate: Passage, lead: Passage, profile: Profile) -> bool:
    """May `candidate` (supporting the claim as `v` says) stand in for the doubted `lead`: a chunk of its
    section that supports the claim, or another section of its page that answers on its own (its support
    clears the retrieval bar an answer needs)? A page is one source: its holiday table ("Christmas Day |
    ... No buses or ferry.") answers "Does the ferry run on Christmas Day?" when the second model doubts its
    night-bus paragraph, which the ranker liked a little better. Another page never stands in."""
    if v.strength < profile.min_support:
        return False
    if _same_section(candidate, lead):
        return True
    return candidate.document_id == lead.document_id and v.strength >= profile.min_retrieval_score


def section_look(evidence: Evidence, claim_id: str, profile: Profile, now: date) -> tuple[Verdict, ...]:
    """The other chunks of the strongest support's section that support the claim too, to put to the second
    model once it has doubted the strongest (under `min_confirmation`); none when it did not.

    A section is one answer unit that the index cut into chunks where it grew long: a parameter list's first
    entries in one chunk, "`max_age`: ... Defaults to `600`." in the next, both under "CORSMiddleware". The
    ranker may like the section's opening best and the second model rightly doubt that it answers; the
    section answers by its chunk that says it, if that one is confirmed (`confirmed`). Another section of the
    page stands in only when it clears the retrieval bar on its own (`_may_stand_in`); other documents never
    do: a weaker source standing in for a doubted one answered unanswerable questions (docs/research/gate.md).
    """
    ranked, _, by_id, _ = _ranked(evidence, claim_id, profile, now)
    lead = ranked[0] if ranked else None
    if lead is None or lead.confirmation is None or lead.confirmation >= profile.min_confirmation:
        return ()
    mine = by_id[lead.passage_id]
    return tuple(
        v for v in ranked[1:] if v.confirmation is None and _may_stand_in(v, by_id[v.passage_id], mine, profile)
    )[:SECTION_CHUNKS]


def _section_stand_in(evidence: Evidence, lead: Verdict, profile: Profile) -> Verdict | None:
    """The other supporting chunk of `lead`'s section (`section_look`) that the second model confirms best, if
    it confirms one at `min_confirmation`."""
    by_id = {p.id: p for p in evidence.passages}
    mine = by_id.get(lead.passage_id)
    if mine is None:
        return None
    confirmed_chunks = [
        v
        for v in evidence.verdicts
        if v.claim_id == lead.claim_id
        and v.passage_id != lead.passage_id
        and v.label is Label.SUPPORTED
        and v.confirmation is not None
        and v.confirmation >= profile.min_confirmation
        and v.passage_id in by_id
        and _may_stand_in(v, by_id[v.passage_id], mine, profile)
    ]
    return max(confirmed_chunks, key=lambda v: (v.confirmation or 0.0, v.strength), default=None)


def rivals(evidence: Evidence, claim_id: str, profile: Profile, now: date) -> tuple[Verdict, ...]:
    """The supports the second model is asked about beside the strongest (`_rivals`)."""
    return to_confirm(evidence, claim_id, profile, now)[1:]


def _signals(evidence: Evidence) -> Signals:
    """The evidence's signals; none recorded reads as nothing stated (no term to match)."""
    return evidence.signals if evidence.signals is not None else Signals()


def _names(claim_id: str, profile: Profile, sig: Signals) -> tuple[Term, ...]:
    """The names a claim states that evidence must mention, where the profile asks for it."""
    return sig.of_claim(claim_id).required if profile.require_named_terms else ()


def confirmed(evidence: Evidence, profile: Profile, now: date) -> Evidence:
    """The evidence as the gate weighs it, after the second answerability model's word.

    When the second model does not confirm (below `min_confirmation`) that a claim's strongest support
    answers it, none of the claim's support counts: the two models disagree about the best evidence there
    is, and a weaker passage may not stand in for it. Each such verdict becomes insufficient. The section
    of the strongest support is one unit, though: where another chunk of it that supports the claim is
    confirmed (`section_look`), the section answers by that chunk, and the support stronger than it that
    the second model did not confirm (the doubted chunk first) becomes insufficient instead.
    """
    if profile.min_confirmation <= 0 or all(v.confirmation is None for v in evidence.verdicts):
        return evidence  # nothing asked, or nothing to doubt: the common case, on every gate call
    doubted = set()
    set_aside: set[tuple[str, str]] = set()
    for claim in evidence.claims:
        best = strongest_support(evidence, claim.id, profile, now)
        if best is not None and best.confirmation is not None and best.confirmation < profile.min_confirmation:
            stand_in = _section_stand_in(evidence, best, profile)
            if stand_in is None:
                doubted.add(claim.id)
                continue
            # The section answers by its confirmed chunk: the support stronger than it that the second model
            # did not confirm (the doubted chunk first) no longer counts, so the answer rests on that chunk.
            set_aside.update(
                (v.claim_id, v.passage_id)
                for v in evidence.verdicts
                if v.claim_id == claim.id
                and v.label is Label.SUPPORTED
                and v.strength > stand_in.strength
                and (v.confirmation is None or v.confirmation < profile.min_confirmation)
            )
    if not doubted and not set_aside:
        return evidence
    verdicts = tuple(
        replace(v, label=Label.INSUFFICIENT, strength=1 - v.strength)
        if (v.claim_id in doubted or (v.claim_id, v.passage_id) in set_aside) and v.label is Label.SUPPORTED
        else v
        for v in evidence.verdicts
    )
    return replace(evidence, verdicts=verdicts)


def _is_usable(passage: Passage, profile: Profile, now: date) -> bool:
    return not is_blank(passage) and not is_stale(passage, profile, now) and is_allowed(passage, profile)


def assess(evidence: Evidence, profile: Profile, now: date) -> Assessment:
    """Judge every claim against the set of passages, as the profile requires."""
    present = [p for p in evidence.passages if not is_blank(p)]
    blank = tuple(p.id for p in evidence.passages if is_blank(p))
    # A page is superseded whichever side states it: its own `superseded_by`, or a newer passage here that
    # lists it in `supersedes` (evidence written by hand may state only the newer side).
    replaced = {target for p in present for target in p.supersedes}
    stale = {p.id for p in present if is_stale(p, profile, now) or p.document_id in replaced}
    disallowed = {p.id for p in present if not is_allowed(p, profile)}
    usable = [p for p in present if p.id not in stale and p.id not in disallowed]
    by_id = {p.id: p for p in present}
    usable_ids = {p.id for p in usable}

    scores = sorted((p.scores.rerank or 0.0 for p in usable), reverse=True)
    top = scores[0] if scores else None
    # The margin is between sources: the best passage of the best document against the best passage of
    # any other document. Two sections of one page scoring alike leave no doubt about which source to use.
    by_doc: dict[str, float] = {}
    for p in usable:
        by_doc[p.document_id] = max(by_doc.get(p.document_id, 0.0), p.scores.rerank or 0.0)
    doc_scores = sorted(by_doc.values(), reverse=True)
    margin = doc_scores[0] - doc_scores[1] if len(doc_scores) > 1 else None

    claims: list[ClaimAssessment] = []
    conflicts: list[Conflict] = []
    sig = _signals(evidence)
    own = _own_terms(sig) if profile.require_named_terms else {}
    restated = False
    for claim in evidence.claims:
        verdicts = [v for v in evidence.verdicts if v.claim_id == claim.id and v.passage_id in by_id]
        unmentioned: tuple[str, ...] = ()
        if own.get(claim.id):
            verdicts, unmentioned = _about_claim(verdicts, own[claim.id], sig, profile)
        result, conflict = _assess_claim(claim, verdicts, by_id, usable_ids, stale, disallowed, profile, sig)
        # Answered by a restatement (`_restatement`): no verdict of the claim supports the passage it rests on.
        restated = restated or (
            result.status is ClaimStatus.SUPPORTED
            and not any(v.passage_id in result.passage_ids and v.label is Label.SUPPORTED for v in verdicts)
        )
        if unmentioned and result.status is ClaimStatus.MISSING:
            result = replace(result, unmatched_terms=unmentioned)
        claims.append(result)
        if conflict is not None:
            conflicts.append(conflict)
    if profile.require_named_terms:
        claims = _named_terms_covered(claims, usable, sig)
        # Pages cannot disagree on the answer to a claim that names something none of them mentions: there is
        # no answer to disagree on ("Does it build wheels for FreeBSD?", which a changelog and a platforms page
        # were read as disputing). The claim is not covered; no conflict of its is reported.
        unnamed = {c.claim.id for c in claims if c.unmatched_terms}
        conflicts = [x for x in conflicts if x.claim_id not in unnamed]
    retrieval = top
    answered = [c.best_support for c in claims if c.status in _ANSWERING]
    if top is not None and (len(claims) > 1 or restated) and answered:
        # Relevant enough to each part it answers: a part nothing answers is the coverage veto's to name.
        retrieval = max(top, min(answered))

    return Assessment(
        claims=tuple(claims),
        conflicts=tuple(conflicts),
        usable_passage_ids=tuple(p.id for p in usable),
        stale_passage_ids=tuple(p.id for p in present if p.id in stale),
        disallowed_passage_ids=tuple(p.id for p in present if p.id in disallowed),
        blank_passage_ids=blank,
        top_score=top,
        margin=margin,
        retrieval_score=retrieval,
        topic_similarity=max((p.scores.vector for p in usable if p.scores.vector is not None), default=None),
    )


def _named_terms_covered(claims: list[ClaimAssessment], usable: list[Passage], sig: Signals) -> list[ClaimAssessment]:
    """A claim naming something no usable evidence mentions is not covered, however strong its support.

    The evidence is every usable passage that supports a claim or is likely enough to answer the
    question (`MENTION_FLOOR`), titles included.
    """
    answered = {pid for c in claims if c.status in _ANSWERING for pid in c.passage_ids}
    drawn_on = [p for p in usable if p.id in answered or (p.scores.rerank or 0.0) >= MENTION_FLOOR]
    mentioned = frozenset().union(*(sig.mentioned(p.id) for p in drawn_on))
    out = []
    for c in claims:
        terms = sig.of_claim(c.claim.id).required if c.status in _ANSWERING else ()
        if terms:
            unmatched = tuple(t.text for t in terms if t.key not in mentioned)
            if unmatched:
                c = replace(c, status=ClaimStatus.MISSING, passage_ids=(), unmatched_terms=unmatched)
        out.append(c)
    return out


def _own_terms(sig: Signals) -> dict[str, tuple[Term, ...]]:
    """Per claim of several, the names only it states: what sets it apart ("Reggi" in "born first: Reggi?")."""
    terms = {c.claim_id: c.named for c in sig.claims}
    if len(terms) < 2:
        return {}
    stated = Counter(t.key for mine in terms.values() for t in mine)
    return {cid: tuple(t for t in mine if stated[t.key] == 1) for cid, mine in terms.items()}


def _about_claim(
    verdicts: list[Verdict], own: tuple[Term, ...], sig: Signals, profile: Profile
) -> tuple[list[Verdict], tuple[str, ...]]:
    """Only a passage that mentions the names setting a claim apart can support or refute it.

    Returns the verdicts kept, and the names that a passage judged to support or refute the claim did not
    mention (what the decision says is missing when nothing else covers the claim).
    """
    kept, unmentioned = [], {}
    for v in verdicts:
        missing = _unmentioned(sig, v.passage_id, own)
        if not missing:
            kept.append(v)
        elif v.label is not Label.INSUFFICIENT and v.strength >= profile.min_support:
            unmentioned.update(dict.fromkeys(missing))
    return kept, tuple(unmentioned)


def _unmentioned(sig: Signals, passage_id: str, terms: tuple[Term, ...]) -> tuple[str, ...]:
    """The terms (as written) that a passage's own words do not mention (`Signals.mentions`)."""
    mentioned = sig.mentioned(passage_id)
    return tuple(t.text for t in terms if t.key not in mentioned)


def _by_strength(verdicts: Iterable[Verdict]) -> list[Verdict]:
    return sorted(verdicts, key=lambda v: (-v.strength, v.passage_id))


def _ids(verdicts: Iterable[Verdict]) -> tuple[str, ...]:
    return tuple(dict.fromkeys(v.passage_id for v in verdicts))


def _strongest(verdicts: Iterable[Verdict]) -> tuple[str, ...]:
    return _ids(_by_strength(verdicts))


def _assess_claim(
    claim: Claim,
    verdicts: list[Verdict],
    by_id: dict[str, Passage],
    usable: set[str],
    stale: set[str],
    disallowed: set[str],
    profile: Profile,
    sig: Signals,
) -> tuple[ClaimAssessment, Conflict | None]:
    strong = [v for v in verdicts if v.strength >= profile.min_support]
    support = [v for v in strong if v.label is Label.SUPPORTED and v.passage_id in usable]
    refute = [v for v in strong if v.label is Label.REFUTED and v.passage_id in usable]
    weak = [v for v in verdicts if v.label is Label.SUPPORTED and v.passage_id in usable]
    best = max((v.strength for v in weak), default=0.0)

    found = _value_sides(claim.id, support, refute, by_id, sig)
    if found is not None:
        agreeing, differing, values = found
        rule, side = resolve_conflict(
            [by_id[i] for i in agreeing], [by_id[i] for i in differing], profile.conflict_precedence, profile.owner_rank
        )
        conflict = Conflict(claim.id, agreeing, differing, rule, side, values)
        if rule is None:
            return ClaimAssessment(claim, ClaimStatus.CONFLICTING, best, agreeing + differing), conflict
        # Either side states an answer: the one the precedence rule picks is the answer.
        return ClaimAssessment(
            claim, ClaimStatus.SUPPORTED, best, agreeing if side == "support" else differing
        ), conflict

    if support and refute:
        supporters, refuters = _strongest(support), _strongest(refute)
        rule, side = resolve_conflict(
            [by_id[i] for i in supporters],
            [by_id[i] for i in refuters],
            profile.conflict_precedence,
            profile.owner_rank,
        )
        if rule is None:
            conflict = Conflict(claim.id, supporters, refuters)
            # The pages that disagree: the answer's (whose sentence the others refute) and the refuting ones;
            # another page that answers without refuting it is no side of the conflict.
            lead = by_id[supporters[0]].document_id
            sides = tuple(i for i in supporters if by_id[i].document_id == lead) + refuters
            return ClaimAssessment(claim, ClaimStatus.CONFLICTING, best, sides), conflict
        winner = supporters if side == "support" else refuters
        conflict = Conflict(claim.id, supporters, refuters, resolved_by=rule, winner=side)
        status = ClaimStatus.SUPPORTED if side == "support" else ClaimStatus.REFUTED
        return ClaimAssessment(claim, status, best, winner), conflict
    if support:
        ordered = _by_strength(support)
        terms = _names(claim.id, profile, sig)
        leadable = _leadable(ordered, claim.id, sig)
        rivals = _rivals(leadable, terms, by_id, profile.min_margin, sig)
        runner = _runner_up(leadable, rivals, terms, by_id, sig)
        preferred = _preferred(ordered, rivals, runner, profile.min_margin)
        if _under_bar(preferred, runner, profile):
            return ClaimAssessment(claim, ClaimStatus.MISSING, best), None
        ranked = _ids(preferred)
        return ClaimAssessment(claim, ClaimStatus.SUPPORTED, best, ranked), None

    supported_elsewhere = [v for v in strong if v.label is Label.SUPPORTED]
    if any(v.passage_id in disallowed for v in supported_elsewhere):
        ids = _strongest(v for v in supported_elsewhere if v.passage_id in disallowed)
        return ClaimAssessment(claim, ClaimStatus.NOT_ALLOWED, best, ids), None
    if any(v.passage_id in stale for v in supported_elsewhere):
        ids = _strongest(v for v in supported_elsewhere if v.passage_id in stale)
        successor = (
            _restatement(claim.id, ids, by_id, usable, sig)
            if Precedence.SUPERSEDES in profile.conflict_precedence
            else None
        )
        if successor is not None:
            # The newer page's section states the current value: it answers, as strongly as the section it
            # replaces did, and the decision names the rule that picked it over the older figure.
            pid, changed = successor
            inherited = max(v.strength for v in supported_elsewhere if v.passage_id in stale)
            note = Conflict(claim.id, (pid,), ids, str(Precedence.SUPERSEDES), "support", changed) if changed else None
            return ClaimAssessment(claim, ClaimStatus.SUPPORTED, inherited, (pid,)), note
        return ClaimAssessment(claim, ClaimStatus.STALE, best, ids), None
    if weak:
        return ClaimAssessment(claim, ClaimStatus.WEAK, best, _strongest(weak)), None
    if refute:
        return ClaimAssessment(claim, ClaimStatus.REFUTED, best, _strongest(refute)), None
    return ClaimAssessment(claim, ClaimStatus.MISSING, best), None


def _value_sides(
    claim_id: str, support: list[Verdict], refute: list[Verdict], by_id: dict[str, Passage], sig: Signals
) -> tuple[tuple[str, ...], tuple[str, ...], tuple[str, str]] | None:
    """Pages that each support a claim but state different values for what it asks: (the strongest stating
    page and those agreeing with it, the pages stating another value, (its value, theirs) as written).

    Two current pages that both answer "How much are meals reimbursed per day?", one with "up to 75 dollars
    per day", the other with "up to 50 dollars per day", disagree whatever a model reads; "two weeks" and
    "14 days" agree. Only values the engine read from each page's answer sentence count (`Signals.stated`);
    two sections of one page are one source. None when no two sources state different values.

    A name is compared only where the strongest page, read, names one: "By default function endpoints only
    accept `GET` requests." names its answer in code, which is no name here (`values.names_in`), and the
    names weaker pages state beside it ("a class that implements the ASGI interface") are what else they
    speak of, not a second answer to differ from.
    """
    ordered = _by_strength(support)
    stating = [(v, values) for v in ordered if (values := sig.stated_by(claim_id, v.passage_id))]
    if len(stating) < 2:
        return None
    names_only = all(x.kind == NAME for _, vals in stating for x in vals)
    if names_only and sig.stated_by(claim_id, ordered[0].passage_id) == ():
        return None
    lead, lead_values = stating[0]
    lead_doc = by_id[lead.passage_id].document_id
    differing = [
        (v, vals)
        for v, vals in stating[1:]
        if by_id[v.passage_id].document_id != lead_doc and disagree(lead_values, vals)
    ]
    if not differing:
        return None
    agreeing = [v for v, vals in stating if (v, vals) not in differing and not disagree(lead_values, vals)]
    other = differing[0][1]
    mine = next(x.text for x in lead_values if any(x.comparable(y) for y in other))
    theirs = next(y.text for y in other if any(x.comparable(y) for x in lead_values))
    return _ids(agreeing), _ids(v for v, _ in differing), (mine, theirs)


def _owner_rank(passage: Passage, ranking: tuple[str, ...]) -> int:
    return ranking.index(passage.owner) if passage.owner in ranking else len(ranking)


def _replaces(newer: Passage, older: Passage) -> bool:
    return older.document_id in newer.supersedes or newer.document_id in older.superseded_by


def restates(newer: Passage, older: Passage) -> bool:
    """Is `newer` the restatement of `older`: a section of the page that supersedes it, under the same heading?

    A page that replaces another keeps its sections ("Version history > How long versions are kept"), with
    the figures that changed: the section that answered on the old page is where the current answer is."""
    return bool(older.heading_path) and newer.heading_path[-1:] == older.heading_path[-1:] and _replaces(newer, older)


def _restatement(
    claim_id: str, stale_ids: tuple[str, ...], by_id: dict[str, Passage], usable: set[str], sig: Signals
) -> tuple[str, tuple[str, str] | None] | None:
    """The usable restatement (`restates`) of a superseded passage that answered the claim, when it states a
    value of the same kind for what the claim asks (a span for a span, a price for a price): (its id, the
    two values when they differ). A newer page that no longer states it restates nothing: the claim stays
    stale."""
    for old_id in stale_ids:
        old = sig.stated_by(claim_id, old_id)
        if not old:
            continue
        for pid in sorted(usable):
            new = sig.stated_by(claim_id, pid)
            if not new or not restates(by_id[pid], by_id[old_id]):
                continue
            if any(x.comparable(y) for x in new for y in old):
                # What changed: a value each page states that the other does not ("180 days" for "90 days"
                # in a table whose other rows stayed).
                added = [x for x in new if all(disagree((x,), (y,)) for y in old if x.comparable(y))]
                dropped = [y for y in old if all(disagree((x,), (y,)) for x in new if x.comparable(y))]
                return pid, (added[0].text, dropped[0].text) if added and dropped else None
    return None


def resolve_conflict(
    supporters: list[Passage],
    refuters: list[Passage],
    precedence: tuple[Precedence, ...],
    owner_rank: tuple[str, ...],
) -> tuple[str | None, str | None]:
    """Try each precedence rule in order; return (rule, winning side) or (None, None).

    A side wins a rule only if it beats every passage of the other side; a partial win resolves nothing.
    """
    for rule in precedence:
        for side, mine, theirs in (("support", supporters, refuters), ("refute", refuters, supporters)):
            if rule is Precedence.SUPERSEDES:
                wins = all(any(_replaces(m, t) for m in mine) for t in theirs)
            elif rule is Precedence.EFFECTIVE_DATE:
                mine_dates = [p.effective_date for p in mine]
                their_dates = [p.effective_date for p in theirs]
                wins = (
                    None not in mine_dates
                    and None not in their_dates
                    and min(d for d in mine_dates if d) > max(d for d in their_dates if d)
                )
            else:
                if not owner_rank:
                    wins = False
                else:
                    wins = max(_owner_rank(p, owner_rank) for p in mine) < min(
                        _owner_rank(p, owner_rank) for p in theirs
                    )
            if wins:
                return str(rule), side
    return None, None


__all__ = [
    "assess",
    "confirmed",
    "is_allowed",
    "is_blank",
    "is_stale",
    "preferred_under_bar",
    "resolve_conflict",
    "restates",
    "rivals",
    "second_look",
    "section_look",
    "strongest_support",
    "to_confirm",
]
