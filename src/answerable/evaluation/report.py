"""Everything `answerable eval` computes from case results, as one JSON-ready object."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from answerable.evaluation.metrics import (
    CaseResult,
    Curve,
    group_table,
    operating_point,
    release_table,
    risk_coverage,
)

METHODS = ("gate", "rerank", "similarity")


def curves(results: Sequence[CaseResult]) -> list[Curve]:
    labelled = [r for r in results if r.expected is not None and r.scores]
    y = [r.should_answer for r in labelled]
    return [risk_coverage(m, [r.scores.get(m, 0.0) for r in labelled], y) for m in METHODS]


def baselines(results: Sequence[CaseResult], metrics: dict[str, Any]) -> dict[str, Any]:
    """Each baseline's AURC, and its unsupported-answer rate where it answers as much as the gate does."""
    labelled = [r for r in results if r.expected is not None and r.scores]
    y = [r.should_answer for r in labelled]
    target = metrics.get("supported_answer_rate") or 0.0
    out: dict[str, Any] = {}
    for curve in curves(results):
        entry: dict[str, Any] = {"aurc": curve.aurc}
        if curve.method != "gate":
            entry["at_gate_supported_rate"] = operating_point(
                [r.scores.get(curve.method, 0.0) for r in labelled], y, target
            )
        out[curve.method] = entry
    return out


def build_report(results: Sequence[CaseResult], reasons: Sequence[str] = ()) -> dict[str, Any]:
    metrics = release_table(results, reasons)
    return {
        "metrics": metrics,
        "groups": group_table(results),
        "baselines": baselines(results, metrics),
        "cases": [r.to_dict() for r in results],
    }


def format_table(report: dict[str, Any]) -> str:
    m = report["metrics"]

    def pct(v: float | None) -> str:
        return "  n/a" if v is None else f"{v:6.1%}"

    lines = [
        f"cases: {m['cases']} ({m['labelled']} labelled: "
        f"{m['n_answer_expected']} answer, {m['n_abstain_expected']} abstain)",
        f"  unsupported-answer rate  {pct(m['unsupported_answer_rate'])}   (answered where abstain was expected)",
        f"  supported-answer rate    {pct(m['supported_answer_rate'])}   (answered where an answer was expected)",
        f"  correct-answer rate      {pct(m['correct_answer_rate'])}   (gold string in answer; {m['n_with_gold']})",
        f"  reason-code accuracy     {pct(m['reason_code_accuracy'])}",
        f"  first-reason accuracy    {pct(m['first_reason_accuracy'])}   (the first reason named is an expected one)",
        f"  citation validity        {pct(m['citation_validity'])}",
        f"  raw markup in answers    {m['answers_with_raw_markup']:>6} of {m['n_answers']} answers",
    ]
    if m["abstention_reasons"]:
        named = ", ".join(f"{code} {n}" for code, n in m["abstention_reasons"].items())
        lines.append(f"  reasons named            {named} (on {m['n_abstained_as_expected']} expected abstentions)")
    if "abstained_with" in m:
        w = m["abstained_with"]
        lines.append(
            f"  abstained with {' or '.join(w['codes'])}: {pct(w['rate']).strip()} "
            f"({w['n']} of {m['n_abstain_expected']} cases labelled abstain)"
        )
    lines += _group_lines(report.get("groups", {}), pct)
    lines.append("risk-coverage (AURC, lower is better):")
    for method, b in report["baselines"].items():
        extra = ""
        if "at_gate_supported_rate" in b:
            op = b["at_gate_supported_rate"]
            extra = (
                f"   unsupported-answer rate {op['unsupported_answer_rate']:.1%}"
                f" at supported {op['supported_answer_rate']:.1%}"
            )
        lines.append(f"  {method:10} AURC {b['aurc']:.3f}{extra}")
    return "\n".join(lines)


def _group_lines(groups: dict[str, Any], pct: Callable[[float | None], str]) -> list[str]:
    """One row per split, per category and per split and category, for the cases that carry them."""
    if not groups:
        return []
    lines = [
        "by group: n, answered, answers holding gold, unsupported, supported, first-reason, reason-code, raw markup"
    ]
    for by, members in groups.items():
        for value, g in members.items():
            lines.append(
                f"  {by + ' ' + value:48} {g['n']:4} {pct(g['answered_rate'])} {pct(g['answers_holding_gold_rate'])}"
                f" {pct(g['unsupported_answer_rate'])} {pct(g['supported_answer_rate'])}"
                f" {pct(g['first_reason_accuracy'])} {pct(g['reason_code_accuracy'])} {g['answers_with_raw_markup']:4}"
            )
    return lines
