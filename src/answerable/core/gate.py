"""The evidence gate: `authorize` before generation, `decide` for the final typed decision.

Each veto is its own predicate returning the reason codes it raises; none is folded into a blended
score. Pure and deterministic: the decision id is a hash of the inputs, and `now` is passed in.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable, Mapping
from dataclasses import dataclass, replace
from datetime import date
from typing import Any

from answerable.core.assess import assess, confirmed, is_blank, preferred_under_bar
from answerable.core.codec import to_jsonable
from answerable.core.errors import DraftRequiredError, InputError
from answerable.core.policy import Profile
from answerable.core.reasons import KEYWORDS_NEXT_STEP, SEARCH_MISSES, ReasonCode, ordered, primary
from answerable.core.types import (
    Assessment,
    Citation,
    ClaimAssessment,
    ClaimResult,
    ClaimStatus,
    Conflict,
    ConflictNote,
    Decision,
    Draft,
    DraftSentence,
    Evidence,
    Label,
    Passage,
    Status,
    Suggestion,
    Verdict,
)

QUOTE_CHARS = 500

R = ReasonCode


@dataclass(frozen=True)
class Authorization:
    """The gate's verdict before generation: may a (partial) answer be drafted, and why not."""

    status: Status
    reason_codes: tuple[ReasonCode, ...]
    assessment: Assessment
    context_ids: tuple[str, ...]


def _covered(c: ClaimAssessment, a: Assessment, profile: Profile) -> bool:
    if c.status is ClaimStatus.SUPPORTED:
        return True
    tolerated = len(a.unresolved_conflicts) <= profile.max_contradictions
    return c.status is ClaimStatus.CONFLICTING and tolerated


# --- veto predicates: each looks at one thing and names its own code -------------------------------


def _below_retrieval_bar(a: Assessment, p: Profile) -> bool:
    return a.retrieval_score is not None and a.retrieval_score < p.min_retrieval_score


def _on_topic(a: Assessment, p: Profile) -> bool:
    """Some usable passage is close to the question's topic (bi-encoder cosine), answer or not."""
    return a.topic_similarity is not None and a.topic_similarity >= p.min_topic_similarity


def veto_retrieval_confidence(ev: Evidence, a: Assessment, p: Profile) -> set[ReasonCode]:
    """The best usable passage must be relevant enough (only judged when some passage is usable).

    For a question of several claims, relevant enough to each one it answers: a two-part question is
    rarely answered whole by one passage, so its weakest answered part's best support may stand in for
    the top score. A part nothing answers is named by `veto_coverage`, not blamed on retrieval, and a
    profile that allows partial answers may still answer the other parts.

    Pages on the question's topic that all miss the bar are `veto_answer_bearing`'s (`_unanswered_on_topic`):
    the retrieval is to blame ("no page matched closely; rephrase") only when nothing usable is on the
    topic, or beside a cause another veto names. Exactly one of the two codes is raised under the bar, and
    neither may be softened to a partial answer, so which one never changes a status.
    """
    if _below_retrieval_bar(a, p) and not _unanswered_on_topic(ev, a, p):
        return {R.LOW_RETRIEVAL_CONFIDENCE}
    return set()


def veto_answer_bearing(ev: Evidence, a: Assessment, p: Profile) -> set[ReasonCode]:
    """Some passage (of any freshness or tier) must support some claim at all; and where usable pages
    are on the question's topic, one must be likely enough to answer it (the retrieval bar).

    The second is the missing answer the documentation owner can write: the pages on the topic were
    found and read, and none of them says it.
    """
    present = {q.id for q in ev.passages if not is_blank(q)}
    supported = [v for v in ev.verdicts if v.label is Label.SUPPORTED and v.passage_id in present]
    if not supported or _unanswered_on_topic(ev, a, p):
        return {R.NO_ANSWER_BEARING_EVIDENCE}
    return set()


def _unanswered_on_topic(ev: Evidence, a: Assessment, p: Profile) -> bool:
    """Usable pages on the topic miss the retrieval bar, and no other veto has a cause for it: pages that
    disagree, or an answer that only a stale or disallowed page gives. Beside such a cause the retrieval
    bar is named instead: the cause comes first, and nothing on the topic was usable."""
    if not (_below_retrieval_bar(a, p) and _on_topic(a, p)) or veto_conflicts(ev, a, p):
        return False
    return not any(_matched_only_by(ev, a, p, ids) for ids in (a.stale_passage_ids, a.disallowed_passage_ids))


