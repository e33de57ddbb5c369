"""A framework's retrieved text and its metadata as an answerable `Passage`, for every adapter alike.

Only the corpus fields are read from the metadata (`document_id`, `title`, `url`, `owner`, `updated_at`,
`effective_date`, `supersedes`, `trust`, `source_kind`, `acl`, `tenant`, `heading_path`); the rest is left
alone, since frameworks put their own keys there (`source`, `file_path`, `start_index` ...). A corpus field
with a wrong value is an InputError naming it: ignored, a `trust` of "comunity" would loosen the gate.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from datetime import datetime
from typing import Any

from answerable.core.codec import passage_from_dict
from answerable.core.errors import InputError
from answerable.core.types import Passage

# Passage fields a document's metadata may set. `superseded_by` is left out on purpose: the store derives it
# from other documents' `supersedes`, and a page must not be able to declare itself superseded away.
FIELDS = (
    "document_id",
    "title",
    "url",
    "owner",
    "updated_at",
    "effective_date",
    "supersedes",
    "trust",
    "source_kind",
    "acl",
    "tenant",
    "heading_path",
)
ID_KEYS = ("id", "passage_id")
NAMES = ("supersedes", "acl", "heading_path")


def metadata_id(metadata: Mapping[str, Any]) -> str | None:
    """The passage id a document's metadata names (`id`, else `passage_id`), or None."""
    for key in ID_KEYS:
        value = metadata.get(key)
        if value is not None and value != "":
            return str(value)
    return None


def _value(key: str, value: Any) -> Any:
    """A metadata value as the corpus format spells it: frameworks hand datetimes and tuples."""
    if isinstance(value, datetime):
        # A datetime is a date too, but comparing it with the policy's dates raises; the day is what counts.
        return value.date()
    if key in NAMES and isinstance(value, str):
        return [value]
    if key in NAMES and isinstance(value, tuple):
        return list(value)
    return value


def to_passage(pid: str, text: str, metadata: Mapping[str, Any], *, where: str) -> Passage:
    """A passage with id `pid` and `text`, its other fields from `metadata` (`where` names it in errors).

    `url` falls back to metadata `source` when that is an http(s) address (LangChain's web loaders put the
    page there); a file path in `source` is not a URL and is not shown as one.
    """
    fields: dict[str, Any] = {k: _value(k, metadata[k]) for k in FIELDS if metadata.get(k) is not None}
    source = metadata.get("source")
    if "url" not in fields and isinstance(source, str) and source.startswith(("https://", "http://")):
        fields["url"] = source
    return passage_from_dict({"id": pid, "text": text, **fields}, where=where)


def unique(passages: Sequence[Passage], where: str) -> list[Passage]:
    """The passages with exact repeats dropped; one id given to two different texts is an InputError.

    Retrievers that merge several searches hand the same chunk twice, which is harmless; two chunks that
    share an id would make a citation point at text the reader cannot find.
    """
    seen: dict[str, Passage] = {}
    for n, passage in enumerate(passages):
        before = seen.get(passage.id)
        if before is None:
            seen[passage.id] = passage
        elif before.text != passage.text:
            raise InputError(
                f"{where}[{n}]: passage id {passage.id!r} is given to two different texts; "
                "set a unique metadata 'id' on each chunk"
            )
    return list(seen.values())


__all__ = ["FIELDS", "metadata_id", "to_passage", "unique"]
