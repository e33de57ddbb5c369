"""Admin reads of a tenant: handoff tickets (`GET /v1/tickets`) and the documentation-gap report (`GET /v1/gaps`).

An admin sees the tickets and gaps of its own tenant, and of those only what was decided for groups it
holds: a staff member's question was decided over staff pages.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import date
from typing import Annotated, Any, Literal

from fastapi import APIRouter, Path, Query, Request
from fastapi.responses import JSONResponse, PlainTextResponse, Response

from answerable.backends.store.accounts import Ticket
from answerable.backends.store.base import Filter
from answerable.engine.gaps import GapReport, Page, build_report, select, suggested_ids, to_csv, to_markdown
from answerable.interfaces.service.auth import AdminDep, Caller
from answerable.interfaces.service.errors import not_found
from answerable.interfaces.service.routes import errors
from answerable.interfaces.service.schemas import GapsOut, TicketOut, TicketsOut
from answerable.interfaces.service.state import Service
from answerable.interfaces.service.tickets import ticket_view

router = APIRouter(tags=["admin"])


def _readable(ticket: Ticket, who: Caller) -> bool:
    return ticket.tenant == who.tenant and set(ticket.record.get("groups") or ()) <= set(who.key.groups)


@router.get("/v1/tickets", response_model=TicketsOut, responses=errors(401, 403, 422, 503), summary="Handoff tickets")
def list_tickets(who: AdminDep, request: Request, last: Annotated[int, Query(ge=1, le=1000)] = 100) -> JSONResponse:
    """Your tenant's tickets, newest first."""
    service: Service = request.app.state.service
    tickets = [t for t in service.accounts.tickets(who.tenant) if _readable(t, who)][:last]
    return JSONResponse({"tickets": [ticket_view(t) for t in tickets]})


@router.get(
    "/v1/tickets/{ticket_id}", response_model=TicketOut, responses=errors(401, 403, 404, 422, 503), summary="One ticket"
)
def get_ticket(
    ticket_id: Annotated[str, Path(min_length=1, max_length=200)], who: AdminDep, request: Request
) -> JSONResponse:
    service: Service = request.app.state.service
    ticket = service.accounts.ticket(ticket_id)
    if ticket is None or not _readable(ticket, who):
        raise not_found("ticket")
    return JSONResponse(ticket_view(ticket))


def gaps_json(report: GapReport) -> dict[str, Any]:
    def pages(ps: Sequence[Page]) -> list[dict[str, Any]]:
        return [{"passage_id": p.passage_id, "title": p.title, "url": p.url} for p in ps]

    return {
        "tenant": report.tenant,
        "since": report.since,
        "questions": report.questions,
        "clusters": [
            {
                "cause": str(c.cause),
                "rank": c.rank,
                "label": c.label,
                "count": c.count,
                "principals": c.principals,
                "examples": list(c.examples),
                "missing_claims": list(c.missing_claims),
                "pages": pages(c.pages),
                "unmentioned": list(c.unmentioned),
                "disputed": pages(c.disputed),
                "topic_found": c.topic_found,
            }
            for c in report.clusters
        ],
    }


@router.get(
    "/v1/gaps",
    response_model=GapsOut,
    responses={
        **errors(401, 403, 422, 500, 503),
        200: {"content": {"text/markdown": {}, "text/csv": {}}, "description": "The report (JSON, Markdown or CSV)"},
    },
    summary="The documentation-gap report of your tenant",
)
async def gaps(
    who: AdminDep,
    request: Request,
    since: Annotated[date | None, Query(description="Only decisions on or after this day.")] = None,
    format: Annotated[Literal["json", "md", "csv"], Query()] = "json",
) -> Response:
    """Abstained and partial questions clustered by cause, most asked first; pages only those you may read."""
    service: Service = request.app.state.service
    groups = frozenset(who.key.groups)
    day = since.isoformat() if since else None

    def report() -> GapReport:
        found = select(
            service.accounts_store.read_log(since=day),
            who.tenant,
            viewer_groups=groups,
        )
        # A suggestion was filtered for whoever asked; the viewer may read less, so the store is asked again.
        visible = service.store.get(suggested_ids(found), Filter(tenant=who.tenant, groups=groups))
        pages = {p.id: Page(p.id, p.title, p.url) for p in visible}
        return build_report(found, service.engine.embedder.embed, pages, tenant=who.tenant, since=day)

    built = await service.runner.run(report)
    if format == "md":
        return PlainTextResponse(to_markdown(built), media_type="text/markdown")
    if format == "csv":
        return PlainTextResponse(to_csv(built), media_type="text/csv")
    return JSONResponse(gaps_json(built))
