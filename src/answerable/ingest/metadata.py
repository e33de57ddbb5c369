"""Document metadata from front matter, corpus records or CLI flags, validated field by field.

A missing field means "not stated": it never grants access. Invalid values are rejected naming the
source and the field: a URL that is not an absolute http(s) address, and any text field (title, owner,
acl names...) holding a control character other than tab or newline, which would reach citations as
written.
"""

from __future__ import annotations

import json
import re
import unicodedata
from collections.abc import Mapping
from dataclasses import dataclass
from datetime import date, datetime
from typing import Any
from urllib.parse import quote, urljoin, urlsplit

from answerable.core.errors import InputError
from answerable.core.types import DEFAULT_TENANT, Document, TrustTier
from answerable.text.printable import UNPRINTABLE
from answerable.text.words import one_edit

KNOWN_FIELDS = (
    "id",
    "title",
    "url",
    "owner",
    "updated_at",
    "effective_date",
    "supersedes",
    "acl",
    "tenant",
    "trust",
    "source_kind",
)


# Fields that restrict who may read a page. A misspelt one ("acls", "Tenant", "groups") would otherwise be
# kept as an ordinary extra field and the page published to everyone: it is refused instead.
_ACCESS_FIELDS = ("acl", "tenant")
_ACCESS_SYNONYMS = frozenset(
    {"group", "groups", "allowedgroups", "allowed", "permission", "permissions", "role", "roles", "readers"}
)


def _access_lookalike(key: str) -> str | None:
    """The access field `key` was probably meant as, if it is not one itself."""
    if key in KNOWN_FIELDS:
        return None
    norm = "".join(ch for ch in key.casefold() if ch.isalnum())
    for name in _ACCESS_FIELDS:
        # a short name is only matched as written or plural: "act" or "all" is not a misspelt "acl"
        if norm in (name, name + "s") or (len(name) > 4 and one_edit(norm, name)):
            return name
    return "acl" if norm in _ACCESS_SYNONYMS else None


class MetadataError(InputError):
    """A metadata field with a value that cannot be used; names the source and the field."""

    def __init__(self, source: str, field: str, problem: str) -> None:
        self.source = source
        self.field = field
        super().__init__(f"{source}: {field}: {problem}")


@dataclass(frozen=True)
class Defaults:
    """Batch-wide metadata from CLI flags; a document's own metadata takes precedence."""

    tenant: str | None = None
    acl: tuple[str, ...] | None = None
    trust: TrustTier | None = None
    owner: str | None = None
    source_kind: str | None = None
    url: str | None = None
    base_url: str | None = None  # a file's URL is this plus its path (see `document_url`)
    updated_at: date | None = None
    effective_date: date | None = None


def _date(value: Any, source: str, field: str) -> date | None:
    if value is None or value == "":
        return None
    if isinstance(value, datetime):
        return value.date()
    if isinstance(value, date):
        return value
    if isinstance(value, str):
        try:
            return date.fromisoformat(value.strip()[:10])
        except ValueError:
            pass
    raise MetadataError(source, field, f"expected a date YYYY-MM-DD, got {value!r}")


def _control(text: str) -> str | None:
    """The first character other than tab and newline that `render` would have to escape, if any: a C0
    or C1 control, a line or paragraph separator, a text-direction embedding, override or isolate (in a
    title they reorder or break what a reader sees: "\u202egnp.exe" reads as "exe.png")."""
    return next((m.group() for m in UNPRINTABLE.finditer(text) if m.group() not in "\n\r"), None)


def _checked(text: str, source: str, field: str) -> str:
    bad = _control(text)
    if bad is not None:
        what = (
            "a control character"
            if unicodedata.category(bad) == "Cc"
            else "a text-direction or line-separator character"
        )
        raise MetadataError(source, field, f"contains {what} (U+{ord(bad):04X}) in {text!r}")
    return text


def _text(value: Any, source: str, field: str) -> str | None:
    if value is None:
        return None
    if isinstance(value, str | int | float) and not isinstance(value, bool):
        text = _checked(str(value).strip(), source, field)
        return text or None
    raise MetadataError(source, field, f"expected text, got {value!r}")


def check_url(url: str) -> str | None:
    """What is wrong with `url` as a citation's link, or None: it must be an absolute http(s) URL with a
    host and no white space or control characters (`javascript:`, `file:` and relative links are not)."""
    if any(ch.isspace() or unicodedata.category(ch) == "Cc" for ch in url):
        return "must not contain white space or control characters"
    try:
        parts = urlsplit(url)
    except ValueError as exc:
        return f"not a URL ({exc})"
    if parts.scheme.lower() not in ("http", "https") or not parts.hostname:
        return "expected an absolute http(s) URL"
    return None


