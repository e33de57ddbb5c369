"""API keys: made at random, shown once, stored as a hash, each naming a principal (tenant, groups, role).

A key reads `ans_<id>_<secret>`: `id` (public, 8 hex digits) names it in `keys list` and `keys revoke`;
the secret is 192 random bits. Only SHA-256 of the whole key is stored: a key this random needs no slow
hash, and a stolen database holds no usable key.
"""

from __future__ import annotations

import hashlib
import re
import secrets
from datetime import UTC, datetime

from answerable.backends.store.accounts import Accounts, ApiKey, Role
from answerable.core.errors import InputError

PREFIX = "ans_"
SECRET_BYTES = 24  # 192 bits
_SHAPE = re.compile(r"^ans_[0-9a-f]{8}_[A-Za-z0-9_-]{32}$")
_NAME = re.compile(r"^[A-Za-z0-9_.:@-]{1,64}$")


def hash_key(key: str) -> str:
    """What is stored and looked up for a key."""
    return hashlib.sha256(key.encode("utf-8")).hexdigest()


def well_formed(key: str) -> bool:
    """Whether `key` has the shape of a key (a cheap refusal before any database read)."""
    return bool(_SHAPE.match(key))


def now() -> str:
    return datetime.now(UTC).isoformat(timespec="seconds")


def _checked_name(value: str, what: str) -> str:
    if not _NAME.match(value):
        raise InputError(f"{what}: expected 1 to 64 letters, digits or _.:@-, got {value!r}")
    return value


def create_key(
    accounts: Accounts, tenant: str, groups: tuple[str, ...] = (), role: Role = Role.USER, name: str | None = None
) -> tuple[str, ApiKey]:
    """A new key for a principal: (the key, to show once; its stored record)."""
    tenant = _checked_name(tenant, "tenant")
    groups = tuple(dict.fromkeys(_checked_name(g, "group") for g in groups))
    key_id = secrets.token_hex(4)
    secret = secrets.token_urlsafe(SECRET_BYTES)
    key = f"{PREFIX}{key_id}_{secret}"
    label = " ".join((name or f"{tenant}-{role}").split())
    if not label or len(label) > 100 or not label.isprintable():
        raise InputError(f"name: expected up to 100 printable characters, got {name!r}")
    record = ApiKey(key_id, label, tenant, groups, role, now())
    accounts.add_key(record, hash_key(key))
    return key, record


__all__ = ["create_key", "hash_key", "now", "well_formed"]
