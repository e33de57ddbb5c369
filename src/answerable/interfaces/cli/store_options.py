"""Options shared by commands that read or write the store."""

from __future__ import annotations

from collections.abc import Callable
from datetime import date
from typing import Any, TypeVar

import click

from answerable.backends.store import DEFAULT_STORE_URL
from answerable.backends.store.base import Filter
from answerable.core.errors import InputError
from answerable.core.types import DEFAULT_TENANT

F = TypeVar("F", bound=Callable[..., Any])

store_option = click.option(
    "--store",
    "store_url",
    default=None,
    help=f"Store URL: sqlite:///path/file.db or postgresql://... (env ANSWERABLE_STORE; default {DEFAULT_STORE_URL}).",
)
embedder_option = click.option(
    "--embedder",
    "embedder_spec",
    default=None,
    help="Embedding model: minilm (default, packaged), a sentence-transformers name or path, or hash:DIM.",
)


def not_blank(_ctx: click.Context, param: click.Parameter, value: str | None) -> str | None:
    """A name option (a tenant) given as "" or spaces names nothing: say so instead of using it."""
    if value is not None and not value.strip():
        raise click.BadParameter("must not be empty", param=param)
    return value


def names(value: str | None) -> tuple[str, ...]:
    return tuple(dict.fromkeys(v.strip() for v in (value or "").split(",") if v.strip()))


def principal_options(fn: F) -> F:
    """--tenant, --groups and --as-of: who is asking, and when."""
    fn = click.option("--as-of", "as_of", default=None, help="Only documents in effect on this date (YYYY-MM-DD).")(fn)
    fn = click.option("--groups", default=None, help="Comma-separated groups of the principal.")(fn)
    return click.option(
        "--tenant", default=DEFAULT_TENANT, show_default=True, callback=not_blank, help="Tenant of the principal."
    )(fn)


def build_filter(tenant: str, groups: str | None, as_of: str | None, doc_ids: str | None = None) -> Filter:
    when = None
    if as_of:
        try:
            when = date.fromisoformat(as_of)
        except ValueError:
            raise InputError(f"--as-of: expected a date YYYY-MM-DD, got {as_of!r}") from None
    ids = frozenset(names(doc_ids)) if doc_ids is not None else None
    if ids is not None and not ids:
        # an empty closed set would read nothing and abstain with no_evidence, as if the docs were silent
        raise InputError("--doc-ids: names no document (give comma-separated ids, or leave the option out)")
    return Filter(tenant=tenant, groups=frozenset(names(groups)), doc_ids=ids, as_of=when)