def veto_support_strength(ev: Evidence, a: Assessment, p: Profile) -> set[ReasonCode]:
    """The strongest support anywhere must reach the threshold; a weakly supported claim fails too."""
    present = {q.id for q in ev.passages if not is_blank(q)}
    best = max(
        (v.strength for v in ev.verdicts if v.label is Label.SUPPORTED and v.passage_id in present),
        default=0.0,
    )
    codes = set()
    if best < p.min_support:
        codes.add(R.SUPPORT_BELOW_THRESHOLD)
    if a.coverage < p.min_coverage and any(c.status is ClaimStatus.WEAK for c in a.claims):
        codes.add(R.SUPPORT_BELOW_THRESHOLD)
    return codes


_LACKING = frozenset({ClaimStatus.MISSING, ClaimStatus.WEAK, ClaimStatus.REFUTED})


def veto_coverage(ev: Evidence, a: Assessment, p: Profile) -> set[ReasonCode]:
    """Enough required claims must be covered by usable, unconflicted support.

    A question's only claim not covered is also `no_answer_bearing_evidence`, which comes first: its next
    step speaks of the question, where `required_claim_not_covered`'s speaks of a part of it.
    """
    covered = sum(1 for c in a.claims if _covered(c, a, p))
    # A claim blocked only by staleness, source policy or a conflict is named by that veto instead.
    lacking = any(c.status in _LACKING for c in a.claims)
    if covered / len(a.claims) < p.min_coverage and lacking:
        return (
            {R.REQUIRED_CLAIM_NOT_COVERED}
            if len(a.claims) > 1
            else {R.REQUIRED_CLAIM_NOT_COVERED, R.NO_ANSWER_BEARING_EVIDENCE}
        )
    return set()


def veto_conflicts(ev: Evidence, a: Assessment, p: Profile) -> set[ReasonCode]:
    """No more unresolved support-vs-refute conflicts than the profile tolerates."""
    if len(a.unresolved_conflicts) > p.max_contradictions:
        return {R.CONFLICTING_EVIDENCE}
    return set()


def _matched_only_by(ev: Evidence, a: Assessment, p: Profile, off_limits: tuple[str, ...]) -> bool:
    """No usable passage clears the retrieval bar, and one of `off_limits` matched the question: it clears
    the bar, or it is the best-scored passage of all and likely enough to answer (`min_support`).

    The question was matched by a page the answer may not rest on (a superseded page, a forum post):
    saying only "no page matched closely" (and suggesting a rephrasing), or "no page answers it", would
    hide the real cause.
    """
    if a.retrieval_score is not None and not _below_retrieval_bar(a, p):
        return False
    present = [q for q in ev.passages if not is_blank(q)]
    if any((q.scores.rerank or 0.0) >= p.min_retrieval_score for q in present if q.id in off_limits):
        return True
    top = max(present, key=lambda q: q.scores.rerank or 0.0, default=None)
    return top is not None and top.id in off_limits and (top.scores.rerank or 0.0) >= p.min_support


def veto_freshness(ev: Evidence, a: Assessment, p: Profile) -> set[ReasonCode]:
    """A claim whose only support is stale cannot be answered; nor can a question only a stale page matches."""
    if any(c.status is ClaimStatus.STALE for c in a.claims) or _matched_only_by(ev, a, p, a.stale_passage_ids):
        return {R.EVIDENCE_STALE}
    return set()


def veto_source_policy(ev: Evidence, a: Assessment, p: Profile) -> set[ReasonCode]:
    """A claim whose only support is a source this workflow may not rest on cannot be answered; nor can a
    question only such a source matches."""
    if any(c.status is ClaimStatus.NOT_ALLOWED for c in a.claims) or _matched_only_by(
        ev, a, p, a.disallowed_passage_ids
    ):
        return {R.SOURCE_NOT_ALLOWED}
    return set()


def veto_ambiguity(ev: Evidence, a: Assessment, p: Profile) -> set[ReasonCode]:
    """Nearly tied top sources AND borderline support: the best source is unclear."""
    if a.margin is None or a.margin >= p.min_margin:
        return set()
    return {R.AMBIGUOUS_SOURCES} if any(_borderline(c, a, p) for c in a.claims) else set()