def _url(value: Any, source: str, field: str, base_url: str | None = None) -> str | None:
    """An absolute http(s) URL; a relative one (`/api/keys`, `keys.html`) is resolved against `base_url`
    as a browser would resolve a link on the page at `base_url/`."""
    if value is None or (isinstance(value, str) and not value.strip()):
        return None
    if not isinstance(value, str):
        raise MetadataError(source, field, f"expected a URL, got {value!r}")
    url = value.strip()
    relative = not re.match(r"[A-Za-z][A-Za-z0-9+.-]*:|//", url)
    if relative and base_url and check_url(url) is not None:
        url = urljoin(base_url.rstrip("/") + "/", url)
    problem = check_url(url)
    if problem:
        hint = " (a relative URL needs --base-url)" if relative and not base_url and "absolute" in problem else ""
        raise MetadataError(source, field, f"{problem}{hint}, got {value.strip()!r}")
    return url


def _names(value: Any, source: str, field: str) -> tuple[str, ...]:
    """A list of names, or one comma-separated string of them."""
    if value is None:
        return ()
    if isinstance(value, str):
        items = [v.strip() for v in value.split(",")]
    elif isinstance(value, list) and all(isinstance(v, str | int) and not isinstance(v, bool) for v in value):
        items = [str(v).strip() for v in value]
    else:
        raise MetadataError(source, field, f"expected a list of names, got {value!r}")
    return tuple(dict.fromkeys(_checked(i, source, field) for i in items if i))


def parse_trust(value: Any, source: str) -> TrustTier | None:
    if value is None or value == "":
        return None
    try:
        return TrustTier(str(value).strip().lower())
    except ValueError:
        allowed = ", ".join(t.value for t in TrustTier)
        raise MetadataError(source, "trust", f"unknown trust tier {value!r} (expected one of {allowed})") from None


def document_url(base_url: str, path: str) -> str:
    """`https://docs.example.com/guide` + `billing/refunds` -> `https://docs.example.com/guide/billing/refunds`."""
    return base_url.rstrip("/") + "/" + "/".join(quote(part) for part in path.split("/"))


def build_document(
    meta: Mapping[str, Any],
    text: str,
    *,
    default_id: str,
    default_title: str,
    source: str,
    defaults: Defaults,
    url_path: str | None = None,
) -> Document:
    """A Document from raw metadata (front matter or a corpus record) over batch defaults.

    The URL is the document's own, else the batch's `url`, else `base_url` plus `url_path` (a file's
    path relative to the folder ingested).
    """
    if not isinstance(meta, Mapping):
        raise MetadataError(source, "metadata", "expected a mapping of fields")
    doc_id = _text(meta.get("id"), source, "id") or default_id
    if any(ch.isspace() for ch in doc_id):
        raise MetadataError(source, "id", f"must not contain white space, got {doc_id!r}")
    for key in meta:
        meant = _access_lookalike(str(key))
        if meant:
            problem = f"not a field; a page is restricted only by `{meant}` (rename it, or the page is public)"
            raise MetadataError(source, str(key), problem)
    acl = _names(meta["acl"], source, "acl") if "acl" in meta else defaults.acl or ()
    if "acl" in meta and not acl:
        raise MetadataError(source, "acl", "empty: list the groups that may read the page, or drop the field")
    if "tenant" in meta and not _text(meta["tenant"], source, "tenant"):
        raise MetadataError(source, "tenant", "empty: name the tenant, or drop the field for the default tenant")
    trust = parse_trust(meta.get("trust"), source) if "trust" in meta else defaults.trust
    extra = tuple(
        (key, json.dumps(value, default=str, sort_keys=True))
        for key, value in sorted(meta.items())
        if key not in KNOWN_FIELDS and key != "text"
    )
    return Document(
        id=doc_id,
        title=_text(meta.get("title"), source, "title") or _text(default_title, source, "title") or default_title,
        text=text,
        url=_url(meta.get("url"), source, "url", defaults.base_url)
        or _url(defaults.url, source, "url (--url)")
        or (document_url(defaults.base_url, url_path) if defaults.base_url and url_path is not None else None),
        owner=_text(meta.get("owner"), source, "owner") or defaults.owner,
        updated_at=_date(meta.get("updated_at"), source, "updated_at") or defaults.updated_at,
        effective_date=_date(meta.get("effective_date"), source, "effective_date") or defaults.effective_date,
        supersedes=_names(meta.get("supersedes"), source, "supersedes"),
        trust=trust,
        source_kind=_text(meta.get("source_kind"), source, "source_kind") or defaults.source_kind,
        acl=acl,
        tenant=_text(meta.get("tenant"), source, "tenant") or defaults.tenant or DEFAULT_TENANT,
        extra=extra,
    )
