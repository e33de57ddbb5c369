"""Evidence to and from plain JSON objects, for the CLI, fixtures and the decision log.

Reading names the field that is wrong (`passages[2].updated_at: expected a date YYYY-MM-DD`).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import asdict, fields
from datetime import date, datetime
from enum import StrEnum
from typing import Any, TypeVar

from answerable.core.errors import InputError
from answerable.core.reasons import ReasonCode
from answerable.core.types import (
    DEFAULT_TENANT,
    Citation,
    Claim,
    ClaimResult,
    ClaimStatus,
    ConflictNote,
    Decision,
    Draft,
    DraftSentence,
    Evidence,
    Label,
    Passage,
    PolicyRef,
    Scores,
    Status,
    Suggestion,
    TrustTier,
    Verdict,
)

E = TypeVar("E", bound=StrEnum)


def _get(obj: Mapping[str, Any], key: str, where: str, kind: type | tuple[type, ...], default: Any = ...) -> Any:
    if key not in obj or obj[key] is None:
        if default is ...:
            raise InputError(f"{where}.{key}: missing")
        return default
    value = obj[key]
    if isinstance(value, bool) and kind in (int, float, (int, float)):
        raise InputError(f"{where}.{key}: expected a number, got {value!r}")
    if not isinstance(value, kind):
        raise InputError(f"{where}.{key}: expected {_kind_name(kind)}, got {value!r}")
    return value


def _kind_name(kind: type | tuple[type, ...]) -> str:
    names = {str: "a string", list: "a list", dict: "an object", bool: "true or false"}
    if isinstance(kind, tuple):
        return "a number"
    return names.get(kind, kind.__name__)


def parse_date(value: Any, where: str) -> date | None:
    """A `YYYY-MM-DD` string, or an ISO date and time (or None), to a date; anything else, trailing text
    included ("2026-05-02garbage"), is an error naming `where`."""
    if value is None:
        return None
    if isinstance(value, date):
        return value
    if not isinstance(value, str):
        raise InputError(f"{where}: expected a date YYYY-MM-DD, got {value!r}")
    text = value.strip()
    try:
        return date.fromisoformat(text) if len(text) == 10 else datetime.fromisoformat(text).date()
    except ValueError:
        raise InputError(f"{where}: expected a date YYYY-MM-DD, got {value!r}") from None


def _only_known(obj: Mapping[str, Any], cls: type, where: str) -> None:
    """A misspelt field (`updatedAt`, `trustt`) is an error: ignored, it would loosen the gate."""
    known = {f.name for f in fields(cls)}
    unknown = sorted(set(obj) - known)
    if unknown:
        raise InputError(f"{where}.{unknown[0]}: unknown field (expected one of {', '.join(sorted(known))})")


def _probability(obj: Mapping[str, Any], key: str, where: str, default: Any = ...) -> Any:
    value = _get(obj, key, where, (int, float), default)
    if value is not None and value is not default and not 0.0 <= value <= 1.0:  # NaN fails too
        raise InputError(f"{where}.{key}: expected a number from 0 to 1, got {value!r}")
    return value


def parse_enum(enum: type[E], value: Any, where: str) -> E:
    """A member of `enum`, or an error that lists the allowed values."""
    try:
        return enum(value)
    except ValueError:
        choices = ", ".join(e.value for e in enum)
        raise InputError(f"{where}: expected one of {choices}, got {value!r}") from None


def _strings(obj: Mapping[str, Any], key: str, where: str) -> tuple[str, ...]:
    value = _get(obj, key, where, list, [])
    if not all(isinstance(v, str) for v in value):
        raise InputError(f"{where}.{key}: expected a list of strings")
    return tuple(value)


def _acronyms(obj: Mapping[str, Any], where: str) -> tuple[tuple[str, str], ...]:
    value = _get(obj, "acronyms", where, list, [])
    if not all(isinstance(v, list) and len(v) == 2 and all(isinstance(x, str) for x in v) for v in value):
        raise InputError(f"{where}.acronyms: expected a list of [acronym, long form] pairs of strings")
    return tuple((a, b) for a, b in value)


def passage_from_dict(obj: Mapping[str, Any], where: str = "passage") -> Passage:
    if not isinstance(obj, Mapping):
        raise InputError(f"{where}: expected an object")
    _only_known(obj, Passage, where)
    scores = _get(obj, "scores", where, dict, {})
    _only_known(scores, Scores, f"{where}.scores")
    trust = obj.get("trust")
    return Passage(
        id=_get(obj, "id", where, str),
        document_id=_get(obj, "document_id", where, str, str(obj.get("id", "")).split("#")[0]),
        text=_get(obj, "text", where, str),
        title=_get(obj, "title", where, str, ""),
        url=_get(obj, "url", where, str, None),
        owner=_get(obj, "owner", where, str, None),
        updated_at=parse_date(obj.get("updated_at"), f"{where}.updated_at"),
        effective_date=parse_date(obj.get("effective_date"), f"{where}.effective_date"),
        supersedes=_strings(obj, "supersedes", where),
        superseded_by=_strings(obj, "superseded_by", where),
        trust=parse_enum(TrustTier, trust, f"{where}.trust") if trust is not None else None,
        source_kind=_get(obj, "source_kind", where, str, None),
        acl=_strings(obj, "acl", where),
        tenant=_get(obj, "tenant", where, str, DEFAULT_TENANT),
        heading_path=_strings(obj, "heading_path", where),
        lead=_get(obj, "lead", where, str, ""),
        acronyms=_acronyms(obj, where),
        scores=Scores(
            **{k: _get(scores, k, f"{where}.scores", (int, float), None) for k in ("bm25", "vector", "fused")},
            rerank=_probability(scores, "rerank", f"{where}.scores", None),
        ),
    )


def evidence_from_dict(obj: Mapping[str, Any], where: str = "evidence") -> Evidence:
    """Build `Evidence` from its JSON form (the shape `evidence_to_dict` writes)."""
    if not isinstance(obj, Mapping):
        raise InputError(f"{where}: expected an object")
    _only_known(obj, Evidence, where)
    if "claims" not in obj:
        raise InputError(f"{where}.claims: missing")
    claims = []
    for w, c in _objects(obj, "claims", where):
        _only_known(c, Claim, w)
        claims.append(Claim(id=_get(c, "id", w, str), text=_get(c, "text", w, str)))
    passages = []
    for w, p in _objects(obj, "passages", where):
        passages.append(passage_from_dict(p, w))
    for key, ids in (("claims", [c.id for c in claims]), ("passages", [p.id for p in passages])):
        for i, item_id in enumerate(ids):
            if item_id in ids[:i]:  # which of two texts would be quoted is arbitrary
                raise InputError(f"{where}.{key}[{i}].id: {item_id!r} appears twice")
    claim_ids, passage_ids = {c.id for c in claims}, {p.id for p in passages}
    verdicts = []
    for w, v in _objects(obj, "verdicts", where):
        _only_known(v, Verdict, w)
        verdict = Verdict(
            claim_id=_get(v, "claim_id", w, str),
            passage_id=_get(v, "passage_id", w, str),
            label=parse_enum(Label, v.get("label"), f"{w}.label"),
            strength=float(_probability(v, "strength", w)),
            confirmation=_probability(v, "confirmation", w, None),
        )
        if verdict.claim_id not in claim_ids:
            raise InputError(f"{w}.claim_id: {verdict.claim_id!r} names no claim")
        if verdict.passage_id not in passage_ids:
            raise InputError(f"{w}.passage_id: {verdict.passage_id!r} names no passage")
        verdicts.append(verdict)
    draft_obj = _get(obj, "draft", where, dict, None)
    draft = None
    if draft_obj is not None:
        _only_known(draft_obj, Draft, f"{where}.draft")
        sentences = []
        for w, s in _objects(draft_obj, "sentences", f"{where}.draft"):
            _only_known(s, DraftSentence, w)
            sentences.append(
                DraftSentence(
                    text=_get(s, "text", w, str),
                    passage_ids=_strings(s, "passage_ids", w),
                    support=_probability(s, "support", w, None),
                    claim_ids=_strings(s, "claim_ids", w),
                )
            )
        draft = Draft(sentences=tuple(sentences), declined=_get(draft_obj, "declined", f"{where}.draft", bool, False))
    return Evidence(
        question=_get(obj, "question", where, str, ""),
        claims=tuple(claims),
        passages=tuple(passages),
        verdicts=tuple(verdicts),
        draft=draft,
    )


def to_jsonable(value: Any) -> Any:
    """Dataclasses, enums, dates and tuples to plain JSON values."""
    if hasattr(value, "__dataclass_fields__"):
        return to_jsonable(asdict(value))
    if isinstance(value, dict):
        return {str(k): to_jsonable(v) for k, v in value.items()}
    if isinstance(value, list | tuple | set | frozenset):
        return [to_jsonable(v) for v in value]
    if isinstance(value, StrEnum):
        return str(value)
    if isinstance(value, date):
        return value.isoformat()
    return value


def evidence_to_dict(evidence: Evidence) -> dict[str, Any]:
    """The JSON form of `Evidence`, readable by `evidence_from_dict`."""
    result: dict[str, Any] = to_jsonable(evidence)
    return result


def _objects(obj: Mapping[str, Any], key: str, where: str) -> list[tuple[str, Mapping[str, Any]]]:
    items = _get(obj, key, where, list, [])
    if not all(isinstance(v, Mapping) for v in items):
        raise InputError(f"{where}.{key}: expected a list of objects")
    return [(f"{where}.{key}[{i}]", v) for i, v in enumerate(items)]


def _not_as_asked(claim: Mapping[str, Any], where: str) -> tuple[str, str] | None:
    value = _get(claim, "not_as_asked", where, dict, None)  # absent from records written before 2026.12.01-3
    if value is None:
        return None
    w = f"{where}.not_as_asked"
    return _get(value, "asked", w, str), _get(value, "stated", w, str)


def decision_from_dict(obj: Mapping[str, Any], where: str = "decision") -> Decision:
    """Build a `Decision` from its JSON form (`Decision.to_dict()`, as `--json` and the log hold it)."""
    if not isinstance(obj, Mapping):
        raise InputError(f"{where}: expected an object")
    policy = _get(obj, "policy", where, dict)
    return Decision(
        decision_id=_get(obj, "decision_id", where, str),
        status=parse_enum(Status, obj.get("status"), f"{where}.status"),
        answer=_get(obj, "answer", where, str, None),
        citations=tuple(
            Citation(
                _get(c, "passage_id", w, str),
                _get(c, "url", w, str, None),
                _get(c, "title", w, str, ""),
                _get(c, "quote", w, str, ""),
            )
            for w, c in _objects(obj, "citations", where)
        ),
        supporting_passage_ids=_strings(obj, "supporting_passage_ids", where),
        claims=tuple(
            ClaimResult(
                _get(c, "text", w, str),
                parse_enum(ClaimStatus, c.get("status"), f"{w}.status"),
                _strings(c, "passage_ids", w),
                _strings(c, "unmatched_terms", w),
                _not_as_asked(c, w),
            )
            for w, c in _objects(obj, "claims", where)
        ),
        missing_claims=_strings(obj, "missing_claims", where),
        reason_codes=tuple(
            parse_enum(ReasonCode, r, f"{where}.reason_codes[{i}]")
            for i, r in enumerate(_strings(obj, "reason_codes", where))
        ),
        next_step=_get(obj, "next_step", where, str, None),
        suggestions=tuple(
            Suggestion(_get(s, "passage_id", w, str), _get(s, "title", w, str, ""), _get(s, "url", w, str, None))
            for w, s in _objects(obj, "suggestions", where)
        ),
        policy=PolicyRef(_get(policy, "name", f"{where}.policy", str), _get(policy, "version", f"{where}.policy", str)),
        conflicts=tuple(
            ConflictNote(
                _get(c, "claim", w, str),
                _strings(c, "passage_ids", w),
                _pair(c, "values", w),
                _get(c, "resolved_by", w, str, None),
                _strings(c, "chosen", w),
            )
            for w, c in _objects(obj, "conflicts", where)
        ),
    )


def _pair(obj: Mapping[str, Any], key: str, where: str) -> tuple[str, str] | None:
    value = obj.get(key)
    if value is None:
        return None
    if not isinstance(value, list) or len(value) != 2 or not all(isinstance(v, str) for v in value):
        raise InputError(f"{where}.{key}: expected two strings or null")
    return value[0], value[1]
