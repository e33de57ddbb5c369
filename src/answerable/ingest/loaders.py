"""Loaders: Markdown (YAML front matter), HTML, plain text and the JSONL corpus format, plus a walk.

Each loader turns one file into documents split into heading-labelled sections. A problem with a file
(unreadable, empty, not UTF-8, too large, invalid metadata) becomes a `Skipped` entry naming the path
and the reason; the rest of the batch goes on.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from datetime import date
from pathlib import Path
from typing import Any

import yaml

from answerable.errors import InputError
from answerable.ingest.metadata import Defaults, build_document
from answerable.types import Document

DEFAULT_MAX_BYTES = 5_000_000
MARKDOWN = (".md", ".markdown")
HTML = (".html", ".htm")
TEXT = (".txt", ".text")
JSONL = (".jsonl",)
SUPPORTED = MARKDOWN + HTML + TEXT + JSONL


@dataclass(frozen=True)
class Section:
    """A run of text under one heading path (outermost heading first)."""

    heading_path: tuple[str, ...]
    text: str


@dataclass(frozen=True)
class Loaded:
    """A document and its sections, ready to chunk."""

    document: Document
    sections: tuple[Section, ...]
    source: str


@dataclass(frozen=True)
class Skipped:
    """A file (or a corpus line) that was not ingested, and why."""

    source: str
    reason: str


_HEADING = re.compile(r"^(#{1,6})\s+(.+?)\s*#*\s*$")
_FENCE = re.compile(r"^(```|~~~)")


def markdown_sections(body: str) -> tuple[Section, ...]:
    """Split Markdown on ATX headings (not inside code fences), keeping the heading path."""
    sections: list[Section] = []
    path: list[tuple[int, str]] = []
    lines: list[str] = []
    in_fence = False

    def flush() -> None:
        text = "\n".join(lines).strip()
        if text:
            sections.append(Section(tuple(h for _, h in path), text))
        lines.clear()

    for line in body.splitlines():
        if _FENCE.match(line.strip()):
            in_fence = not in_fence
        match = None if in_fence else _HEADING.match(line)
        if match:
            flush()
            level = len(match.group(1))
            path[:] = [(lvl, h) for lvl, h in path if lvl < level]
            path.append((level, match.group(2).strip()))
        else:
            lines.append(line)
    flush()
    return tuple(sections)


class _FrontMatterLoader(yaml.SafeLoader):
    """Safe YAML that leaves dates as the text written, so a bad one is named with its field."""


# PyYAML builds a date from anything shaped like one and raises a bare ValueError for "2026-13-45";
# `metadata._date` parses the text instead and names the field it came from.
def _date_as_text(loader: _FrontMatterLoader, node: yaml.Node) -> str:
    return str(loader.construct_scalar(node))  # type: ignore[arg-type]


_FrontMatterLoader.add_constructor("tag:yaml.org,2002:timestamp", _date_as_text)


def split_front_matter(text: str, source: str) -> tuple[dict[str, Any], str]:
    """YAML front matter between `---` lines at the top, and the body after it."""
    if not text.startswith("---"):
        return {}, text
    parts = re.split(r"^---\s*$", text, maxsplit=2, flags=re.M)
    if len(parts) < 3:
        raise InputError(f"{source}: front matter: opening '---' has no closing '---'")
    try:
        meta = yaml.load(parts[1], Loader=_FrontMatterLoader) or {}
    except yaml.YAMLError as exc:
        raise InputError(f"{source}: front matter: not valid YAML ({exc.__class__.__name__})") from exc
    if not isinstance(meta, dict):
        raise InputError(f"{source}: front matter: expected key: value pairs")
    return meta, parts[2]


# Where a generated page states its own address and last change (MkDocs, Sphinx with html_baseurl,
# Docusaurus, most CMSs): the first of each that is present wins.
_HTML_URL = ('link[rel="canonical"]', "href"), ('meta[property="og:url"]', "content")
_HTML_MODIFIED = (
    ('meta[property="article:modified_time"]', "content"),
    ('meta[property="og:updated_time"]', "content"),
    ('meta[name="dcterms.modified"]', "content"),
    ('meta[name="last-modified"]', "content"),
)


def _html_meta(tree: Any) -> dict[str, str]:
    """`url` and `updated_at` a page states about itself; a date that is not ISO is left out."""
    meta: dict[str, str] = {}
    for selector, attribute in _HTML_URL:
        node = tree.css_first(selector)
        value = (node.attributes.get(attribute) or "").strip() if node else ""
        if value.startswith(("http://", "https://")):
            meta["url"] = value
            break
    for selector, attribute in _HTML_MODIFIED:
        node = tree.css_first(selector)
        value = (node.attributes.get(attribute) or "").strip()[:10] if node else ""
        try:
            date.fromisoformat(value)
        except ValueError:
            continue
        meta["updated_at"] = value
        break
    return meta


def html_sections(html: str) -> tuple[str | None, tuple[Section, ...], dict[str, str]]:
    """Visible text of an HTML page by heading, without scripts, navigation and boilerplate, and the
    metadata the page states about itself (`url` from its canonical link, `updated_at`)."""
    from selectolax.lexbor import LexborHTMLParser

    tree = LexborHTMLParser(html)
    title_node = tree.css_first("title")
    title = title_node.text(strip=True) if title_node else None
    meta = _html_meta(tree)
    for selector in (
        "script",
        "style",
        "noscript",
        "nav",
        "header",
        "footer",
        "aside",
        "form",
        "iframe",
        "svg",
        "[role=navigation]",
        "[aria-hidden=true]",
    ):
        for node in tree.css(selector):
            node.decompose()
    root = tree.css_first("main") or tree.css_first("article") or tree.body
    if root is None:
        return title, (), meta
    blocks: list[str] = []
    for node in root.css("h1, h2, h3, h4, h5, h6, p, li, pre, td, th, dt, dd, blockquote"):
        text = " ".join(node.text(separator=" ").split())
        if not text:
            continue
        tag = node.tag or ""
        if len(tag) == 2 and tag[0] == "h" and tag[1].isdigit():
            blocks.append("#" * int(tag[1]) + " " + text)
        elif not _inside_block(node):
            blocks.append(text)
    first_h1 = tree.css_first("h1")
    return title or (first_h1.text(strip=True) if first_h1 else None), markdown_sections("\n\n".join(blocks)), meta


def _inside_block(node: Any) -> bool:
    """True when an ancestor is itself an extracted block, so its text is not taken twice."""
    parent = node.parent
    while parent is not None:
        if parent.tag in ("p", "li", "pre", "td", "th", "dd", "blockquote"):
            return True
        parent = parent.parent
    return False


def _read_text(path: Path, max_bytes: int) -> str:
    size = path.stat().st_size
    if size > max_bytes:
        raise InputError(f"too large ({size:,} bytes; the limit is {max_bytes:,})")
    raw = path.read_bytes()
    if not raw.strip():
        raise InputError("empty file")
    try:
        return raw.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        raise InputError(f"not UTF-8 text (invalid byte at offset {exc.start})") from None


def load_file(
    path: Path, doc_id: str, defaults: Defaults, max_bytes: int = DEFAULT_MAX_BYTES
) -> Iterator[Loaded | Skipped]:
    """Load one file; yields one Loaded per document, or Skipped entries naming the problem."""
    source = str(path)
    suffix = path.suffix.lower()
    if not path.exists():
        yield Skipped(source, "a link to nothing" if path.is_symlink() else "no such file or folder")
        return
    if suffix not in SUPPORTED:
        yield Skipped(source, f"unsupported file type {suffix or '(none)'!r}")
        return
    if suffix in JSONL:
        yield from _load_corpus_file(path, defaults, max_bytes)
        return
    try:
        text = _read_text(path, max_bytes)
    except OSError as exc:
        yield Skipped(source, f"cannot read: {exc.strerror or exc}")
        return
    except InputError as exc:
        yield Skipped(source, str(exc))
        return
    try:
        if suffix in MARKDOWN:
            meta, body = split_front_matter(text, source)
            sections = markdown_sections(body)
            first = next((s.heading_path[0] for s in sections if s.heading_path), None)
            title = first or path.stem
        elif suffix in HTML:
            page_title, sections, stated = html_sections(text)
            meta = dict(stated)
            title = page_title or path.stem
        else:
            meta, body = {}, text
            sections = (Section((), body.strip()),)
            title = path.stem
        full = "\n\n".join(s.text for s in sections)
        if not full.strip():
            yield Skipped(source, "no text after removing markup and boilerplate")
            return
        # Published at its path under --base-url: Markdown and text without the suffix, HTML with it.
        url_path = doc_id + suffix if suffix in HTML else doc_id
        document = build_document(
            meta, full, default_id=doc_id, default_title=title, source=source, defaults=defaults, url_path=url_path
        )
    except InputError as exc:
        yield Skipped(source, str(exc).removeprefix(f"{source}: "))
        return
    yield Loaded(document, sections, source)


def _load_corpus_file(path: Path, defaults: Defaults, max_bytes: int) -> Iterator[Loaded | Skipped]:
    """A corpus is streamed line by line; the size limit applies to each document, not the whole file."""
    source = str(path)
    lines: list[bytes | str] = []
    try:
        with path.open("rb") as f:
            lines = list(f)
    except OSError as exc:
        yield Skipped(source, f"cannot read: {exc.strerror or exc}")
        return
    if not any(line.strip() for line in lines):
        yield Skipped(source, "empty file")
        return
    yield from load_corpus_lines(lines, source, defaults, max_bytes)


def load_corpus_lines(
    lines: Iterable[bytes | str], source: str, defaults: Defaults, max_bytes: int = DEFAULT_MAX_BYTES
) -> Iterator[Loaded | Skipped]:
    """The JSONL corpus format of shared/data/README.md: one document per line, every field kept."""
    for number, raw in enumerate(lines, start=1):
        where = f"{source}:{number}"
        if len(raw) > max_bytes:
            yield Skipped(where, f"too large ({len(raw):,} bytes; the limit is {max_bytes:,})")
            continue
        if isinstance(raw, bytes):
            try:
                line = raw.decode("utf-8-sig" if number == 1 else "utf-8")
            except UnicodeDecodeError as exc:
                yield Skipped(where, f"not UTF-8 text (invalid byte at offset {exc.start})")
                continue
        else:
            line = raw
        if not line.strip():
            continue
        try:
            record = json.loads(line)
        except json.JSONDecodeError as exc:
            yield Skipped(where, f"not valid JSON ({exc.msg})")
            continue
        if not isinstance(record, dict):
            yield Skipped(where, "expected a JSON object")
            continue
        missing = [key for key in ("id", "title", "text") if not isinstance(record.get(key), str)]
        if missing:
            yield Skipped(where, f"{missing[0]}: missing or not a string")
            continue
        if not record["text"].strip():
            yield Skipped(where, "text: empty")
            continue
        try:
            doc = build_document(
                record,
                record["text"],
                default_id=record["id"],
                default_title=record["title"],
                source=where,
                defaults=defaults,
            )
        except InputError as exc:
            yield Skipped(where, str(exc).removeprefix(f"{where}: "))
            continue
        yield Loaded(doc, (Section((), doc.text.strip()),), where)


def walk(paths: Iterable[Path]) -> Iterator[tuple[Path, str]]:
    """Files to ingest with their default document ids (path relative to the given root, no suffix)."""
    for root in paths:
        if root.is_dir():
            # a link to nothing is listed too, so that it is reported rather than silently left out
            for path in sorted(p for p in root.rglob("*") if p.is_file() or (p.is_symlink() and not p.exists())):
                rel = path.relative_to(root)
                if any(part.startswith(".") for part in rel.parts) or path.suffix.lower() not in SUPPORTED:
                    continue
                yield path, rel.with_suffix("").as_posix().replace(" ", "-")
        else:
            yield root, root.with_suffix("").name.replace(" ", "-")