def _borderline(c: ClaimAssessment, a: Assessment, p: Profile) -> bool:
    """Is claim `c` covered, by support within `borderline_band` of `min_support`?"""
    return _covered(c, a, p) and c.best_support < p.min_support + p.borderline_band


Veto = Callable[[Evidence, Assessment, Profile], set[ReasonCode]]

VETOES: tuple[Veto, ...] = (
    veto_retrieval_confidence,
    veto_answer_bearing,
    veto_support_strength,
    veto_coverage,
    veto_conflicts,
    veto_freshness,
    veto_source_policy,
    veto_ambiguity,
)


def context_ids(evidence: Evidence, a: Assessment, profile: Profile) -> tuple[str, ...]:
    """The passages a generator may see and cite: usable ones, in rank order, within the budget."""
    usable = set(a.usable_passage_ids)
    chosen: list[str] = []
    chars = 0
    for passage in evidence.passages:
        if passage.id not in usable or len(chosen) >= profile.max_passages:
            continue
        if chosen and chars + len(passage.text) > profile.max_chars:
            continue
        chosen.append(passage.id)
        chars += len(passage.text)
    return tuple(chosen)


def authorize(evidence: Evidence, profile: Profile, now: date) -> Authorization:
    """Run every pre-generation veto. ABSTAIN here means no generation call may be made."""
    if not evidence.claims:
        raise InputError("evidence has no claims: every question has at least one required claim")
    evidence = confirmed(evidence, profile, now)
    a = assess(evidence, profile, now)
    present = [p for p in evidence.passages if not is_blank(p)]
    if not present:
        return Authorization(Status.ABSTAIN, (R.NO_EVIDENCE,), a, ())
    codes: set[ReasonCode] = set()
    for veto in VETOES:
        codes |= veto(evidence, a, profile)
    reasons = ordered(codes)
    ctx = context_ids(evidence, a, profile)
    if not reasons:
        return Authorization(Status.ANSWER, (), a, ctx)
    if _may_be_partial(reasons, a, profile):
        return Authorization(Status.PARTIAL, reasons, a, ctx)
    return Authorization(Status.ABSTAIN, reasons, a, ctx)


def _may_be_partial(reasons: tuple[ReasonCode, ...], a: Assessment, profile: Profile) -> bool:
    if not profile.allow_partial or not set(reasons) <= profile.partial_for:
        return False
    return any(_covered(c, a, profile) for c in a.claims)


def check_draft(draft: Draft, context: tuple[str, ...], profile: Profile) -> set[ReasonCode]:
    """Post-generation vetoes: declined, citations outside this request's context, unsupported sentences."""
    if draft.declined or not draft.sentences or not draft.text:
        return {R.MODEL_DECLINED}
    codes: set[ReasonCode] = set()
    allowed = set(context)
    for sentence in draft.sentences:
        if any(pid not in allowed for pid in sentence.passage_ids):
            codes.add(R.CITATION_INVALID)
        elif not sentence.passage_ids or sentence.support is None or sentence.support < profile.min_support:
            codes.add(R.UNSUPPORTED_CLAIM)
    return codes


def not_as_asked(evidence: Evidence, a: Assessment, profile: Profile) -> dict[str, tuple[str, str]]:
    """The covered claims whose drafted sentences do not answer them as asked: id -> (asked, stated).

    Read from the evidence's signals (`Signals.as_asked`). Every covered claim needs a sentence of its own
    in a draft whose sentences name the claims they answer: a two-part question is not answered by a
    sentence for one part ("", ""). A claim that plainly asks for a figure, a time, a price or a length of
    time needs a sentence that states one (`require_answer_kind`; "How wide is Cerro Blanco?" is not
    answered by "The Cerro Blanco caldera is wide."), and a sentence that turns one of the question's words
    into its opposite, or names another year, answers another question (`reject_mismatches`). A claim that
    misses the kind is (the kind's noun, ""), one that the sentences turn over is (its word or year, theirs).
    """
    if evidence.signals is None:
        return {}
    found = {f.claim_id: f for f in evidence.signals.as_asked}
    out: dict[str, tuple[str, str]] = {}
    for c in a.claims:
        f = found.get(c.claim.id)
        if f is None or not _covered(c, a, profile):
            continue
        if f.unanswered:
            out[c.claim.id] = ("", "")
        elif profile.require_answer_kind and f.missing_kind is not None:
            out[c.claim.id] = (f.missing_kind, "")
        elif profile.reject_mismatches and f.turned is not None:
            out[c.claim.id] = f.turned
    return out


