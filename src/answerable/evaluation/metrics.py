"""Release-table metrics, risk-coverage curves and operating points. Pure: results in, numbers out.

Definitions:
- unsupported-answer rate: share of cases labelled abstain that were answered (answer or partial);
- supported-answer rate: share of cases labelled answer (or partial) that were answered;
- correct-answer rate: share of answer cases with gold strings whose answer contains one of them
  (SQuAD normalisation: lower case, no punctuation, no articles, single spaces);
- reason-code accuracy: share of correctly abstained cases that name one of the expected reasons;
- first-reason accuracy: share of those whose first reason code (the one a reader is shown first) is
  one of the expected reasons;
- citation validity: share of answered cases whose every cited id is in the request's context.
Beside them: how often each reason code was named on the cases that abstained as expected, and, for
codes a caller names, the share of cases labelled abstain that abstained naming one of them (a target
such as "missing-hop cases abstain with required_claim_not_covered or no_answer_bearing_evidence").
Cases that carry a `split` or a `category` are also counted per group (`groups`): the release metrics
of each group, its answered rate and the share of its answers that hold a gold string. Every answer is
checked for raw markup (`markup.raw_markup`) and the answers holding any are counted.
A risk-coverage curve orders cases by a confidence score; at each cut, coverage is the share
answered and risk is the share of answered cases that should have abstained. AURC is the mean risk
over all cuts (lower is better).
"""

from __future__ import annotations

import re
import string
from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from answerable.evaluation.markup import raw_markup

ANSWERED = ("answer", "partial")


@dataclass(frozen=True)
class CaseResult:
    """One case's outcome, with the confidence each method assigned it."""

    id: str
    expected: str | None
    status: str
    reason_codes: tuple[str, ...] = ()
    answer: str | None = None
    cited_ids: tuple[str, ...] = ()
    context_ids: tuple[str, ...] = ()
    expected_reasons: tuple[str, ...] = ()
    gold_answers: tuple[str, ...] = ()
    scores: Mapping[str, float] = field(default_factory=dict)
    read_as: str | None = None  # the question with its misspelt words read as the passages spell them
    split: str | None = None
    category: str | None = None

    @property
    def answered(self) -> bool:
        return self.status in ANSWERED

    @property
    def should_answer(self) -> bool:
        return self.expected in ANSWERED

    def to_dict(self) -> dict[str, Any]:
        return {
            "id": self.id,
            "expected": self.expected,
            "status": self.status,
            "reason_codes": list(self.reason_codes),
            "answer": self.answer,
            "cited_ids": list(self.cited_ids),
            "context_ids": list(self.context_ids),
            "expected_reasons": list(self.expected_reasons),
            "gold_answers": list(self.gold_answers),
            "scores": dict(self.scores),
            "read_as": self.read_as,
            "split": self.split,
            "category": self.category,
            "raw_markup": [str(kind) for kind in raw_markup(self.answer)],
        }

    @classmethod
    def from_dict(cls, d: Mapping[str, Any]) -> CaseResult:
        return cls(
            id=d["id"],
            expected=d.get("expected"),
            status=d["status"],
            reason_codes=tuple(d.get("reason_codes", ())),
            answer=d.get("answer"),
            cited_ids=tuple(d.get("cited_ids", ())),
            context_ids=tuple(d.get("context_ids", ())),
            expected_reasons=tuple(d.get("expected_reasons", ())),
            gold_answers=tuple(d.get("gold_answers", ())),
            scores=dict(d.get("scores", {})),
            read_as=d.get("read_as"),
            split=d.get("split"),
            category=d.get("category"),
        )


def normalize_answer(text: str) -> str:
    """SQuAD v2 normalisation: lower case, drop punctuation and articles, collapse white space."""
    text = text.lower()
    text = "".join(ch for ch in text if ch not in set(string.punctuation))
    text = re.sub(r"\b(a|an|the)\b", " ", text)
    return " ".join(text.split())


def _words(text: str) -> str:
    """SQuAD's normalisation, but punctuation separates words ("Harbison's" -> "harbison s") instead of
    joining them, so that a match can be held to whole words."""
    return normalize_answer(re.sub(r"[^\w\s]|_", " ", text))


_MARKER = re.compile(r"(?<!\S)\[[^\[\]\s'\"`]+\]")


