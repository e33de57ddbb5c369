"""The request and response bodies of the HTTP API, as pydantic models (the OpenAPI schema is drawn from them).

Requests forbid unknown fields, so a misspelt field is an error, not a silent default. Decision bodies
are `Decision.to_dict()` exactly, as `answerable ask --json` prints it; `DecisionOut` describes that
object, and a test holds the two together.
"""

from __future__ import annotations

from datetime import date
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, field_validator, model_validator

from answerable.backends.store.accounts import FeedbackKind
from answerable.core.reasons import ReasonCode
from answerable.core.types import MAX_QUESTION_CHARS, ClaimStatus, Status, TrustTier

MAX_PASSAGES = 50
MAX_DOCUMENTS = 100
MAX_IDS = 500


class Strict(BaseModel):
    model_config = ConfigDict(extra="forbid")


def unicode_text(value: Any, where: str = "") -> Any:
    """`value` unchanged, or a ValueError where it holds a lone surrogate (JSON's `\\ud800` escape): such text
    cannot be stored or read by the models, and must be refused as input, not fail as a server error."""
    if isinstance(value, str):
        try:
            value.encode("utf-8")
        except UnicodeEncodeError as exc:
            at = f"{where}: " if where else ""
            raise ValueError(f"{at}not valid Unicode (an unpaired surrogate at character {exc.start})") from None
    elif isinstance(value, dict):
        for key, item in value.items():
            unicode_text(key, where)
            unicode_text(item, f"{where}.{key}" if where else str(key))
    elif isinstance(value, list):
        for n, item in enumerate(value):
            unicode_text(item, f"{where}.{n}" if where else str(n))
    return value


class Request(Strict):
    """A request body: unknown fields refused, and every text valid Unicode."""

    _unicode = model_validator(mode="before")(unicode_text)


def _question(value: str) -> str:
    if not value.strip():
        raise ValueError("the question is empty")
    return value


# --- decisions --------------------------------------------------------------------------------------


class CitationOut(Strict):
    passage_id: str
    url: str | None
    title: str
    quote: str


class NotAsAsked(Strict):
    asked: str
    stated: str


class ClaimOut(Strict):
    text: str
    status: ClaimStatus
    passage_ids: list[str]
    unmatched_terms: list[str]
    not_as_asked: NotAsAsked | None


class SuggestionOut(Strict):
    passage_id: str
    title: str
    url: str | None


class PolicyOut(Strict):
    name: str
    version: str


class ConflictOut(Strict):
    """Pages that disagreed on a part of the question; `chosen` is the side a precedence rule picked."""

    claim: str
    passage_ids: list[str]
    values: list[str] | None
    resolved_by: str | None
    chosen: list[str]


class DecisionOut(Strict):
    """The decision object: an answer with citations, a partial answer naming what is missing, or an
    abstention with reason codes, a next step and the closest pages the asker may read."""

    decision_id: str
    status: Status
    answer: str | None
    citations: list[CitationOut]
    supporting_passage_ids: list[str]
    claims: list[ClaimOut]
    missing_claims: list[str]
    reason_codes: list[ReasonCode]
    next_step: str | None
    suggestions: list[SuggestionOut]
    policy: PolicyOut
    conflicts: list[ConflictOut] = Field(default_factory=list)  # absent from decisions logged before it existed


# --- ask and check ----------------------------------------------------------------------------------


class AskIn(Request):
    question: str = Field(max_length=MAX_QUESTION_CHARS, description="What the person asked.")
    profile: str = Field("strict", max_length=64, description="A profile of the service's policy.")
    as_of: date | None = Field(None, description="Decide as on this day (documents in effect then).")
    doc_ids: list[str] | None = Field(
        None, min_length=1, max_length=MAX_IDS, description="Only these documents may be evidence."
    )

    _q = field_validator("question")(_question)


