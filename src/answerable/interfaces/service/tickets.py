"""A handoff ticket as the API and `answerable tickets` show it (no web framework needed)."""

from __future__ import annotations

from typing import Any

from answerable.backends.store.accounts import Ticket
from answerable.text.printable import printable


def ticket_view(ticket: Ticket) -> dict[str, Any]:
    """The ticket's fields for a person picking it up: the question, the decision, what was missing, the pages."""
    r = ticket.record
    d = r.get("decision") or {}
    return {
        "id": ticket.id,
        "decision_id": ticket.decision_id,
        "at": ticket.at,
        "asked_by": r.get("asked_by") or "",
        "question": r.get("question") or "",
        "status": d.get("status", "abstain"),
        "answer": d.get("answer"),
        "reason_codes": d.get("reason_codes") or [],
        "missing_claims": d.get("missing_claims") or [],
        "next_step": d.get("next_step"),
        "suggestions": d.get("suggestions") or [],
        "message": r.get("message"),
        "contact": r.get("contact"),
        "conversation": r.get("conversation") or [],
    }


def render_ticket(view: dict[str, Any]) -> str:
    """A ticket as readable text (user text with its control characters escaped)."""
    lines = [
        f"ticket {view['id']}  {view['at']}  decision {view['decision_id']}  asked by {view['asked_by']}",
        f"question: {printable(view['question'])}",
        f"status: {view['status']}" + (f" ({', '.join(view['reason_codes'])})" if view["reason_codes"] else ""),
    ]
    if view["answer"]:
        lines.append(f"answer: {printable(view['answer'])}")
    lines += [f"not covered: {printable(m)}" for m in view["missing_claims"]]
    lines += [f"suggested: {printable(s['title'])} {s.get('url') or s['passage_id']}" for s in view["suggestions"]]
    if view["message"]:
        lines.append(f"message: {printable(view['message'])}")
    if view["contact"]:
        lines.append(f"contact: {printable(view['contact'])}")
    lines += [f"  {t['role']}: {printable(t['text'])}" for t in view["conversation"]]
    return "\n".join(lines)


__all__ = ["render_ticket", "ticket_view"]