def contains_gold(answer: str | None, gold: Sequence[str]) -> bool:
    """Whether the answer (citation markers dropped) holds a gold string as whole words: "1 hour" is not
    in "11 hours", nor "$40" in "$140", nor "Rhin" in "Rhine".

    A citation marker is a bracketed id standing as a word of its own (" [api/keys#1]"); brackets that are
    part of the quoted text (code such as `['GET']` or `headers["etag"]`) are the answer's words."""
    if not answer:
        return False
    got = " " + _words(_MARKER.sub(" ", answer)) + " "
    return any(w and f" {w} " in got for w in map(_words, gold))


def _rate(hits: int, total: int) -> float | None:
    return hits / total if total else None


def release_table(results: Sequence[CaseResult], reasons: Sequence[str] = ()) -> dict[str, Any]:
    """The five release metrics, with their counts. Unlabelled cases count in nothing (but the raw-markup
    count, which is about every answer given)."""
    labelled = [r for r in results if r.expected is not None]
    abstain = [r for r in labelled if not r.should_answer]
    answer = [r for r in labelled if r.should_answer]
    with_gold = [r for r in answer if r.gold_answers]
    abstained_ok = [r for r in abstain if not r.answered]
    answered = [r for r in labelled if r.answered]
    explained = [r for r in abstained_ok if r.expected_reasons]
    return {
        "cases": len(results),
        "labelled": len(labelled),
        "unsupported_answer_rate": _rate(sum(r.answered for r in abstain), len(abstain)),
        "supported_answer_rate": _rate(sum(r.answered for r in answer), len(answer)),
        "correct_answer_rate": _rate(sum(contains_gold(r.answer, r.gold_answers) for r in with_gold), len(with_gold)),
        "reason_code_accuracy": _rate(
            sum(bool(set(r.reason_codes) & set(r.expected_reasons)) for r in explained), len(explained)
        ),
        "first_reason_accuracy": _rate(
            sum(bool(r.reason_codes) and r.reason_codes[0] in r.expected_reasons for r in explained), len(explained)
        ),
        "citation_validity": _rate(
            sum(bool(r.cited_ids) and set(r.cited_ids) <= set(r.context_ids) for r in answered), len(answered)
        ),
        "n_abstain_expected": len(abstain),
        "n_answer_expected": len(answer),
        "n_with_gold": len(with_gold),
        "abstention_reasons": dict(Counter(code for r in abstained_ok for code in r.reason_codes).most_common()),
        "n_abstained_as_expected": len(abstained_ok),
        "answers_with_raw_markup": sum(1 for r in results if r.answer and raw_markup(r.answer)),
        "n_answers": sum(1 for r in results if r.answer),
        **({"abstained_with": _abstained_with(abstain, reasons)} if reasons else {}),
    }


def group_table(results: Sequence[CaseResult]) -> dict[str, Any]:
    """Per split, per category, and per split and category together (`dev/answerable`), for the cases that
    carry them: counts, the answered rate, the share of answers to cases with gold strings that hold one,
    and the release metrics (including first-reason accuracy) over the group's cases."""
    out: dict[str, dict[str, Any]] = {}
    keyed: dict[str, Callable[[CaseResult], str | None]] = {
        "split": lambda r: r.split,
        "category": lambda r: r.category,
        "split/category": lambda r: f"{r.split}/{r.category}" if r.split and r.category else None,
    }
    for name, key in keyed.items():
        groups: dict[str, list[CaseResult]] = {}
        for r in results:
            value = key(r)
            if value is not None:
                groups.setdefault(value, []).append(r)
        if groups:
            out[name] = {value: _group(members) for value, members in sorted(groups.items())}
    return out


def _group(members: Sequence[CaseResult]) -> dict[str, Any]:
    table = release_table(members)
    answered_with_gold = [r for r in members if r.answered and r.gold_answers]
    return {
        "n": len(members),
        "answered_rate": _rate(sum(r.answered for r in members), len(members)),
        "answers_holding_gold_rate": _rate(
            sum(contains_gold(r.answer, r.gold_answers) for r in answered_with_gold), len(answered_with_gold)
        ),
        "n_answered_with_gold": len(answered_with_gold),
        **{k: table[k] for k in _GROUP_METRICS},
    }


_GROUP_METRICS = (
    "labelled",
    "unsupported_answer_rate",
    "supported_answer_rate",
    "correct_answer_rate",
    "reason_code_accuracy",
    "first_reason_accuracy",
    "citation_validity",
    "n_abstain_expected",
    "n_answer_expected",
    "n_with_gold",
    "n_abstained_as_expected",
    "answers_with_raw_markup",
)


