"""Loaders: Markdown (YAML or TOML front matter), reStructuredText, HTML, Jupyter notebooks (as Markdown:
`notebook`), plain text and the JSONL corpus format, plus a walk.

Each loader turns one file into documents split into heading-labelled sections. A problem with a file
(unreadable, empty, not text, too large, invalid metadata) becomes a `Skipped` entry naming the path
and the reason; the rest of the batch goes on. A `.rst.txt` file (Sphinx's `_sources/`) is reST, and its
id drops both suffixes. With `--base-url`, a Markdown or reST page is published where Sphinx and MkDocs put
it: at its path with the suffix replaced by `.html` (`usage/quickstart.rst.txt` ->
`usage/quickstart.html`); an HTML page and a text file at their own path.
"""

from __future__ import annotations

import codecs
import json
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from pathlib import Path, PurePosixPath

import yaml

from answerable.core.errors import InputError
from answerable.core.types import Document
from answerable.ingest.frontmatter import split_front_matter
from answerable.ingest.includes import with_includes, with_rst_includes
from answerable.ingest.metadata import Defaults, build_document
from answerable.ingest.notebook import notebook_markdown
from answerable.ingest.sections import Format, Section, detect, html_sections, markdown_sections, page

__all__ = [
    "DEFAULT_MAX_BYTES",
    "SUPPORTED",
    "Format",
    "Found",
    "Loaded",
    "MkDocsSite",
    "Section",
    "Skipped",
    "file_title",
    "find",
    "html_sections",
    "load_corpus_lines",
    "load_file",
    "markdown_sections",
    "mkdocs_site",
    "split_front_matter",
    "walk",
]

DEFAULT_MAX_BYTES = 5_000_000
MARKDOWN = (".md", ".markdown", ".mdx")  # .mdx: Docusaurus pages, Markdown with JSX and imports
RST = (".rst", ".rest")
HTML = (".html", ".htm")
TEXT = (".txt", ".text")
JSONL = (".jsonl",)
NOTEBOOK = ".ipynb"  # a Jupyter notebook, read as the Markdown page a docs site shows it as
SUPPORTED = MARKDOWN + RST + HTML + TEXT + JSONL + (NOTEBOOK,)
SPHINX_SOURCE = ".rst.txt"  # a page of Sphinx's `_sources/`, as published beside the HTML it was built into
_FORMATS = {**dict.fromkeys((*MARKDOWN, NOTEBOOK), Format.MARKDOWN), **dict.fromkeys(RST, Format.RST)}
_FORMATS.update(dict.fromkeys(HTML, Format.HTML))


def _suffix(name: str) -> str:
    """A file's suffix as ingest reads it: `.rst.txt` whole, else the last one, in lower case."""
    lower = name.lower()
    return SPHINX_SOURCE if lower.endswith(SPHINX_SOURCE) else "." + lower.rsplit(".", 1)[-1] if "." in lower else ""


def file_format(name: str) -> Format:
    """The format of a file by its name (`.md`, `.mdx`, `.rst`, `.rst.txt`, `.html`; anything else is text)."""
    suffix = _suffix(name)
    return Format.RST if suffix == SPHINX_SOURCE else _FORMATS.get(suffix, Format.TEXT)


def published_path(rel_path: str) -> str:
    """Where a file is published under `--base-url`: Markdown and reST at their path with the suffix
    replaced by `.html` (how Sphinx and MkDocs lay out their output), others at their own path."""
    suffix = _suffix(rel_path.rsplit("/", 1)[-1])
    if file_format(rel_path) in (Format.MARKDOWN, Format.RST):
        return rel_path[: -len(suffix)] + ".html"
    return rel_path


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


# A byte-order mark names the encoding; UTF-32's marks begin with UTF-16's, so they are tried first.
_BOMS = (
    (codecs.BOM_UTF32_LE, "utf-32-le", "UTF-32"),
    (codecs.BOM_UTF32_BE, "utf-32-be", "UTF-32"),
    (codecs.BOM_UTF8, "utf-8", "UTF-8"),
    (codecs.BOM_UTF16_LE, "utf-16-le", "UTF-16"),
    (codecs.BOM_UTF16_BE, "utf-16-be", "UTF-16"),
)
NUL_TEXT = "contains NUL bytes: binary, or UTF-16 without a byte-order mark"


def decode_text(raw: bytes) -> str:
    """Text from bytes: UTF-8, or the UTF-16/32 its byte-order mark names. Refuses text holding NUL."""
    bom, encoding, name = next(((b, e, n) for b, e, n in _BOMS if raw.startswith(b)), (b"", "utf-8", "UTF-8"))
    try:
        text = raw[len(bom) :].decode(encoding)
    except UnicodeDecodeError as exc:
        raise InputError(f"not {name} text (invalid byte at offset {len(bom) + exc.start})") from None
    if "\x00" in text:
        raise InputError(NUL_TEXT)
    return text


