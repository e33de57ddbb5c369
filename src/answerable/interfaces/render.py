"""Readable text renderings of a decision for terminals."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from answerable.core.codec import decision_from_dict
from answerable.core.types import ClaimStatus, Decision, Status
from answerable.text.printable import printable

_TITLE = 200  # characters of a title shown; the JSON keeps it whole


def render_decision(decision: Decision, read_as: str | None = None, why: Mapping[str, str] | None = None) -> str:
    """The answer with numbered citations, or the abstention with reasons, missing claims and next step.

    `read_as`: the question as the engine read it, when it read a misspelt word as the documents spell it.
    `why`: each reason code's specific cause in this decision (the log record's `why`), printed instead of
    the code's general meaning.
    """
    lines: list[str] = []
    label = {Status.ANSWER: "ANSWER", Status.PARTIAL: "PARTIAL ANSWER", Status.ABSTAIN: "ABSTAIN"}
    lines.append(
        f"{label[decision.status]}  ({decision.policy.name} {decision.policy.version}, {decision.decision_id})"
    )
    if read_as:
        lines.append(f"Read as: {read_as}")
    if decision.answer:
        text = decision.answer
        for n, citation in enumerate(decision.citations, start=1):
            text = text.replace(f"[{citation.passage_id}]", f"[{n}]")
        lines += _paragraphs(text)
    if decision.citations:
        lines.append("Sources:")
        for n, citation in enumerate(decision.citations, start=1):
            where = f" <{citation.url}>" if citation.url else ""
            title = printable(citation.title or citation.passage_id, _TITLE)
            lines.append(f"  [{n}] {title}{where}  ({citation.passage_id})")
    if decision.reason_codes:
        lines.append("Why:")
        for code in decision.reason_codes:
            lines.append(f"  - {code}: {(why or {}).get(code) or code.meaning}")
    if decision.missing_claims:
        lines.append("Not covered:")
        unmatched = {c.text: c.unmatched_terms for c in decision.claims if c.unmatched_terms}
        disputed = {c.text: c.passage_ids for c in decision.claims if c.status is ClaimStatus.CONFLICTING}
        # Missing though passages answer it: the sentences drafted from them state no figure or time asked
        # for, or speak of the opposite of what was asked or of another year.
        otherwise = {c.text: c.not_as_asked for c in decision.claims if c.not_as_asked}
        for claim in decision.missing_claims:
            terms = unmatched.get(claim)
            note = f" (no passage mentions {', '.join(terms)})" if terms else ""
            if claim in otherwise:
                asked, stated = otherwise[claim]
                said = f"speaks of {stated}, not {asked}" if stated else f"states no {asked}"
                if not asked:
                    said = "has no sentence that answers it"
                note = f" (the answer drafted from its passages {said})"
            if disputed.get(claim):
                note = f" (these passages disagree: {', '.join(disputed[claim])})"
            lines.append(f"  - {claim}{note}")
    decided = [c for c in decision.conflicts if c.resolved_by]
    if decided:
        lines.append("Pages disagreed:")
        for c in decided:
            values = f" ({c.values[0]} against {c.values[1]})" if c.values else ""
            rule = c.resolved_by.replace("_", " ") if c.resolved_by else ""
            lines.append(f"  - on {c.claim}{values}: by {rule}, the answer rests on {', '.join(c.chosen)}")
    if decision.next_step:
        lines.append(f"Next step: {decision.next_step}")
    if decision.suggestions:
        lines.append("You may want to read:")
        for s in decision.suggestions:
            where = f" <{s.url}>" if s.url else ""
            lines.append(f"  - {printable(s.title or s.passage_id, _TITLE)}{where}  ({s.passage_id})")
    return "\n".join(printable(line) for line in lines)


def _paragraphs(answer: str) -> list[str]:
    """The answer's lines as printed: its prose as one paragraph, since a line break could forge a line
    such as "Sources:", but each line of a fenced code block, each row of a quoted table and each list item
    on a line of its own, indented ("  | E309 | The workspace storage quota is full |"), so that code stays
    code and no such line reads as a line of the rendering's own."""
    out: list[str] = []
    prose: list[str] = []
    fenced = False

    def flush() -> None:
        if prose:
            out.append(" ".join(prose))
            prose.clear()

    for line in re.split(r"\r?\n", answer):
        if line.lstrip().startswith("```"):
            flush()
            fenced = not fenced
            out.append(f"  {line.strip()}")
        elif fenced:
            out.append(f"  {line.rstrip()}")
        elif line.lstrip().startswith("|") or _ITEM.match(line):
            flush()
            out.append(f"  {line.strip()}")
        elif line:
            prose.append(line)
    flush()
    return out