def decide(evidence: Evidence, policy: Profile, now: date) -> Decision:
    """The final, typed decision for this evidence under this profile at this time.

    Abstentions decided before generation need no draft. An answer or partial answer needs
    `evidence.draft`; without one this raises `DraftRequiredError` (call `authorize` first).
    """
    auth = authorize(evidence, policy, now)
    reasons = auth.reason_codes
    status = auth.status
    if status is not Status.ABSTAIN:
        if evidence.draft is None:
            raise DraftRequiredError(
                "the evidence authorizes an answer but carries no draft; generate one and decide again"
            )
        draft = evidence.draft
        unanswered = not_as_asked(evidence, auth.assessment, policy)
        if unanswered:
            draft, status, reasons = _without(
                draft, auth, policy, unanswered, _set_aside_answers(evidence, auth, unanswered)
            )
            evidence = replace(evidence, draft=draft)
        draft_codes = check_draft(draft, auth.context_ids, policy)
        if draft_codes or status is Status.ABSTAIN:
            status, reasons = Status.ABSTAIN, ordered(set(reasons) | draft_codes)
        return _build(evidence, policy, now, auth, status, reasons, unanswered)
    return _build(evidence, policy, now, auth, status, reasons)


def _set_aside_answers(
    evidence: Evidence, auth: Authorization, unanswered: Mapping[str, tuple[str, str]]
) -> set[ReasonCode]:
    """Why the value a claim asks for is missing from its draft, where only evidence set aside states it: a
    stale page (`evidence_stale`: "A day pass costs $9." on the 2025 page that the current one replaced
    without the price) or a source this profile may not rest on (`source_not_allowed`). The pages usable
    answered on the topic, but not with the figure asked."""
    sig = evidence.signals
    a = auth.assessment
    if sig is None:
        return set()
    missing = [cid for cid, (kind, stated) in unanswered.items() if kind and not stated]
    codes = set()
    for cid in missing:
        if any(sig.stated_by(cid, pid) for pid in a.stale_passage_ids):
            codes.add(R.EVIDENCE_STALE)
        if any(sig.stated_by(cid, pid) for pid in a.disallowed_passage_ids):
            codes.add(R.SOURCE_NOT_ALLOWED)
    return codes


def _without(
    draft: Draft,
    auth: Authorization,
    profile: Profile,
    unanswered: Mapping[str, tuple[str, str]],
    set_aside: set[ReasonCode] | None = None,
) -> tuple[Draft, Status, tuple[ReasonCode, ...]]:
    """A draft that leaves claims unanswered: abstain, or under a profile that allows it, answer the rest.

    One claim of several is `required_claim_not_covered`, which a profile may soften to a labelled
    partial answer without the sentences drafted for the missing claim; a question's only claim is
    `no_answer_bearing_evidence`, as when no passage had answered it. Where only evidence set aside states
    the value asked (`_set_aside_answers`), that is the reason too, and named first.
    """
    claims = auth.assessment.claims
    code = R.REQUIRED_CLAIM_NOT_COVERED if len(claims) > 1 else R.NO_ANSWER_BEARING_EVIDENCE
    reasons = ordered(set(auth.reason_codes) | {code} | (set_aside or set()))
    rest = tuple(s for s in draft.sentences if not s.claim_ids or not set(s.claim_ids) <= set(unanswered))
    if rest and len(unanswered) < len(claims) and _may_be_partial(reasons, auth.assessment, profile):
        return replace(draft, sentences=rest), Status.PARTIAL, reasons
    return draft, Status.ABSTAIN, reasons


