"""The service's own tables beside the index: API keys, feedback on decisions, and handoff tickets.

Written once for both backends over a `Run` (one SQL statement with `%(name)s` parameters, under the
store's lock and error mapping) and a `Dialect` (the two JSON expressions that differ). Keys are stored
as a hash only: the key itself is shown once, when it is made, and never kept.

Every read that a principal can reach is scoped by tenant here, in the query; a decision record is read
only for a principal of its tenant whose groups cover the groups it was decided for (it was decided
over pages only those groups may read).
"""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from enum import StrEnum
from typing import Any

Run = Callable[[str, dict[str, Any]], list[tuple[Any, ...]]]


class Role(StrEnum):
    """What a key may do: ask and give feedback (user), or also manage documents and read tickets (admin)."""

    USER = "user"
    ADMIN = "admin"


class FeedbackKind(StrEnum):
    """What a person said about a decision; a handoff also opens a ticket."""

    HELPFUL = "helpful"
    WRONG = "wrong"
    HANDOFF = "handoff"


@dataclass(frozen=True)
class ApiKey:
    """A key's public part: `id` names it in listings and revocation; the secret is never stored."""

    id: str
    name: str
    tenant: str
    groups: tuple[str, ...]
    role: Role
    created_at: str
    revoked_at: str | None = None


@dataclass(frozen=True)
class Ticket:
    """A handoff to a person: what was asked, what was decided, what was missing, and who to contact."""

    id: str
    tenant: str
    decision_id: str
    at: str
    record: dict[str, Any]


@dataclass(frozen=True)
class Dialect:
    """The SQL that differs between backends: a record's tenant, and whether its groups are within a list."""

    record_tenant: str  # an expression over `record`
    groups_within: str  # a condition over `record` and the %(groups)s parameter (a JSON list in SQLite)
    groups_param: Callable[[Sequence[str]], Any]


SQLITE = Dialect(
    record_tenant="json_extract(record, '$.principal.tenant')",
    groups_within=(
        "NOT EXISTS (SELECT 1 FROM json_each(record, '$.principal.groups') g "
        "WHERE g.value NOT IN (SELECT value FROM json_each(%(groups)s)))"
    ),
    groups_param=lambda groups: json.dumps(sorted(groups)),
)
POSTGRES = Dialect(
    record_tenant="record->'principal'->>'tenant'",
    groups_within=(
        "ARRAY(SELECT jsonb_array_elements_text(coalesce(record->'principal'->'groups', '[]'::jsonb))) "
        "<@ %(groups)s::text[]"
    ),
    groups_param=lambda groups: sorted(groups),
)

# SQLite's and PostgreSQL's DDL for these tables are the same text.
MIGRATION = (
    "m006_service_keys_feedback_tickets",
    """
    CREATE TABLE api_keys(
        id TEXT PRIMARY KEY,
        hash TEXT NOT NULL UNIQUE,
        name TEXT NOT NULL,
        tenant TEXT NOT NULL,
        groups_json TEXT NOT NULL,
        role TEXT NOT NULL,
        created_at TEXT NOT NULL,
        revoked_at TEXT
    );
    CREATE TABLE feedback(
        decision_id TEXT NOT NULL,
        tenant TEXT NOT NULL,
        principal TEXT NOT NULL,
        kind TEXT NOT NULL,
        message TEXT,
        contact TEXT,
        at TEXT NOT NULL
    );
    CREATE INDEX feedback_decision ON feedback(tenant, decision_id);
    CREATE TABLE tickets(
        id TEXT PRIMARY KEY,
        tenant TEXT NOT NULL,
        decision_id TEXT NOT NULL,
        at TEXT NOT NULL,
        record TEXT NOT NULL
    );
    CREATE INDEX tickets_tenant ON tickets(tenant, at);
    """,
)

_KEY_COLUMNS = "id, name, tenant, groups_json, role, created_at, revoked_at"


def _key(row: tuple[Any, ...]) -> ApiKey:
    return ApiKey(row[0], row[1], row[2], tuple(json.loads(row[3])), Role(row[4]), row[5], row[6])


def _json(value: Any) -> dict[str, Any]:
    return dict(value) if isinstance(value, dict) else dict(json.loads(value))


