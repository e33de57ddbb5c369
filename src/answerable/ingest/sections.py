"""The text of a Markdown or HTML page, split into sections by heading.

Markdown: ATX (`## Title`) and setext (`Title` over `===` or `---`) headings, outside code fences;
HTML comments are dropped. HTML: every visible text run outside boilerplate (scripts, navigation, the
page's banner and footer, forms), with block elements as paragraphs, `<br>` and `<pre>` line breaks
kept, and table rows as rows. Both give `Section`s that the chunker packs without crossing a heading.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import date
from typing import Any

from answerable.ingest.metadata import check_url


@dataclass(frozen=True)
class Section:
    """A run of text under one heading path (outermost heading first)."""

    heading_path: tuple[str, ...]
    text: str
    anchor: str | None = None  # the innermost heading's fragment id in the page; None before any heading


class _Outline:
    """Sections being built: the current heading path and the lines under it."""

    def __init__(self) -> None:
        self.sections: list[Section] = []
        self.path: list[tuple[int, str]] = []
        self.lines: list[str] = []
        self.anchor: str | None = None
        self.slugs: dict[str, int] = {}

    def flush(self) -> None:
        text = "\n".join(self.lines).strip()
        if text:
            self.sections.append(Section(tuple(h for _, h in self.path), text, self.anchor))
        self.lines.clear()

    def heading(self, level: int, text: str, anchor: str | None = None) -> None:
        # The heading a page opens with is its title: its sections are cited as the page itself.
        opens_page = not self.path and not self.sections and not "\n".join(self.lines).strip()
        self.flush()
        self.path[:] = [(lvl, h) for lvl, h in self.path if lvl < level]
        self.path.append((level, text))
        self.anchor = None if opens_page else anchor

    def slug(self, heading: str) -> str | None:
        """The id GitHub gives a Markdown heading: lower case, punctuation dropped, spaces as hyphens; a
        repeated one gets -1, -2... (MkDocs, Docusaurus and most renderers agree on plain ASCII headings)."""
        text = _LINK.sub(r"\1", heading).strip().lower()
        base = _NOT_SLUG.sub("", text).replace(" ", "-")
        if not base:
            return None
        seen = self.slugs.get(base, 0)
        self.slugs[base] = seen + 1
        return f"{base}-{seen}" if seen else base


_LINK = re.compile(r"!?\[([^\]]*)\]\([^)]*\)")  # [text](url) and ![alt](src): the text is what shows
_NOT_SLUG = re.compile(r"[^\w\- ]")
_HEADING_ID = re.compile(r"[ \t]*\{[ \t]*#([\w\-:.]+)[^{}]*\}[ \t]*$")


# --- Markdown -----------------------------------------------------------------------------------------

_ATX = re.compile(r"^(#{1,6})[ \t]+(.+?)[ \t]*$")
# A closing sequence is removed only after white space: `## Using C#` is about C#.
_ATX_CLOSE = re.compile(r"(?:^|[ \t]+)#+$")
_FENCE = re.compile(r"^(`{3,}|~{3,})(.*)$")
_SETEXT = re.compile(r"^ {0,3}(={3,}|-{3,})[ \t]*$")
# A line that starts a list item, quote, table or indented code cannot be a setext heading's text.
_NOT_SETEXT_TEXT = re.compile(r"^(?: {4}|\t| {0,3}(?:[-*+]\s|\d{1,9}[.)]\s|>|\|))")
# Raw HTML a Markdown page may hold (`<kbd>Ctrl</kbd>`, `<details><summary>`, `<br>`): the tags of these
# elements are markup, their text is page text. Only known element names: `List<String>` in prose stays.
_INLINE_TAGS = (
    "a|abbr|b|bdi|bdo|big|cite|code|del|dfn|em|font|i|img|ins|kbd|mark|q|s|samp|small|span|strong|sub|sup|u|var|wbr"
)
_BLOCK_TAGS = (
    "blockquote|br|center|dd|details|div|dl|dt|figcaption|figure|h[1-6]|hr|li|ol|p|picture|pre|section|source"
    "|summary|table|tbody|td|th|thead|tr|ul|video"
)
_CODE_OR_COMMENT = re.compile(
    r"(`+).*?\1|<!--.*?-->|<!--"
    rf"|(?P<inline></?(?:{_INLINE_TAGS})(?:\s[^<>]*)?/?>)|(?P<block></?(?:{_BLOCK_TAGS})(?:\s[^<>]*)?/?>)",
    re.IGNORECASE,
)


def _without_comments(line: str, in_comment: bool) -> tuple[str, bool]:
    """`line` without HTML comments and the tags of raw HTML elements (not inside inline code), and whether
    a comment is still open. A block element's tag leaves a space, so `one<br>two` stays two words."""
    pos = 0
    if in_comment:
        end = line.find("-->")
        if end < 0:
            return "", True
        pos = end + 3
    kept: list[str] = []
    while True:
        match = _CODE_OR_COMMENT.search(line, pos)
        if match is None:
            kept.append(line[pos:])
            return "".join(kept), False
        if match.group(1):  # inline code: kept as written
            kept.append(line[pos : match.end()])
        elif match.group("inline") or match.group("block"):
            kept.append(line[pos : match.start()] + (" " if match.group("block") else ""))
        else:
            kept.append(line[pos : match.start()])
            if match.group(0) == "<!--":  # opened here, closed on a later line
                return "".join(kept), True
        pos = match.end()


