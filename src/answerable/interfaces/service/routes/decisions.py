"""`GET /v1/decisions/{id}` and `POST /v1/decisions/{id}/feedback` (a handoff opens a ticket).

A decision is read only in its tenant, and only by a key whose groups cover those it was decided for:
an answer made for staff quotes pages a customer may not read. Anything else is 404, as for an id that
does not exist.
"""

from __future__ import annotations

import secrets
from typing import Annotated, Any

from fastapi import APIRouter, Path, Request
from fastapi.responses import JSONResponse

from answerable.backends.store.accounts import FeedbackKind, Ticket
from answerable.interfaces.service.auth import Caller, CallerDep
from answerable.interfaces.service.errors import not_found
from answerable.interfaces.service.keys import now
from answerable.interfaces.service.routes import errors
from answerable.interfaces.service.schemas import DecisionOut, FeedbackIn, FeedbackOut
from answerable.interfaces.service.state import Service

router = APIRouter(tags=["decisions"])
DecisionId = Annotated[str, Path(min_length=1, max_length=200, description="As the decision object gives it.")]


def visible_record(service: Service, decision_id: str, who: Caller) -> dict[str, Any]:
    record = service.accounts.decision_for(decision_id, who.tenant, who.key.groups)
    if record is None:
        raise not_found("decision")
    return record


@router.get(
    "/v1/decisions/{decision_id}",
    response_model=DecisionOut,
    responses=errors(401, 404, 422, 503),
    summary="A decision of your tenant, as it was answered",
)
def get_decision(decision_id: DecisionId, who: CallerDep, request: Request) -> JSONResponse:
    record = visible_record(request.app.state.service, decision_id, who)
    return JSONResponse(record["decision"])


def ticket_record(record: dict[str, Any], body: FeedbackIn, who: Caller) -> dict[str, Any]:
    """What a person picking up the handoff needs: the question, the decision, what was missing, the pages."""
    decision = record.get("decision") or {}
    principal = record.get("principal") or {}
    return {
        "question": record.get("question") or "",
        "asked_by": str(principal.get("id") or ""),
        "groups": sorted(str(g) for g in principal.get("groups") or ()),
        "raised_by": who.principal.id,
        "decision": decision,
        "message": body.message,
        "contact": body.contact,
        "conversation": [t.model_dump() for t in body.conversation],
    }


@router.post(
    "/v1/decisions/{decision_id}/feedback",
    response_model=FeedbackOut,
    responses=errors(400, 401, 404, 413, 422, 503),
    summary="Say a decision helped, was wrong, or hand the question to a person (opens a ticket)",
)
def feedback(decision_id: DecisionId, body: FeedbackIn, who: CallerDep, request: Request) -> FeedbackOut:
    service: Service = request.app.state.service
    record = visible_record(service, decision_id, who)
    at = now()
    accounts = service.accounts
    accounts.add_feedback(decision_id, who.tenant, who.principal.id, body.kind, body.message, body.contact, at)
    ticket_id = None
    if body.kind is FeedbackKind.HANDOFF:
        ticket_id = "t_" + secrets.token_hex(10)
        accounts.add_ticket(Ticket(ticket_id, who.tenant, decision_id, at, ticket_record(record, body, who)))
    return FeedbackOut(decision_id=decision_id, kind=body.kind, ticket_id=ticket_id)
