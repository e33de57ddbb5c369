"""Who is calling: the API key in `Authorization: Bearer KEY`, mapped to a principal (tenant, groups, role).

No key, or a key that is unknown, malformed or revoked, is 401 (the same answer for each: a caller learns
nothing about which keys exist). A user key on an admin route is 403. The tenant and groups come from the
key only; no request body can name them.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Annotated

from fastapi import Depends, Request
from fastapi.security import HTTPAuthorizationCredentials, HTTPBearer

from answerable.backends.store.accounts import ApiKey, Role
from answerable.core.types import Principal
from answerable.interfaces.service.errors import ApiError
from answerable.interfaces.service.keys import hash_key, well_formed

bearer = HTTPBearer(auto_error=False, description="An API key from `answerable keys create`.")


@dataclass(frozen=True)
class Caller:
    """The principal a request acts for, and its key."""

    key: ApiKey

    @property
    def principal(self) -> Principal:
        return Principal(tenant=self.key.tenant, groups=frozenset(self.key.groups), id=f"key:{self.key.id}")

    @property
    def tenant(self) -> str:
        return self.key.tenant

    @property
    def admin(self) -> bool:
        return self.key.role is Role.ADMIN


def _unauthorized(message: str) -> ApiError:
    return ApiError(401, "unauthorized", message, {"WWW-Authenticate": "Bearer"})


def caller(request: Request, credentials: Annotated[HTTPAuthorizationCredentials | None, Depends(bearer)]) -> Caller:
    """The calling principal (a sync dependency: the key lookup runs off the event loop)."""
    if credentials is None:
        raise _unauthorized("an API key is required: send `Authorization: Bearer KEY`")
    key = credentials.credentials.strip()
    found = request.app.state.service.accounts.key_by_hash(hash_key(key)) if well_formed(key) else None
    if found is None:
        raise _unauthorized("this API key is not valid (unknown, revoked or mistyped)")
    return Caller(found)


def admin(who: Annotated[Caller, Depends(caller)]) -> Caller:
    """The calling principal, who must hold an admin key of its tenant."""
    if not who.admin:
        raise ApiError(403, "forbidden", "this route needs an admin key of your tenant")
    return who


CallerDep = Annotated[Caller, Depends(caller)]
AdminDep = Annotated[Caller, Depends(admin)]

__all__ = ["AdminDep", "Caller", "CallerDep", "admin", "caller"]
