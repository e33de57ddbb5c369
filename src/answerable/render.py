"""Readable text renderings of a decision for terminals."""

from __future__ import annotations

from answerable.types import Decision, Status


def render_decision(decision: Decision) -> str:
    """The answer with numbered citations, or the abstention with reasons, missing claims and next step."""
    lines: list[str] = []
    label = {Status.ANSWER: "ANSWER", Status.PARTIAL: "PARTIAL ANSWER", Status.ABSTAIN: "ABSTAIN"}
    lines.append(
        f"{label[decision.status]}  ({decision.policy.name} {decision.policy.version}, {decision.decision_id})"
    )
    if decision.answer:
        text = decision.answer
        for n, citation in enumerate(decision.citations, start=1):
            text = text.replace(f"[{citation.passage_id}]", f"[{n}]")
        lines.append(text)
    if decision.citations:
        lines.append("Sources:")
        for n, citation in enumerate(decision.citations, start=1):
            where = f" <{citation.url}>" if citation.url else ""
            lines.append(f"  [{n}] {citation.title or citation.passage_id}{where}  ({citation.passage_id})")
    if decision.reason_codes:
        lines.append("Why:")
        for code in decision.reason_codes:
            lines.append(f"  - {code}: {code.meaning}")
    if decision.missing_claims:
        lines.append("Not covered:")
        unmatched = {c.text: c.unmatched_terms for c in decision.claims if c.unmatched_terms}
        for claim in decision.missing_claims:
            terms = unmatched.get(claim)
            lines.append(f"  - {claim}" + (f" (no passage mentions {', '.join(terms)})" if terms else ""))
    if decision.next_step:
        lines.append(f"Next step: {decision.next_step}")
    if decision.suggestions:
        lines.append("You may want to read:")
        for s in decision.suggestions:
            where = f" <{s.url}>" if s.url else ""
            lines.append(f"  - {s.title or s.passage_id}{where}  ({s.passage_id})")
    return "\n".join(lines)