def _build(
    evidence: Evidence,
    profile: Profile,
    now: date,
    auth: Authorization,
    status: Status,
    reasons: tuple[ReasonCode, ...],
    unanswered: Mapping[str, tuple[str, str]] | None = None,
) -> Decision:
    a = auth.assessment
    unanswered = unanswered or {}
    by_id = {p.id: p for p in evidence.passages}
    claims = tuple(
        ClaimResult(
            c.claim.text,
            ClaimStatus.MISSING if c.claim.id in unanswered else c.status,
            c.passage_ids,
            c.unmatched_terms,
            unanswered.get(c.claim.id),
        )
        for c in a.claims
    )
    missing = tuple(c.claim.text for c in a.claims if not _covered(c, a, profile) or c.claim.id in unanswered)
    answering = status is not Status.ABSTAIN and evidence.draft is not None
    citations: tuple[Citation, ...] = ()
    supporting: tuple[str, ...] = ()
    answer = None
    if answering and evidence.draft is not None:
        answer = evidence.draft.text
        cited = dict.fromkeys(pid for s in evidence.draft.sentences for pid in s.passage_ids)
        citations = tuple(_citation(by_id[pid], evidence.draft.sentences) for pid in cited)
        supporting = tuple(
            dict.fromkeys(
                pid
                for c in a.claims
                if _covered(c, a, profile) and c.claim.id not in unanswered
                for pid in c.passage_ids
            )
        )
    first = primary(reasons)
    return Decision(
        decision_id=decision_id(evidence, profile, now),
        status=status,
        answer=answer,
        citations=citations,
        supporting_passage_ids=supporting,
        claims=claims,
        missing_claims=missing,
        reason_codes=reasons,
        next_step=_next_step(first, evidence.signals is not None and evidence.signals.keywords),
        suggestions=(
            _suggestions(evidence, profile, auth.assessment.usable_passage_ids, first)
            if status is not Status.ANSWER
            else ()
        ),
        policy=profile.ref,
        conflicts=tuple(_conflict_note(c, a) for c in a.conflicts),
    )


def _conflict_note(conflict: Conflict, a: Assessment) -> ConflictNote:
    claim = next(c.claim.text for c in a.claims if c.claim.id == conflict.claim_id)
    chosen: tuple[str, ...] = ()
    if conflict.resolved_by is not None:
        chosen = conflict.supporting if conflict.winner == "support" else conflict.refuting
    return ConflictNote(claim, conflict.supporting + conflict.refuting, conflict.values, conflict.resolved_by, chosen)


def _next_step(first: ReasonCode | None, keywords: bool) -> str | None:
    """The first code's next step; for a search of a few words that found no answer, ask for the question."""
    if first is None:
        return None
    return KEYWORDS_NEXT_STEP if first in SEARCH_MISSES and keywords else first.next_step


def _citation(passage: Passage, sentences: tuple[DraftSentence, ...] = ()) -> Citation:
    """A cited passage with its quote: the units of it the answer quotes word for word (a code block and a
    table keep their lines), else the passage's opening, cut to `QUOTE_CHARS`."""
    verbatim = [s.text for s in sentences if passage.id in s.passage_ids and s.support == 1.0]
    if verbatim:
        quote = "\n".join(verbatim)
        if len(quote) > QUOTE_CHARS:
            quote = quote[: QUOTE_CHARS - 1].rstrip() + "…"
        return Citation(passage.id, passage.url, passage.title, quote)
    text = " ".join(passage.text.split())
    quote = text if len(text) <= QUOTE_CHARS else text[: QUOTE_CHARS - 1].rsplit(" ", 1)[0] + "…"
    return Citation(passage.id, passage.url, passage.title, quote)


def _suggestions(
    evidence: Evidence, profile: Profile, usable: tuple[str, ...], reason: ReasonCode | None
) -> tuple[Suggestion, ...]:
    """The closest passages the principal may read (the request's passages are already ACL-filtered), one
    per page: pages an answer may rest on first, then stale or disallowed ones (a superseded page, a draft).
    Where the next step is about such a page (`evidence_stale`, `source_not_allowed`), it keeps its rank."""
    seen: set[str] = set()
    out: list[Suggestion] = []
    ranked = list(evidence.passages)
    if reason not in (R.EVIDENCE_STALE, R.SOURCE_NOT_ALLOWED):
        first = set(usable)
        ranked = [p for p in ranked if p.id in first] + [p for p in ranked if p.id not in first]
    for passage in ranked:
        if len(out) >= profile.suggestions:
            break
        if is_blank(passage) or passage.document_id in seen:
            continue
        seen.add(passage.document_id)
        out.append(Suggestion(passage.id, passage.title, passage.url))
    return tuple(out)


def decision_id(evidence: Evidence, profile: Profile, now: date) -> str:
    """A stable id: the same evidence, profile and time always give the same id.

    Scores count to `_ID_PLACES` decimal places: a model's scores move in their last bits with the number of
    threads it runs on (a service's worker thread and the caller's may differ), and no decision reads a
    score that finely."""
    # The signals are read from the rest of the evidence, so they add nothing to what identifies it.
    identity = _identity(to_jsonable(replace(evidence, signals=None)))
    text = json.dumps([identity, to_jsonable(profile.ref), now.isoformat()], sort_keys=True, ensure_ascii=False)
    return "d_" + hashlib.sha256(text.encode("utf-8")).hexdigest()[:20]