def markdown_sections(body: str) -> tuple[Section, ...]:
    """Split Markdown on ATX and setext headings (not inside code fences), keeping the heading path."""
    out = _Outline()
    fence: str | None = None  # the opening fence while inside a code block
    in_comment = False
    paragraph = 0  # index in out.lines where the current paragraph starts
    for raw in body.splitlines():
        if fence is not None:
            out.lines.append(raw)
            stripped = raw.strip()
            # closed only by the same character, at least as long, with nothing after it
            if stripped[:1] == fence[0] and set(stripped) == {fence[0]} and len(stripped) >= len(fence):
                fence = None
                paragraph = len(out.lines)
            continue
        line, still_open = _without_comments(raw, in_comment)
        commented = in_comment or line != raw
        in_comment = still_open
        if commented and not line.strip():
            out.lines.append("")  # a line of nothing but comment ends a paragraph, as an HTML block does
            paragraph = len(out.lines)
            continue
        opening = _FENCE.match(line.strip())
        if opening and not (opening.group(1)[0] == "`" and "`" in opening.group(2)):
            fence = opening.group(1)
            out.lines.append(line)
            continue
        atx = _ATX.match(line)
        heading = _ATX_CLOSE.sub("", atx.group(2)).strip() if atx else ""
        if atx and heading:
            explicit = _HEADING_ID.search(heading)  # `## Limits {#key-limits}` (MkDocs attr_list, Hugo, Pandoc)
            if explicit and heading[: explicit.start()].strip():
                heading = heading[: explicit.start()].strip()
                out.heading(len(atx.group(1)), heading, explicit.group(1))
            else:
                out.heading(len(atx.group(1)), heading, out.slug(heading))
            paragraph = 0
            continue
        setext = _SETEXT.match(line)
        text_lines = out.lines[paragraph:]
        if setext and text_lines and not _NOT_SETEXT_TEXT.match(text_lines[0]):
            del out.lines[paragraph:]
            title = " ".join(t.strip() for t in text_lines)
            out.heading(1 if setext.group(1)[0] == "=" else 2, title, out.slug(title))
            paragraph = 0
            continue
        out.lines.append(line)
        if not line.strip():
            paragraph = len(out.lines)
    out.flush()
    return tuple(out.sections)


# --- HTML ---------------------------------------------------------------------------------------------

# Not page text: code, navigation, the site's banner and footer, forms, hidden parts. A `<header>` inside
# an article, main or section is that part's own header (its h1 is the page heading) and is kept.
_BOILERPLATE = (
    "script",
    "style",
    "noscript",
    "template",
    "nav",
    "footer",
    "aside",
    "form",
    "iframe",
    "svg",
    "[role=navigation]",
    "[aria-hidden=true]",
    "[hidden]",
)
_SECTIONING = ("article", "main", "section")
# Elements that start a new paragraph; anything else (span, a, b, code, em...) is inline text.
_BLOCKS = frozenset(
    {
        *("address", "article", "blockquote", "body", "caption", "center", "dd", "details", "dialog", "div"),
        *("dl", "dt", "fieldset", "figcaption", "figure", "footer", "h1", "h2", "h3", "h4", "h5", "h6"),
        *("header", "hgroup", "hr", "html", "legend", "li", "main", "menu", "ol", "p", "pre", "section"),
        *("summary", "table", "tbody", "thead", "tfoot", "ul"),
    }
)
_ROWS = frozenset({"tr"})
_CELLS = frozenset({"td", "th"})

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
    """`url` and `updated_at` a page states about itself; a relative URL or a date not ISO is left out."""
    meta: dict[str, str] = {}
    for selector, attribute in _HTML_URL:
        node = tree.css_first(selector)
        value = (node.attributes.get(attribute) or "").strip() if node else ""
        if value.startswith(("http://", "https://")) and check_url(value) is None:
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


def _is_heading(tag: str) -> bool:
    return len(tag) == 2 and tag[0] == "h" and tag[1] in "123456"


def _collapse(text: str) -> str:
    """White space as a browser shows it, `<br>` breaks (newlines) kept."""
    return "\n".join(" ".join(line.split()) for line in text.split("\n")).strip()