def _abstained_with(abstain: Sequence[CaseResult], reasons: Sequence[str]) -> dict[str, Any]:
    hits = sum(1 for r in abstain if not r.answered and set(r.reason_codes) & set(reasons))
    return {"codes": list(reasons), "rate": _rate(hits, len(abstain)), "n": hits}


@dataclass(frozen=True)
class Curve:
    """Risk-coverage points for one method, highest confidence first."""

    method: str
    coverage: tuple[float, ...]
    risk: tuple[float, ...]
    thresholds: tuple[float, ...]
    aurc: float


def risk_coverage(method: str, scores: Sequence[float], should_answer: Sequence[bool]) -> Curve:
    """Answer the k most confident cases, for every k; tied scores are answered together."""
    n = len(scores)
    if n == 0:
        return Curve(method, (), (), (), float("nan"))
    order = sorted(range(n), key=lambda i: -scores[i])
    coverage: list[float] = []
    risk: list[float] = []
    thresholds: list[float] = []
    errors = 0
    i = 0
    per_case_risk: list[float] = []
    while i < n:
        j = i
        while j < n and scores[order[j]] == scores[order[i]]:
            errors += 0 if should_answer[order[j]] else 1
            j += 1
        r = errors / j
        per_case_risk += [r] * (j - i)
        coverage.append(j / n)
        risk.append(r)
        thresholds.append(scores[order[i]])
        i = j
    return Curve(method, tuple(coverage), tuple(risk), tuple(thresholds), sum(per_case_risk) / n)


def operating_point(scores: Sequence[float], should_answer: Sequence[bool], min_supported: float) -> dict[str, float]:
    """The highest threshold whose supported-answer rate reaches `min_supported`, and its unsupported rate."""
    pos = sum(should_answer)
    neg = len(should_answer) - pos
    for t in sorted(set(scores), reverse=True):
        answered = [s >= t for s in scores]
        supported = sum(a and y for a, y in zip(answered, should_answer, strict=True)) / pos if pos else 0.0
        if supported >= min_supported:
            unsupported = sum(a and not y for a, y in zip(answered, should_answer, strict=True)) / neg if neg else 0.0
            return {"threshold": t, "supported_answer_rate": supported, "unsupported_answer_rate": unsupported}
    return {"threshold": float("-inf"), "supported_answer_rate": 1.0, "unsupported_answer_rate": 1.0 if neg else 0.0}


def drift(previous: Sequence[CaseResult], current: Sequence[CaseResult]) -> list[dict[str, Any]]:
    """Cases whose decision changed, and which boundary moved for each.

    A decision changes with its status or reasons, and an answer with its text or citations (a new
    figure is a change even when the status holds). A case in only one of the runs is listed too.
    """
    before = {r.id: r for r in previous}
    now = {r.id: r for r in current}
    changes = []
    for r in current:
        old = before.get(r.id)
        if old is None:
            boundary = "new case"
        elif old.answered != r.answered:
            if r.expected is None:
                boundary = "decision changed (unlabelled case)"
            elif r.should_answer:
                boundary = "supported-answer boundary: " + ("now answered" if r.answered else "now refused")
            else:
                boundary = "unsupported-answer boundary: " + (
                    "now answered (regression)" if r.answered else "now abstains"
                )
        elif old.status != r.status:
            boundary = f"status changed ({old.status} -> {r.status})"
        elif old.reason_codes != r.reason_codes:
            boundary = "reasons changed"
        elif old.answer != r.answer or old.cited_ids != r.cited_ids:
            boundary = "answer changed" if old.answer != r.answer else "citations changed"
        else:
            continue
        changes.append(_change(r.id, r.expected, old, r, boundary))
    for old in previous:
        if old.id not in now:
            changes.append(_change(old.id, old.expected, old, None, "case no longer in the run"))
    return changes


def _change(
    case_id: str, expected: str | None, old: CaseResult | None, new: CaseResult | None, boundary: str
) -> dict[str, Any]:
    return {
        "id": case_id,
        "expected": expected,
        "before": old.status if old else None,
        "after": new.status if new else None,
        "reasons_before": list(old.reason_codes) if old else [],
        "reasons_after": list(new.reason_codes) if new else [],
        "answer_before": old.answer if old else None,
        "answer_after": new.answer if new else None,
        "boundary": boundary,
    }
