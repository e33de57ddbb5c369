"""Threshold calibration: the operating point with the most supported answers under a target
unsupported-answer rate, fitted on one half of the cases and reported on the other.

The gate is pure, so evidence is collected once per case (with a permissive profile, so nothing is
cut short) and every candidate profile is replayed through `authorize` without touching the models.
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from datetime import date

from answerable.core.gate import authorize
from answerable.core.policy import Policy, Profile
from answerable.core.types import Evidence, Principal, Status
from answerable.engine.engine import Engine
from answerable.evaluation.data import Case

GRID = (*(round(0.05 * i, 2) for i in range(0, 20)), 0.97, 0.99)
BANDS = (0.0, 0.05, 0.1)
CONFIRMATIONS = (0.05, 0.1, 0.15, 0.2, 0.25, 0.3, 0.35, 0.4, 0.5, 0.6)


@dataclass(frozen=True)
class Point:
    min_support: float
    min_retrieval_score: float
    supported_answer_rate: float
    unsupported_answer_rate: float
    borderline_band: float = 0.1
    min_confirmation: float = 0.0


def half(case_id: str) -> str:
    """A stable split by id: 'fit' or 'report'."""
    return "fit" if int(hashlib.sha1(case_id.encode()).hexdigest(), 16) % 2 == 0 else "report"


def collect(
    engine: Engine, cases: Sequence[Case], profile: Profile, progress: Callable[[int], None] | None = None
) -> list[tuple[Case, Evidence]]:
    """Evidence for each labelled case, gathered under a permissive copy of the profile."""
    permissive = replace(profile, name=profile.name, min_support=0.0, min_retrieval_score=0.0)
    policy = Policy(engine.policy.name, engine.policy.version, {profile.name: permissive}, engine.policy.path)
    saved, engine.policy = engine.policy, policy
    out = []
    try:
        for i, case in enumerate(cases, start=1):
            if case.expected is None:
                continue
            result = engine.ask(
                case.question,
                Principal(case.tenant, case.groups, f"calibrate:{case.id}"),
                profile.name,
                as_of=case.as_of,
                doc_ids=case.context_doc_ids,
            )
            out.append((case, result.evidence))
            if progress:
                progress(i)
    finally:
        engine.policy = saved
    return out


def _answered(case: Case, evidence: Evidence, profile: Profile, today: date) -> bool:
    # With a case-specific profile (e.g. assist cases), the case keeps its own rules.
    return authorize(evidence, profile, case.as_of or today).status is not Status.ABSTAIN


def _point(items: Sequence[tuple[Case, Evidence]], profile: Profile, answered: Sequence[bool]) -> Point:
    answer = abstain = answered_ok = answered_bad = 0
    for (case, _evidence), said in zip(items, answered, strict=True):
        if case.expected in ("answer", "partial"):
            answer += 1
            answered_ok += said
        else:
            abstain += 1
            answered_bad += said
    return Point(
        profile.min_support,
        profile.min_retrieval_score,
        answered_ok / answer if answer else 0.0,
        answered_bad / abstain if abstain else 0.0,
        profile.borderline_band,
        profile.min_confirmation,
    )


def rates(items: Sequence[tuple[Case, Evidence]], profile: Profile, today: date) -> Point:
    return _point(items, profile, [_answered(case, evidence, profile, today) for case, evidence in items])


def sweep(items: Sequence[tuple[Case, Evidence]], base: Profile, today: date) -> list[Point]:
    """Every grid point's rates. One case at a time through every profile, so what the gate derives
    from a case's passages (the terms they mention) is computed once per case, not once per point."""
    profiles = [
        replace(base, min_support=s, min_retrieval_score=r, borderline_band=b)
        for s in GRID
        for r in GRID
        for b in BANDS
    ]
    by_case = [[_answered(case, evidence, p, today) for p in profiles] for case, evidence in items]
    return [_point(items, p, [row[i] for row in by_case]) for i, p in enumerate(profiles)]


def sweep_confirmation(items: Sequence[tuple[Case, Evidence]], chosen: Profile, today: date) -> list[Point]:
    """At the chosen thresholds, every `min_confirmation` bar. Meaningful only for a profile that asks the
    second model: the evidence carries confirmations only where `collect` ran under such a profile."""
    return [rates(items, replace(chosen, min_confirmation=c), today) for c in CONFIRMATIONS]


def choose(points: Sequence[Point], target: float) -> Point | None:
    """Most supported answers at or under the target; ties go to the stricter thresholds."""
    ok = [p for p in points if p.unsupported_answer_rate <= target]
    if not ok:
        return None
    return max(
        ok,
        key=lambda p: (
            p.supported_answer_rate,
            p.min_support + p.min_retrieval_score,
            p.borderline_band,
            p.min_confirmation,
        ),
    )


def frontier(points: Sequence[Point]) -> list[Point]:
    """For each unsupported rate, the best supported rate reachable: the curve worth plotting."""
    best: list[Point] = []
    for p in sorted(points, key=lambda p: (p.unsupported_answer_rate, -p.supported_answer_rate)):
        if not best or p.supported_answer_rate > best[-1].supported_answer_rate:
            best.append(p)
    return best