class PassageIn(Strict):
    """A passage the caller's own retrieval found: the corpus fields of `answerable.check`."""

    id: str = Field(min_length=1, max_length=512)
    text: str = Field(max_length=100_000)
    title: str = Field("", max_length=1000)
    url: str | None = Field(None, max_length=2000)
    document_id: str | None = Field(None, max_length=512)
    owner: str | None = None
    updated_at: date | None = None
    effective_date: date | None = None
    supersedes: list[str] = Field(default_factory=list, max_length=MAX_IDS)
    superseded_by: list[str] = Field(default_factory=list, max_length=MAX_IDS)
    trust: TrustTier | None = None
    source_kind: str | None = None
    heading_path: list[str] = Field(default_factory=list, max_length=20)


class DraftSentenceIn(Strict):
    text: str = Field(min_length=1, max_length=10_000)
    sources: list[str] = Field(default_factory=list, max_length=MAX_PASSAGES)


class DraftIn(Strict):
    sentences: list[DraftSentenceIn] = Field(max_length=200)


class CheckIn(Request):
    question: str = Field(max_length=MAX_QUESTION_CHARS)
    passages: list[PassageIn] = Field(max_length=MAX_PASSAGES)
    draft: DraftIn | None = Field(None, description="Your own answer: each sentence with the passage ids it cites.")
    profile: str = Field("strict", max_length=64)
    as_of: date | None = None

    _q = field_validator("question")(_question)


# --- documents --------------------------------------------------------------------------------------


class DocumentIn(BaseModel):
    """A document with the corpus.jsonl fields; other fields are kept as metadata. Its tenant is the key's."""

    model_config = ConfigDict(extra="allow")
    _unicode = model_validator(mode="before")(unicode_text)

    id: str = Field(min_length=1, max_length=512)
    title: str = Field(min_length=1, max_length=1000)
    text: str = Field(min_length=1)
    url: str | None = Field(None, max_length=2000)
    owner: str | None = None
    updated_at: date | None = None
    effective_date: date | None = None
    supersedes: list[str] = Field(default_factory=list, max_length=MAX_IDS)
    acl: list[str] | None = Field(None, min_length=1, max_length=100, description="Groups that may read it.")
    trust: TrustTier | None = None
    source_kind: str | None = None


class DocumentResult(Strict):
    id: str
    status: Literal["created", "updated", "unchanged"]
    chunks: int


class DocumentsOut(Strict):
    documents: list[DocumentResult]


class DeletedOut(Strict):
    id: str
    deleted: bool


# --- feedback and tickets ---------------------------------------------------------------------------


class Turn(Strict):
    role: Literal["user", "assistant"]
    text: str = Field(max_length=20_000)


class FeedbackIn(Request):
    kind: FeedbackKind
    message: str | None = Field(None, max_length=4000)
    contact: str | None = Field(None, max_length=320, description="How support may reach the person.")
    conversation: list[Turn] = Field(default_factory=list, max_length=100)


class FeedbackOut(Strict):
    decision_id: str
    kind: FeedbackKind
    ticket_id: str | None


class TicketOut(Strict):
    id: str
    decision_id: str
    at: str
    asked_by: str
    question: str
    status: Status
    answer: str | None
    reason_codes: list[ReasonCode]
    missing_claims: list[str]
    next_step: str | None
    suggestions: list[SuggestionOut]
    message: str | None
    contact: str | None
    conversation: list[Turn]


class TicketsOut(Strict):
    tickets: list[TicketOut]


# --- gaps, health -----------------------------------------------------------------------------------


class PageOut(Strict):
    passage_id: str
    title: str
    url: str | None


class ClusterOut(Strict):
    cause: str
    rank: int
    label: str
    count: int
    principals: int
    examples: list[str]
    missing_claims: list[str]
    pages: list[PageOut]
    unmentioned: list[str]
    disputed: list[PageOut]
    topic_found: bool | None


class GapsOut(Strict):
    tenant: str
    since: str | None
    questions: int
    clusters: list[ClusterOut]


class HealthOut(Strict):
    status: Literal["ok"]
    version: str


class ErrorBody(Strict):
    code: str
    message: str


class ErrorOut(Strict):
    """Every 4xx and 5xx answer."""

    error: ErrorBody
