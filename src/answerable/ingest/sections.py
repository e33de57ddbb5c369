"""A page's text split into sections by heading, for every format ingest reads.

Markdown (markdown-it-py), reStructuredText (docutils) and HTML (selectolax) pages are parsed into typed
blocks (`blocks`) and written as sections in the one Markdown subset `text.units` reads back; plain text
is one section as it is. `Format` names the formats, `detect` tells them apart in a corpus record that
does not say, and `page` parses one.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field, replace
from enum import StrEnum
from typing import Any

from answerable.ingest.blocks import Heading, Section, one_line, write
from answerable.ingest.frontmatter import split_front_matter
from answerable.ingest.html import html_sections
from answerable.ingest.markdown import markdown_blocks, markdown_sections
from answerable.ingest.rst import rst_sections

__all__ = [
    "PARSING",
    "Format",
    "Page",
    "Section",
    "detect",
    "html_sections",
    "markdown_sections",
    "page",
    "rst_sections",
]


# Bumped whenever parsing changes the passages a page gives, so an index built by older parsing is not
# taken for this one's (`evaluation.runner.build_index` keys its cache on it).
PARSING = "31"


class Format(StrEnum):
    """The formats a page can be written in."""

    MARKDOWN = "markdown"
    RST = "rst"
    HTML = "html"
    TEXT = "text"


@dataclass(frozen=True)
class Page:
    """A parsed page: the metadata it states about itself, its sections and the title they give it.

    `title` is None when the page has no top heading: a Markdown page whose first heading is not a
    level-1 one (`## CORSMiddleware` opening a section of a page the site's navigation names) gives its
    title to no page. Its sections are then `under_title` of the title the document gets.
    """

    meta: dict[str, Any] = field(default_factory=dict)
    sections: tuple[Section, ...] = ()
    title: str | None = None

    def under_title(self, title: str) -> tuple[Section, ...]:
        """The sections with `title` over every heading path when the page has no top heading of its own.

        A docs site shows such a page under its title (MkDocs' Material theme writes the title as the
        page's level-1 heading), and its first heading is one section of it, not its name: "Using
        middleware" is the first of a middleware page's sections, and its "CORSMiddleware" section is
        then read under "Middleware", as a page with a level-1 heading is read under it.
        """
        if self.title is not None:
            return self.sections
        return tuple(replace(s, heading_path=(title, *s.heading_path)) for s in self.sections)


# What gives each format away in text that does not say which it is. Plain prose has none of these: a
# corpus of plain paragraphs (the shared datasets) is read as text, as it always was.
_MARKDOWN = re.compile(r"^(?:#{1,6}[ \t]+\S|```|~~~|\|?[ \t]*:?-{3,}:?[ \t]*\||!!![ \t]+\w|>[ \t]*\[!\w+\])", re.M)
_FRONT_MATTER = re.compile(r"\A(?:---|\+\+\+)[ \t]*\n")
_RST = re.compile(r"^\.\.[ \t]+[\w:.+-]+::|^(\S[^\n]*)\n([=\-~^\"'`#*+])\2{2,}[ \t]*$", re.M)
_HTML = re.compile(r"<(?:html|body|p|div|h[1-6]|ul|ol|table|pre|article|main|section)(?:\s[^<>]*)?>", re.I)


def detect(text: str) -> Format:
    """The format of `text` that does not say: HTML by its tags, Markdown by front matter, `#` headings,
    fences, a table's rule or an admonition, reST by a directive or a title over its `====` underline;
    else plain text."""
    head = text.lstrip()[:2000]
    if head.startswith("<") and _HTML.search(text):
        return Format.HTML
    if _FRONT_MATTER.match(text) or _MARKDOWN.search(text):
        return Format.MARKDOWN
    for match in _RST.finditer(text):
        if match.group(1) is None or len(match.group(0).split("\n")[1].strip()) >= len(match.group(1).strip()):
            return Format.RST
    if _HTML.search(text) and re.search(r"</(?:p|div|li|h[1-6]|table|pre)>", text, re.I):
        return Format.HTML
    return Format.TEXT


def page(text: str, fmt: Format, source: str) -> Page:
    """A page of `text` in `fmt`: Markdown's front matter as its metadata (errors name `source`), an HTML
    page's own address and date, its sections, and the title its top heading or `<title>` gives it (a
    Markdown page's first heading when it is a level-1 one, else none: `Page.under_title`)."""
    if fmt is Format.MARKDOWN:
        meta, body = split_front_matter(text, source)
        blocks = markdown_blocks(body)
        first = next((b for b in blocks if isinstance(b, Heading) and one_line(b.text)), None)
        title = one_line(first.text) if first is not None and first.level == 1 else None
        return Page(meta, write(blocks, title_level=1), title)
    if fmt is Format.RST:
        sections = rst_sections(text)
        return Page({}, sections, next((s.heading_path[0] for s in sections if s.heading_path), None))
    if fmt is Format.HTML:
        title, sections, stated = html_sections(text)
        return Page(dict(stated), sections, title)
    return Page({}, (Section((), text.strip()),) if text.strip() else (), None)