def _read_text(path: Path, max_bytes: int) -> str:
    size = path.stat().st_size
    if size > max_bytes:
        raise InputError(f"too large ({size:,} bytes; the limit is {max_bytes:,})")
    raw = path.read_bytes()
    if not raw.strip():
        raise InputError("empty file")
    text = decode_text(raw)
    if not text.strip():
        raise InputError("empty file")
    return text


def load_file(
    path: Path,
    doc_id: str,
    defaults: Defaults,
    max_bytes: int = DEFAULT_MAX_BYTES,
    *,
    rel_path: str | None = None,
    nav_title: str | None = None,
    url_path: str | None = None,
    include_root: Path | None = None,
) -> Iterator[Loaded | Skipped]:
    """Load one file; yields one Loaded per document, or Skipped entries naming the problem.

    `rel_path` is the file's path as published under `defaults.base_url` (relative to the folder given,
    as `find` gives it); without it, the document id stands for the path. `nav_title` is the title the
    site's navigation gives the page (`mkdocs_site`), taken when the page states none of its own, and
    `url_path` where the site publishes it (default: `published_path` of `rel_path`). With `include_root`,
    a Markdown page's includes (`--8<-- "file"`, `{! file !}`, `{* file *}`) and a reST page's
    (`.. literalinclude::`, `.. include::`) are replaced by the files they name inside that folder, as the
    site's build does (`includes`); without it, or for a file that cannot be read there, the marker or
    directive gives no text.
    """
    source = str(path)
    suffix = _suffix(path.name)
    if not path.exists():
        yield Skipped(source, "a link to nothing" if path.is_symlink() else "no such file or folder")
        return
    if suffix not in SUPPORTED and suffix != SPHINX_SOURCE:
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
    fmt = file_format(path.name)
    if suffix == NOTEBOOK:
        try:
            text = notebook_markdown(text)
        except InputError as exc:
            yield Skipped(source, str(exc))
            return
    if include_root is not None and fmt is Format.MARKDOWN:
        text = with_includes(text, path, include_root, max_bytes)
    elif include_root is not None and fmt is Format.RST:
        text = with_rst_includes(text, path, include_root, max_bytes)
    try:
        parsed = page(text, fmt, source)
        full = "\n\n".join(s.text for s in parsed.sections)
        if not full.strip():
            yield Skipped(source, "no text after removing markup and boilerplate")
            return
        published = rel_path or doc_id + path.name[len(_stem(path.name)) :]
        document = build_document(
            parsed.meta,
            full,
            default_id=doc_id,
            default_title=parsed.title or nav_title or file_title(published),
            source=source,
            defaults=defaults,
            url_path=url_path if url_path is not None else published_path(published),
        )
    except InputError as exc:
        yield Skipped(source, str(exc).removeprefix(f"{source}: "))
        return
    yield Loaded(document, parsed.under_title(document.title), source)


def file_title(rel_path: str) -> str:
    """The title of a page that names none (no title in its front matter, no level-1 heading): its file
    name as a docs site shows it, without its suffix, words split at "-" and "_", the first capitalised
    ("early-hints.md": "Early hints"); an index page takes its folder's name, "Home" at the top (as MkDocs
    names pages its navigation does not)."""
    parts = PurePosixPath(rel_path.replace("\\", "/")).parts
    stem = _stem(parts[-1]) if parts else ""
    if stem.lower() in ("index", "readme"):
        stem = parts[-2] if len(parts) > 1 else "Home"
    words = " ".join(stem.replace("_", " ").replace("-", " ").split())
    return words[:1].upper() + words[1:] if words else rel_path


def _stem(name: str) -> str:
    """A file's name without its suffix (both of `.rst.txt`)."""
    suffix = _suffix(name)
    return name[: -len(suffix)] if suffix and name.lower().endswith(suffix) else name


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
        if "\x00" in record["text"]:
            yield Skipped(where, "text: contains NUL characters")
            continue
        stated = record.get("format")
        if stated is not None and stated not in tuple(Format):
            allowed = ", ".join(f.value for f in Format)
            yield Skipped(where, f"format: expected one of {allowed}, got {stated!r}")
            continue
        fmt = Format(stated) if stated is not None else detect(record["text"])
        try:
            parsed = page(record["text"], fmt, where)
            text = record["text"] if fmt is Format.TEXT else "\n\n".join(s.text for s in parsed.sections)
            if not text.strip():
                yield Skipped(where, "text: no text after removing markup")
                continue
            # the record's own fields over what its text states about itself (front matter)
            doc = build_document(
                {**parsed.meta, **{k: v for k, v in record.items() if k != "format"}},
                text,
                default_id=record["id"],
                default_title=record["title"],
                source=where,
                defaults=defaults,
            )
        except InputError as exc:
            yield Skipped(where, str(exc).removeprefix(f"{where}: "))
            continue
        sections = parsed.under_title(doc.title) if fmt is not Format.TEXT else (Section((), doc.text.strip()),)
        yield Loaded(doc, sections, where)