_ITEM = re.compile(r"^\s*(?:[-*+•]|\d+[.)])\s+\S")


def _num(value: Any, digits: int) -> str:
    return f"{value:.{digits}f}" if isinstance(value, int | float) else "-"


def render_record(record: Mapping[str, Any]) -> str:
    """One logged decision, for a person debugging it: who asked what under which policy, every passage
    retrieved with its scores and verdicts, the time per stage, then the decision as `ask` printed it."""
    principal = record.get("principal", {})
    policy = record.get("policy", {})
    groups = ",".join(principal.get("groups", [])) or "-"
    lines = [
        f"question: {record.get('question', '')}",
        *([f"read as: {record['read_as']}"] if record.get("read_as") else []),
        f"asked by: {principal.get('id', '?')} (tenant {principal.get('tenant', '?')}, groups {groups}); "
        f"profile {record.get('profile', '?')}, policy {policy.get('name', '?')} {policy.get('version', '?')}, "
        f"as of {record.get('as_of', '?')}",
    ]
    models = record.get("models", {})
    if models:
        lines.append("models: " + ", ".join(f"{k} {v}" for k, v in sorted(models.items())))
    lines.append("claims:")
    lines += [f"  {c.get('id', '?')}  {c.get('text', '')}" for c in record.get("claims", [])]
    verdicts: dict[str, list[str]] = {}
    for v in record.get("verdicts", []):
        verdicts.setdefault(v.get("passage_id", ""), []).append(
            f"{v.get('claim_id', '?')} {v.get('label', '?')} {_num(v.get('strength'), 2)}"
            + (f", confirmed {_num(v['confirmation'], 2)}" if v.get("confirmation") is not None else "")
        )
    retrieved = {h.get("passage_id", ""): h for h in record.get("retrieved", [])}
    reranked = record.get("reranked", [])
    lines.append("passages (rerank; retrieval fused / bm25 / vector; verdicts):")
    for r in reranked:
        pid = r.get("passage_id", "")
        h = retrieved.get(pid, {})
        lines.append(
            f"  {_num(r.get('rerank'), 3):>6}  {pid}  {printable(str(h.get('title', '')), _TITLE)}  "
            f"({_num(h.get('fused'), 4)} / {_num(h.get('bm25'), 2)} / {_num(h.get('vector'), 3)})"
            + (f"  {'; '.join(verdicts[pid])}" if pid in verdicts else "")
        )
    scored = {r.get("passage_id") for r in reranked}
    rest = [pid for pid in retrieved if pid not in scored]
    if rest:
        lines.append(f"  retrieved, not reranked: {', '.join(rest)}")
    gate = record.get("gate")
    if gate:
        lines.append(
            f"gate: retrieval {_num(gate.get('retrieval_score'), 3)} (bar {_num(gate.get('min_retrieval_score'), 2)}), "
            f"margin {_num(gate.get('margin'), 3)} (bar {_num(gate.get('min_margin'), 2)}), "
            f"topic {_num(gate.get('topic_similarity'), 3)} (bar {_num(gate.get('min_topic_similarity'), 2)})"
            + (f", confirmation bar {_num(gate['min_confirmation'], 2)}" if gate.get("min_confirmation") else "")
        )
    draft = record.get("draft")
    if draft and record.get("status") != "answer":
        withheld = "partial answer" if record.get("status") == "partial" else "withheld"
        lines.append(f"draft ({withheld}; support of each sentence by what it cites):")
        lines += [
            f"  {_num(d.get('support'), 2):>5}  {d.get('text', '')}  [{', '.join(d.get('passage_ids', []))}]"
            for d in draft
        ]
    stages = ("claims", "search", "rerank", "verify", "gate", "confirm", "generate", "cite", "decide")
    logged = record.get("timings_ms", {})
    timings = {k: logged[k] for k in stages if k in logged} | {k: t for k, t in logged.items() if k not in stages}
    if timings:
        total = sum(t for t in timings.values() if isinstance(t, int | float))
        lines.append(
            "time: " + ", ".join(f"{k} {_num(t, 1)} ms" for k, t in timings.items()) + f"; total {total:.1f} ms"
        )
    lines = [printable(line) for line in lines]
    if "decision" in record:
        lines.append("")
        lines.append(render_decision(decision_from_dict(record["decision"]), why=record.get("why")))
    return "\n".join(lines)