_ID_PLACES = 6


def _identity(value: Any) -> Any:
    """A JSON value with its floats rounded to `_ID_PLACES` places."""
    if isinstance(value, float):
        return round(value, _ID_PLACES) + 0.0  # -0.0 and 0.0 are one score
    if isinstance(value, dict):
        return {k: _identity(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_identity(v) for v in value]
    return value


# --- the specific cause of each code, for the person reading a decision ----------------------------


def causes(
    evidence: Evidence, decision: Decision, profile: Profile, now: date, assessment: Assessment | None = None
) -> dict[str, str]:
    """Why each of the decision's reason codes was raised here, in plain words with the figures compared.

    A code's `meaning` lists every way it can arise ("no passage supports any claim, or ..., or ...");
    this names the one that did: "pages on its topic were found (Invoices), but the best scores 0.31 for
    this question, under the bar of 0.50". It reads only the request's evidence, which access control
    has already filtered, and names a page only by its title; a page another principal may read is never
    in it. Pure: the same evidence, decision and profile give the same words. Keyed by the code's string,
    as the log record keeps it; `assessment`, when the caller has it, is `assess` of the confirmed evidence.
    """
    asked = evidence  # the second model's confirmations are read from the verdicts as the models gave them
    evidence = confirmed(evidence, profile, now)
    a = assessment or assess(evidence, profile, now)
    by_id = {p.id: p for p in evidence.passages}
    usable = [by_id[pid] for pid in a.usable_passage_ids]

    def title(pid: str) -> str:
        passage = by_id.get(pid)
        return f'"{passage.title or passage.document_id}"' if passage else "a page"

    def best_usable() -> str:
        return title(max(usable, key=lambda p: p.scores.rerank or 0.0).id) if usable else "none"

    retrieval = "no page you may read could be used"
    if a.retrieval_score is not None:
        score, bar = _figures(a.retrieval_score, profile.min_retrieval_score)
        retrieval = f"the best page you may read for it ({best_usable()}) scores {score}, under the bar of {bar}"
    out: dict[str, str] = {}
    for code in decision.reason_codes:
        if code is R.NO_EVIDENCE:
            out[str(code)] = (
                "the passages that matched hold no text" if evidence.passages else "no page you may read matched it"
            )
        elif code is R.LOW_RETRIEVAL_CONFIDENCE:
            off_topic = a.topic_similarity is not None and not _on_topic(a, profile)
            out[str(code)] = retrieval
            if off_topic and a.topic_similarity is not None:
                closest, bar = _figures(a.topic_similarity, profile.min_topic_similarity)
                out[str(code)] += f", and none is on its topic (closest {closest}, bar {bar})"
        elif code is R.NO_ANSWER_BEARING_EVIDENCE:
            out[str(code)] = _no_answer(evidence, asked.verdicts, a, decision, profile, now, retrieval, title)
        elif code is R.REQUIRED_CLAIM_NOT_COVERED:
            parts = len(decision.claims)
            missing = len(decision.missing_claims)
            out[str(code)] = (
                f"{missing} of the question's {parts} parts {'is' if missing == 1 else 'are'} not answered "
                "by the pages you may read (listed under Not covered)"
                if parts > 1
                else "the question's one part is not answered by the pages you may read"
            )
        elif code is R.SUPPORT_BELOW_THRESHOLD:
            weak = [c for c in a.claims if c.status is ClaimStatus.WEAK and c.passage_ids]
            if weak:
                c = weak[0]
                figure, bar = _figures(c.best_support, profile.min_support)
                out[str(code)] = (
                    f"the best support for {_quoted(c.claim.text)} is {figure} ({title(c.passage_ids[0])}), "
                    f"under the bar of {bar}"
                )
            else:
                present = {q.id for q in evidence.passages if not is_blank(q)}
                found = [v for v in evidence.verdicts if v.label is Label.SUPPORTED and v.passage_id in present]
                best = max(found, key=lambda v: v.strength, default=None)
                out[str(code)] = f"no passage supports an answer at the bar of {profile.min_support:.2f}"
                if best is not None:
                    strength, bar = _figures(best.strength, profile.min_support)
                    out[str(code)] = (
                        f"the strongest support found is {strength} ({title(best.passage_id)}), under the bar of {bar}"
                    )
        elif code is R.CONFLICTING_EVIDENCE and a.unresolved_conflicts:
            conflict = a.unresolved_conflicts[0]
            claim = next(c.claim.text for c in a.claims if c.claim.id == conflict.claim_id)
            rules = ", ".join(str(r).replace("_", " ") for r in profile.conflict_precedence) or "none"
            if conflict.values is not None:
                mine, theirs = conflict.values
                out[str(code)] = (
                    f"{title(conflict.supporting[0])} says {mine} and {title(conflict.refuting[0])} says {theirs} "
                    f"for {_quoted(claim)}, and no precedence rule decides between them (tried: {rules})"
                )
            else:
                out[str(code)] = (
                    f"{title(conflict.supporting[0])} and {title(conflict.refuting[0])} disagree on "
                    f"{_quoted(claim)}, and no precedence rule decides between them (tried: {rules})"
                )
        elif code is R.EVIDENCE_STALE:
            out[str(code)] = _stale(evidence, a, profile, now, title)
        elif code is R.SOURCE_NOT_ALLOWED:
            out[str(code)] = _not_allowed(evidence, a, profile, title)
        elif code is R.AMBIGUOUS_SOURCES and a.margin is not None:
            top = sorted(usable, key=lambda p: -(p.scores.rerank or 0.0))
            second = next((p for p in top if p.document_id != top[0].document_id), top[0])
            # The support that is borderline, of the part it belongs to: another part's strong support is no
            # cause ("the support, 0.98, is within 0.10 of its bar (0.50)" was printed for a part at 0.54).
            support = min((c.best_support for c in a.claims if _borderline(c, a, profile)), default=0.0)
            out[str(code)] = (
                f"{title(top[0].id)} and {title(second.id)} score within {a.margin:.2f} of each other (bar "
                f"{profile.min_margin:.2f}), and the support, {support:.2f}, is within "
                f"{profile.borderline_band:.2f} of its bar ({profile.min_support:.2f})"
            )
        elif code is R.UNSUPPORTED_CLAIM and evidence.draft is not None:
            sentences = evidence.draft.sentences
            weak_ones = [s for s in sentences if s.support is None or s.support < profile.min_support]
            out[str(code)] = (
                f"{len(weak_ones)} of the draft's {len(sentences)} sentences "
                f"{'is' if len(weak_ones) == 1 else 'are'} not supported by what "
                f"{'it cites' if len(weak_ones) == 1 else 'they cite'} at the bar of {profile.min_support:.2f}"
            )
        else:
            out[str(code)] = code.meaning
    return out


def _figures(value: float, bar: float) -> tuple[str, str]:
    """`value` and `bar` to two decimals, or as many more (up to four) as it takes to tell them apart: a
    score of 0.7596 is "0.7596, under the bar of 0.7600", not "0.76, under the bar of 0.76"."""
    for digits in (2, 3, 4):
        shown = f"{value:.{digits}f}", f"{bar:.{digits}f}"
        if shown[0] != shown[1]:
            return shown
    return shown


def _quoted(text: str, limit: int = 80) -> str:
    return f'"{text if len(text) <= limit else text[: limit - 1] + "…"}"'


def _no_answer(
    ev: Evidence,
    given: tuple[Verdict, ...],
    a: Assessment,
    decision: Decision,
    p: Profile,
    now: date,
    retrieval: str,
    title: Callable[[str], str],
) -> str:
    """Which of `no_answer_bearing_evidence`'s ways: the answer drafted misses what was asked, no page
    names what the question names, the pages on the topic score under the bar, the second model doubts
    the support, the support is refuted or weak, or nothing supports it."""
    turned = next((c for c in decision.claims if c.not_as_asked), None)
    if turned is not None and turned.not_as_asked is not None:
        asked, stated = turned.not_as_asked
        if not asked:
            return "no sentence of the answer drafted from the pages found answers this part"
        return "the answer drafted from the pages found " + (
            f"speaks of {stated}, not {asked}" if stated else f"states no {asked}"
        )
    unnamed = next((c for c in a.claims if c.unmatched_terms), None)
    if unnamed is not None:
        return f"no page you may read mentions {', '.join(unnamed.unmatched_terms)}"
    if _unanswered_on_topic(ev, a, p):
        return f"pages on its topic were found, but {retrieval}"
    doubted = [
        v
        for v in given
        if v.confirmation is not None and v.confirmation < p.min_confirmation and v.strength >= p.min_support
    ]
    if doubted:
        v = max(doubted, key=lambda v: v.strength)
        score, bar = _figures(v.confirmation or 0.0, p.min_confirmation)
        return (
            f"the second answerability model doubts that {title(v.passage_id)} answers it ({score}, under the bar "
            f"of {bar})"
        )
    weaker = next((w for c in a.claims if (w := preferred_under_bar(ev, c.claim.id, p, now)) is not None), None)
    if weaker is not None:
        lead, runner = weaker
        doubt, _ = _figures(lead.confirmation or 0.0, p.min_confirmation)
        score, bar = _figures(runner.strength, p.min_retrieval_score)
        return (
            f"the second answerability model doubts {title(lead.passage_id)} ({doubt}) and prefers "
            f"{title(runner.passage_id)}, which scores {score}, under the bar of {bar}"
        )
    lacking = next((c for c in a.claims if c.status in _LACKING), None)
    if lacking is not None and lacking.status is ClaimStatus.REFUTED and lacking.passage_ids:
        return f"{title(lacking.passage_ids[0])} contradicts it"
    if lacking is not None and lacking.status is ClaimStatus.WEAK and lacking.passage_ids:
        support, bar = _figures(lacking.best_support, p.min_support)
        return f"the best support, {support} ({title(lacking.passage_ids[0])}), is under the bar of {bar}"
    return "no passage you may read states an answer to it"


def _only_page(ev: Evidence, a: Assessment, status: ClaimStatus, off_limits: tuple[str, ...]) -> Passage | None:
    """The page a claim's only support is on (in `status`), or the best-scored of `off_limits`: the page
    that matched closely but may not be used."""
    ids = [pid for c in a.claims if c.status is status for pid in c.passage_ids]
    ids += [q.id for q in sorted(ev.passages, key=lambda q: -(q.scores.rerank or 0.0)) if q.id in off_limits]
    return next((q for q in ev.passages if ids and q.id == ids[0]), None)


def _newer(ev: Evidence, passage: Passage) -> str | None:
    """The page that supersedes `passage`, by title where it is among the evidence (the store lists in
    `superseded_by` only pages the same principal may read), else "a newer page"; None when none does."""
    replacing = [q for q in ev.passages if passage.document_id in q.supersedes]
    if replacing:
        q = replacing[0]
        return f'"{q.title or q.document_id}"'
    return "a newer page" if passage.superseded_by else None


def _stale(ev: Evidence, a: Assessment, p: Profile, now: date, title: Callable[[str], str]) -> str:
    passage = _only_page(ev, a, ClaimStatus.STALE, a.stale_passage_ids)
    if passage is None:
        return R.EVIDENCE_STALE.meaning
    name = f"the only page that answers it, {title(passage.id)},"
    newer = _newer(ev, passage)
    if newer is not None:
        return f"{name} is superseded by {newer}, which does not state it"
    if passage.effective_date is not None and passage.effective_date > now:
        return f"{name} takes effect on {passage.effective_date.isoformat()}"
    dated = passage.updated_at or passage.effective_date
    if dated is None:
        return f"{name} carries no date, and this profile requires one"
    limit = p.freshness_limit(passage.source_kind)
    if limit is None:
        return R.EVIDENCE_STALE.meaning
    kind = f"{passage.source_kind} pages" if passage.source_kind else "pages"
    return (
        f"{name} dates from {dated.isoformat()}, {(now - dated).days} days before {now.isoformat()}; "
        f"the limit for {kind} is {limit} days"
    )


def _not_allowed(ev: Evidence, a: Assessment, p: Profile, title: Callable[[str], str]) -> str:
    passage = _only_page(ev, a, ClaimStatus.NOT_ALLOWED, a.disallowed_passage_ids)
    if passage is None:
        return R.SOURCE_NOT_ALLOWED.meaning
    tier = f"a {passage.trust} source" if passage.trust else "a source with no trust tier"
    allowed = ", ".join(sorted(str(t) for t in p.allowed_trust)) or "no tier"
    return f"the only page that answers it, {title(passage.id)}, is {tier}; the {p.name} profile allows {allowed}"