class Accounts:
    """Keys, feedback and tickets in a store's database (`store.accounts()`)."""

    def __init__(self, run: Run, dialect: Dialect) -> None:
        self._run = run
        self._dialect = dialect

    # --- keys ---------------------------------------------------------------------------------------

    def add_key(self, key: ApiKey, key_hash: str) -> None:
        self._run(
            "INSERT INTO api_keys(id, hash, name, tenant, groups_json, role, created_at) "
            "VALUES (%(id)s, %(hash)s, %(name)s, %(tenant)s, %(groups)s, %(role)s, %(at)s)",
            {
                "id": key.id,
                "hash": key_hash,
                "name": key.name,
                "tenant": key.tenant,
                "groups": json.dumps(list(key.groups)),
                "role": str(key.role),
                "at": key.created_at,
            },
        )

    def key_by_hash(self, key_hash: str) -> ApiKey | None:
        """The key with this hash that is not revoked, or None."""
        rows = self._run(
            f"SELECT {_KEY_COLUMNS} FROM api_keys WHERE hash = %(hash)s AND revoked_at IS NULL", {"hash": key_hash}
        )
        return _key(rows[0]) if rows else None

    def list_keys(self, tenant: str | None = None) -> list[ApiKey]:
        """Every key (of one tenant), revoked ones too, oldest first."""
        where = "WHERE tenant = %(tenant)s" if tenant is not None else ""
        rows = self._run(f"SELECT {_KEY_COLUMNS} FROM api_keys {where} ORDER BY created_at, id", {"tenant": tenant})
        return [_key(r) for r in rows]

    def revoke_key(self, key_id: str, at: str) -> bool:
        """Revoke a key at once; False when no key has this id or it was revoked already."""
        rows = self._run(
            "UPDATE api_keys SET revoked_at = %(at)s WHERE id = %(id)s AND revoked_at IS NULL RETURNING id",
            {"id": key_id, "at": at},
        )
        return bool(rows)

    # --- decisions, feedback, tickets ---------------------------------------------------------------

    def decision_for(self, decision_id: str, tenant: str, groups: Sequence[str]) -> dict[str, Any] | None:
        """The latest logged record of a decision made in `tenant` for groups within `groups`, or None.

        The same id can stand for decisions of several tenants (ids hash the evidence, and two tenants
        without evidence have the same): only this tenant's are read.
        """
        d = self._dialect
        rows = self._run(
            f"SELECT record FROM decision_log WHERE decision_id = %(id)s AND {d.record_tenant} = %(tenant)s "
            f"AND {d.groups_within} ORDER BY seq DESC LIMIT 1",
            {"id": decision_id, "tenant": tenant, "groups": d.groups_param(groups)},
        )
        return _json(rows[0][0]) if rows else None

    def add_feedback(
        self,
        decision_id: str,
        tenant: str,
        principal: str,
        kind: FeedbackKind,
        message: str | None,
        contact: str | None,
        at: str,
    ) -> None:
        self._run(
            "INSERT INTO feedback(decision_id, tenant, principal, kind, message, contact, at) "
            "VALUES (%(id)s, %(tenant)s, %(principal)s, %(kind)s, %(message)s, %(contact)s, %(at)s)",
            {
                "id": decision_id,
                "tenant": tenant,
                "principal": principal,
                "kind": str(kind),
                "message": message,
                "contact": contact,
                "at": at,
            },
        )

    def feedback(self, tenant: str, decision_id: str) -> list[dict[str, Any]]:
        """The feedback given on one decision of a tenant, oldest first."""
        rows = self._run(
            "SELECT principal, kind, message, contact, at FROM feedback "
            "WHERE tenant = %(tenant)s AND decision_id = %(id)s ORDER BY at",
            {"tenant": tenant, "id": decision_id},
        )
        names = ("principal", "kind", "message", "contact", "at")
        return [dict(zip(names, r, strict=True)) for r in rows]

    def add_ticket(self, ticket: Ticket) -> None:
        self._run(
            "INSERT INTO tickets(id, tenant, decision_id, at, record) "
            "VALUES (%(id)s, %(tenant)s, %(decision)s, %(at)s, %(record)s)",
            {
                "id": ticket.id,
                "tenant": ticket.tenant,
                "decision": ticket.decision_id,
                "at": ticket.at,
                "record": json.dumps(ticket.record, ensure_ascii=False, sort_keys=True),
            },
        )

    def tickets(self, tenant: str | None = None, last: int | None = None) -> list[Ticket]:
        """Tickets (of one tenant), newest first; `last` keeps the newest N."""
        where = "WHERE tenant = %(tenant)s" if tenant is not None else ""
        limit = "LIMIT %(last)s" if last is not None else ""
        rows = self._run(
            f"SELECT id, tenant, decision_id, at, record FROM tickets {where} ORDER BY at DESC, id {limit}",
            {"tenant": tenant, "last": last},
        )
        return [Ticket(r[0], r[1], r[2], r[3], _json(r[4])) for r in rows]

    def ticket(self, ticket_id: str) -> Ticket | None:
        rows = self._run("SELECT id, tenant, decision_id, at, record FROM tickets WHERE id = %(id)s", {"id": ticket_id})
        return Ticket(rows[0][0], rows[0][1], rows[0][2], rows[0][3], _json(rows[0][4])) if rows else None


__all__ = ["MIGRATION", "POSTGRES", "SQLITE", "Accounts", "ApiKey", "Dialect", "FeedbackKind", "Role", "Ticket"]
