"""`POST /v1/documents` and `DELETE /v1/documents/{id}`: admin keys, in the key's tenant only."""

from __future__ import annotations

from typing import Annotated

import anyio.to_thread
from fastapi import APIRouter, Path, Request
from fastapi.responses import JSONResponse

from answerable.interfaces.service import documents
from answerable.interfaces.service.auth import AdminDep
from answerable.interfaces.service.errors import ApiError, not_found
from answerable.interfaces.service.routes import errors
from answerable.interfaces.service.schemas import MAX_DOCUMENTS, DeletedOut, DocumentIn, DocumentsOut
from answerable.interfaces.service.state import Service

router = APIRouter(tags=["documents"])


@router.post(
    "/v1/documents",
    response_model=DocumentsOut,
    responses=errors(400, 401, 403, 413, 422, 500, 503),
    summary="Add or replace one document, or a batch (a JSON array), in your tenant",
)
async def add_documents(body: DocumentIn | list[DocumentIn], who: AdminDep, request: Request) -> JSONResponse:
    """Each document is checked before any is written, then written whole in its own transaction: a search
    sees all of a document or none of it. An unchanged document is not embedded again."""
    service: Service = request.app.state.service
    batch = body if isinstance(body, list) else [body]
    if not 1 <= len(batch) <= MAX_DOCUMENTS:
        raise ApiError(422, "invalid_request", f"documents: expected 1 to {MAX_DOCUMENTS} documents, got {len(batch)}")
    records = [d.model_dump(mode="json", exclude_none=True) for d in batch]
    # Parsing a large batch takes a while: off the event loop, but not in the model queue.
    loaded = await anyio.to_thread.run_sync(documents.load, records, who.tenant)
    written = await service.runner.run(documents.write, loaded, service.store, service.engine.embedder)
    return JSONResponse({"documents": [{"id": w.id, "status": w.status, "chunks": w.chunks} for w in written]})


@router.delete(
    "/v1/documents/{document_id:path}",
    response_model=DeletedOut,
    responses=errors(401, 403, 404, 422, 503),
    summary="Delete a document of your tenant (gone from answers, citations and suggestions at once)",
)
def delete_document(
    document_id: Annotated[str, Path(min_length=1, max_length=512)], who: AdminDep, request: Request
) -> DeletedOut:
    service: Service = request.app.state.service
    if not service.accounts_store.delete(who.tenant, document_id):
        raise not_found("document")
    return DeletedOut(id=document_id, deleted=True)
