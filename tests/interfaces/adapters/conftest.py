"""The Lumen example pages as sections with their front matter, a bag-of-words embedding for the frameworks'
own in-memory vector stores (real retrievers, no network, no API key), and the real models, once per module."""

from __future__ import annotations

import math
import re
import zlib
from dataclasses import dataclass
from typing import Any

import pytest
import yaml

from tests.conftest import NOW, ROOT

DOCS = ROOT / "examples" / "docs"
AS_OF = NOW
KEYS_URL = "https://docs.lumen.example/api/keys"
# Questions whose outcome the example pages settle: the key limit is stated in "Key limits" of api/keys; no
# page says anything about swallows; only a community forum thread says invoices can be had in euros.
KEY_LIMIT = "How many active API keys can a project have?"
KEY_LIMIT_ID = "api/keys#2"
KEY_LIMIT_SENTENCE = "A project can have at most 10 active API keys."
OFF_TOPIC = "What is the airspeed velocity of an unladen swallow?"
EUROS = "Can I get my Lumen invoices in euros instead of dollars?"


@dataclass(frozen=True)
class Section:
    """One `##` section of an example page: its text and the metadata a loader would give it."""

    id: str
    text: str
    metadata: dict[str, Any]


def lumen_sections() -> list[Section]:
    """Every section of the example pages that anyone may read (pages with an acl or a tenant are left out:
    access control is the retriever's job, and these tests' retrievers have no principal)."""
    out: list[Section] = []
    for path in sorted(DOCS.rglob("*.md")):
        doc_id = path.relative_to(DOCS).with_suffix("").as_posix()
        _, front, body = path.read_text(encoding="utf-8").split("---", 2)
        meta = yaml.safe_load(front)
        if meta.get("acl") or meta.get("tenant"):
            continue
        for n, part in enumerate(re.split(r"\n(?=## )", body.strip())):
            heading = part.splitlines()[0].lstrip("# ").strip()
            fields = {
                k: meta[k] for k in ("title", "url", "owner", "updated_at", "effective_date", "trust") if k in meta
            }
            fields.update(
                id=f"{doc_id}#{n}", source_kind=meta.get("source_kind"), heading_path=[meta["title"], heading]
            )
            if "supersedes" in meta:
                fields["supersedes"] = meta["supersedes"]
            out.append(Section(f"{doc_id}#{n}", part.lstrip("#").strip(), fields))
    return out


_WORD = re.compile(r"[a-z0-9]+")
_STOP = frozenset(
    [
        "a",
        "an",
        "and",
        "are",
        "can",
        "do",
        "does",
        "for",
        "how",
        "i",
        "in",
        "is",
        "it",
        "my",
        "of",
        "on",
        "or",
        "the",
        "to",
        "what",
        "with",
    ]
)
DIMS = 512


def bag_of_words(text: str) -> list[float]:
    """A deterministic unit vector of hashed word counts: enough for a keyword-like similarity search."""
    vec = [0.0] * DIMS
    for word in _WORD.findall(text.lower()):
        if word not in _STOP:
            vec[zlib.crc32(word.encode()) % DIMS] += 1.0
    norm = math.sqrt(sum(x * x for x in vec)) or 1.0
    return [x / norm for x in vec]


@pytest.fixture(scope="module")
def engine():  # type: ignore[no-untyped-def]
    """The real packaged models behind `answerable.check`, loaded once per process and shared by the module."""
    from answerable.engine.check import checker

    return checker()