def _inline(node: Any) -> str:
    """All text under `node` on one line (a table cell, a heading)."""
    parts: list[str] = []
    for child in node.iter(include_text=True):
        tag = child.tag or ""
        if tag == "-text":
            parts.append(child.text(deep=False))
        elif not tag.startswith(("-", "_")):
            inner = _inline(child)
            parts.append(f" {inner} " if tag in _BLOCKS or tag in _CELLS or tag == "br" else inner)
    return " ".join("".join(parts).split())


class _HtmlText:
    """Walks the page, gathering inline text into paragraphs and paragraphs into sections."""

    def __init__(self) -> None:
        self.out = _Outline()
        self.run: list[str] = []  # inline text of the paragraph being read; "\n" for a <br>

    def end_paragraph(self) -> None:
        text = _collapse("".join(self.run))
        if text:
            self.out.lines.extend([text, ""])
        self.run.clear()

    def paragraph(self, text: str) -> None:
        self.end_paragraph()
        if text.strip():
            self.out.lines.extend([text, ""])

    def walk(self, node: Any) -> None:
        for child in node.iter(include_text=True):
            tag = child.tag or ""
            if tag == "-text":
                self.run.append(child.text(deep=False).replace("\n", " "))
            elif tag.startswith(("-", "_")):  # comments, doctype
                continue
            elif tag == "br":
                self.run.append("\n")
            elif _is_heading(tag):
                self.end_paragraph()
                text = _inline(child)
                if text:
                    self.out.heading(int(tag[1]), text, _html_id(child))
            elif tag == "pre":
                # kept as written: line breaks and indentation are the content
                lines = [line.rstrip() for line in child.text().strip("\n").split("\n")]
                self.paragraph("\n".join(lines))
            elif tag == "table":
                caption = child.css_first("caption")
                if caption is not None:
                    self.paragraph(_inline(caption))
                self.paragraph(_markdown_table(child))
            elif tag in _ROWS:  # a row outside any table
                self.paragraph(_markdown_row(child))
            elif tag in _BLOCKS or tag in _CELLS:
                self.end_paragraph()
                self.walk(child)
                self.end_paragraph()
            else:
                self.walk(child)


def _html_id(heading: Any) -> str | None:
    """The fragment a heading can be linked by: its own `id`, else that of an anchor inside it
    (`<h2><a id="limits"></a>Limits</h2>`, or the old `name`). None when it has none: an HTML page's ids
    are its author's, not derived from the text."""
    for node in (heading, *heading.css("a")):
        for attribute in ("id", "name") if node is not heading else ("id",):
            value = (node.attributes.get(attribute) or "").strip()
            if value and not any(c.isspace() for c in value):
                return value
    return None


def _cells(row: Any) -> list[Any]:
    return [c for c in row.iter() if (c.tag or "") in _CELLS]


def _markdown_row(row: Any) -> str:
    cells = [_inline(c).replace("|", "\\|") for c in _cells(row)]
    return f"| {' | '.join(cells)} |" if any(cells) else ""


def _markdown_table(table: Any) -> str:
    """An HTML table as a Markdown one, its header row (all `th`) ruled off: read like a Markdown page's
    table, it stays one unit of a passage, and a table too long for one chunk is cut between rows under its
    header (`chunking`). A row as plain text ran into the prose around it."""
    lines: list[str] = []
    for row in table.css("tr"):
        line = _markdown_row(row)
        if not line:
            continue
        lines.append(line)
        if len(lines) == 1 and all((c.tag or "") == "th" for c in _cells(row)):
            lines.append("|" + "---|" * len(_cells(row)))
    return "\n".join(lines)


def html_sections(html: str) -> tuple[str | None, tuple[Section, ...], dict[str, str]]:
    """Visible text of an HTML page by heading, without scripts, navigation and boilerplate, and the
    metadata the page states about itself (`url` from its canonical link, `updated_at`)."""
    from selectolax.lexbor import LexborHTMLParser

    tree = LexborHTMLParser(html)
    title_node = tree.css_first("title")
    title = title_node.text(strip=True) if title_node else None
    meta = _html_meta(tree)
    for selector in _BOILERPLATE:
        for node in tree.css(selector):
            node.decompose()
    for node in tree.css("header"):
        if not _inside(node, _SECTIONING):
            node.decompose()
    root = tree.css_first("main") or tree.css_first("article") or tree.body
    if root is None:
        return title, (), meta
    text = _HtmlText()
    text.walk(root)
    text.end_paragraph()
    text.out.flush()
    first_h1 = tree.css_first("h1")
    return title or (_inline(first_h1) if first_h1 else None) or None, tuple(text.out.sections), meta


def _inside(node: Any, tags: tuple[str, ...]) -> bool:
    parent = node.parent
    while parent is not None:
        if parent.tag in tags:
            return True
        parent = parent.parent
    return False
