"""`POST /v1/ask` (over the store, as the key's principal) and `POST /v1/check` (over the caller's passages)."""

from __future__ import annotations

from fastapi import APIRouter, Request
from fastapi.responses import JSONResponse

from answerable.interfaces.service.auth import CallerDep
from answerable.interfaces.service.metrics import observe_decision
from answerable.interfaces.service.routes import errors
from answerable.interfaces.service.schemas import AskIn, CheckIn, DecisionOut
from answerable.interfaces.service.state import Service

router = APIRouter(tags=["decisions"])


@router.post(
    "/v1/ask",
    response_model=DecisionOut,
    responses=errors(400, 401, 413, 422, 500, 503),
    summary="Answer a question from the documents the key may read, or abstain with reasons",
)
async def ask(body: AskIn, who: CallerDep, request: Request) -> JSONResponse:
    """The decision object, exactly as `answerable ask --json` prints it; the decision is logged."""
    service: Service = request.app.state.service
    service.check_profile(body.profile)
    result = await service.runner.run(
        service.engine.ask,
        body.question,
        who.principal,
        profile=body.profile,
        as_of=body.as_of,
        doc_ids=body.doc_ids,
    )
    observe_decision("ask", result.record)
    return JSONResponse(result.to_dict())


@router.post(
    "/v1/check",
    response_model=DecisionOut,
    responses=errors(400, 401, 413, 422, 500, 503),
    summary="Decide over passages your own retrieval found (the gate for an existing RAG stack)",
)
async def check(body: CheckIn, who: CallerDep, request: Request) -> JSONResponse:
    """`answerable.check`: the same claims, models, vetoes and citation checks as an ask, over the passages
    given (no store is read). A draft's sentence citing an id outside them is `citation_invalid`."""
    service: Service = request.app.state.service
    service.check_profile(body.profile)
    passages = [{**p.model_dump(mode="json", exclude_none=True), "tenant": who.tenant} for p in body.passages]
    result = await service.runner.run(
        service.check_and_log,
        body.question,
        passages,
        principal=who.principal,
        profile=body.profile,
        draft=body.draft.model_dump() if body.draft is not None else None,
        as_of=body.as_of,
    )
    observe_decision("check", result.record)
    return JSONResponse(result.to_dict())