@dataclass(frozen=True)
class Found:
    """A file to ingest: its default document id, its path relative to the folder given, and what the
    MkDocs site it belongs to says of it, if any (`mkdocs_site`): the title its navigation gives it and the
    path it is published at."""

    path: Path
    doc_id: str
    rel_path: str
    nav_title: str | None = None
    url_path: str | None = None  # None: `published_path(rel_path)`
    include_root: Path | None = None  # the folder a Markdown page's includes may be read from (`includes`)


@dataclass(frozen=True)
class MkDocsSite:
    """What an MkDocs config says of the pages of its `docs_dir`: the titles its navigation gives them, by
    path relative to that folder, and whether each page is published as a folder (`use_directory_urls`,
    MkDocs' default: `middleware.md` at `middleware/`, `index.md` at the site's root)."""

    titles: dict[str, str]
    directory_urls: bool = True

    def url_path(self, rel_path: str) -> str | None:
        """Where the page at `rel_path` is published, relative to the site's URL; None for a file that is
        no page (MkDocs publishes it as it is)."""
        if file_format(rel_path) is not Format.MARKDOWN:
            return None
        stem = rel_path[: -len(_suffix(rel_path.rsplit("/", 1)[-1]))]
        if not self.directory_urls:
            return stem + ".html"
        folder, _, name = stem.rpartition("/")
        if name.lower() in ("index", "readme"):
            return f"{folder}/" if folder else ""
        return f"{stem}/"


class _NavLoader(yaml.SafeLoader):
    """YAML as MkDocs reads it, its Python tags (`!!python/name:...`, `!ENV`) read as nothing."""


_NavLoader.add_multi_constructor("", lambda loader, suffix, node: None)
_NavLoader.add_multi_constructor("tag:yaml.org,2002:python/", lambda loader, suffix, node: None)


def mkdocs_site(root: Path) -> MkDocsSite | None:
    """The MkDocs site whose pages are the files under `root`, if one says so.

    `mkdocs.yml` (or `.yaml`) is looked for in `root` and the folder above it, and read when its `docs_dir`
    (default `docs`) is `root`. Its `nav` names pages ("- Static Files: staticfiles.md"), which is how the
    site titles a page with no level-1 heading, and `use_directory_urls` (default true) where it publishes
    them. A config that cannot be read is no site: pages keep the titles their text or file name gives
    them, and the URLs `published_path` gives.
    """
    for folder in (root, root.parent):
        for name in ("mkdocs.yml", "mkdocs.yaml"):
            config = folder / name
            if not config.is_file():
                continue
            try:
                raw = yaml.load(config.read_text(encoding="utf-8"), Loader=_NavLoader)
            except (OSError, UnicodeDecodeError, yaml.YAMLError):
                return None
            if not isinstance(raw, dict):
                return None
            docs_dir = raw.get("docs_dir", "docs")
            if not isinstance(docs_dir, str) or (folder / docs_dir).resolve() != root.resolve():
                continue
            titles: dict[str, str] = {}
            _read_nav(raw.get("nav"), titles)
            return MkDocsSite(titles, raw.get("use_directory_urls", True) is not False)
    return None


def _read_nav(items: object, titles: dict[str, str]) -> None:
    if not isinstance(items, list):
        return
    for item in items:
        if not isinstance(item, dict):
            continue  # a bare path: the page keeps its own title
        for title, target in item.items():
            if isinstance(target, str) and isinstance(title, str) and "://" not in target:
                titles.setdefault(PurePosixPath(target).as_posix().removeprefix("./"), title.strip())
            else:
                _read_nav(target, titles)


def find(paths: Iterable[Path]) -> Iterator[Found]:
    """Files to ingest. The default id is the path relative to the given root without the suffix (both of
    `.rst.txt`), spaces made dashes (`billing/my page.md` -> `billing/my-page`); `rel_path` keeps the real
    name for its URL. A page found in a folder may include files of that folder (`include_root`); a file
    given alone includes nothing: only what was named is read."""
    for root in paths:
        if root.is_dir():
            site = mkdocs_site(root)
            # a link to nothing is listed too, so that it is reported rather than silently left out
            for path in sorted(p for p in root.rglob("*") if p.is_file() or (p.is_symlink() and not p.exists())):
                rel = path.relative_to(root)
                suffix = _suffix(path.name)
                if any(part.startswith(".") for part in rel.parts) or (
                    suffix not in SUPPORTED and suffix != SPHINX_SOURCE
                ):
                    continue
                doc_id = (rel.parent / _stem(rel.name)).as_posix().removeprefix("./")
                rel_path = rel.as_posix()
                if site is None:
                    yield Found(path, doc_id.replace(" ", "-"), rel_path, include_root=root)
                else:
                    title, url = site.titles.get(rel_path), site.url_path(rel_path)
                    yield Found(path, doc_id.replace(" ", "-"), rel_path, title, url, root)
        else:
            yield Found(root, _stem(root.name).replace(" ", "-"), root.name)


def walk(paths: Iterable[Path]) -> Iterator[tuple[Path, str]]:
    """Files to ingest with their default document ids (see `find`)."""
    for found in find(paths):
        yield found.path, found.doc_id
