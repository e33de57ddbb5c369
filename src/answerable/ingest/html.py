"""HTML pages into typed blocks, parsed by selectolax (lexbor).

The page's main content is read (`[role=main]`, `main`, `article`, Sphinx's `.body`, the PostgreSQL
manual's `#docContent`, else the body), without scripts, navigation, banners, footers, forms, tables of
contents and permalink marks. Headings keep the ids that link them (their own, an anchor's inside them, or
that of the section they open: Sphinx's `<section id>`, DocBook's `<div class="sect1" id>`). Definition
lists (`dl`: Sphinx's options, config values and API signatures, DocBook's `variablelist`) become entries,
`pre` blocks code with the language their classes name, tables keep their header, and `div.admonition`,
`.note`, `.warning`, Sphinx's version notes and `details` become admonitions labelled by their title.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import date
from typing import Any

from answerable.ingest.blocks import (
    LINE_BREAK,
    Block,
    Code,
    Defs,
    Heading,
    Items,
    Note,
    Para,
    Section,
    Table,
    cell_text,
    code_span,
    introduced_by,
    one_line,
    raised,
    shown_as_code,
    write,
)
from answerable.ingest.metadata import check_url

# Not page text: code, navigation, the site's banner and footer, forms, hidden parts, a generated table of
# contents, permalink marks and index anchors. A `<header>` inside an article, main or section is that
# part's own header (its h1 is the page heading) and is kept.
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
    "[role=search]",
    "[aria-hidden=true]",
    "[hidden]",
    "a.headerlink",
    # a code block's line numbers (Pygments' `linenos`): no part of the code
    "span.linenos",
    "span.lineno",
    "td.linenos",
    "a.indexterm",
    ".sphinxsidebar",
    "div.related",
    "div.toctree-wrapper",
    "div.navheader",
    "div.navfooter",
    "div.toc",
    "div.footer",
    ".md-sidebar",
    ".md-header",
    ".md-footer",
    "div.contents.topic",
    "nav.contents",
)
_SECTIONING = ("article", "main", "section")
_MAIN = ("[role=main]", "main", "article", "div.body", "div.document", "#docContent", "#content")

_HEADINGS = frozenset({"h1", "h2", "h3", "h4", "h5", "h6"})
# Inline elements: their text joins the paragraph around them. Anything not listed is a block.
_INLINE = frozenset(
    {
        *("a", "abbr", "acronym", "b", "bdi", "bdo", "big", "br", "cite", "code", "data", "del", "dfn", "em"),
        *("font", "i", "img", "ins", "kbd", "label", "mark", "q", "rp", "rt", "ruby", "s", "samp", "small"),
        *("span", "strike", "strong", "sub", "sup", "time", "tt", "u", "var", "wbr", "math"),
    }
)
_CODE = frozenset({"code", "tt", "samp"})
_ADMONITIONS = frozenset(
    {
        *("admonition", "note", "warning", "tip", "hint", "important", "caution", "danger", "attention"),
        *("error", "seealso", "todo", "versionadded", "versionchanged", "deprecated"),
    }
)
_LABELS = {"seealso": "See also", "versionadded": "New", "versionchanged": "Changed", "deprecated": "Deprecated"}
_SEPARATORS = (",", ":", "-", "–", "—")

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


def _classes(node: Any) -> list[str]:
    return (node.attributes.get("class") or "").split()


def _inline(node: Any) -> str:
    """All text under `node`, inline code in backticks (a paragraph, a heading, a cell); callers make it one
    line."""
    parts: list[str] = []
    for child in node.iter(include_text=True):
        parts.append(_inline_part(child, parts))
    return "".join(parts)


# A footnote's mark in the text (Sphinx's `footnote-reference`, the PostgreSQL manual's `footnote`): the note
# is read where the page puts it, and the mark, a bare number after a word, would be read as part of it.
_FOOTNOTE_MARKS = frozenset(["footnote-reference", "footnote"])


def _inline_part(child: Any, before: Sequence[str] = ()) -> str:
    """The text of an inline `child`; `before`, the parts of its line before it (what a superscript follows)."""
    tag = child.tag or ""
    if tag == "-text":
        return shown_as_code(str(child.text(deep=False)))
    if tag.startswith(("-", "_")) or tag == "img":
        return ""
    if tag in _CODE:
        return code_span(child.text())
    if tag == "br":
        return LINE_BREAK  # a space in a paragraph, a new item in a table cell (`blocks.cell_text`)
    if tag == "a" and _FOOTNOTE_MARKS & set(_classes(child)):
        return ""
    inner = _inline(child)
    if tag in ("sup", "sub"):
        return raised(inner, below=tag == "sub", after="".join(before[-2:]))
    return inner if tag in _INLINE else f" {inner} "


def _language(pre: Any) -> str:
    """A code block's language from the classes of the block, its `code` or a wrapper (`language-python`,
    `lang-sql`, Sphinx's `highlight-python3`, `sourceCode python`)."""
    code = pre.css_first("code")
    nodes = [pre, *([code] if code is not None else []), pre.parent, pre.parent.parent if pre.parent else None]
    for node in nodes:
        if node is None:
            continue
        names = _classes(node)
        for name in names:
            for prefix in ("language-", "lang-", "highlight-"):
                if name.startswith(prefix) and name[len(prefix) :] not in ("", "default", "none", "text"):
                    return name[len(prefix) :]
        if "sourceCode" in names and len(names) > 1:
            return next(n for n in names if n != "sourceCode")
    return ""


def _heading_anchor(heading: Any) -> str | None:
    """The fragment a heading can be linked by: its own `id`, that of an anchor inside it (`<h2><a
    id="limits"></a>Limits</h2>`, or the old `name`), else that of the section it opens. None when it has
    none: an HTML page's ids are its author's, not derived from the text."""
    for node in (heading, *heading.css("a")):
        for attribute in ("id", "name") if node is not heading else ("id",):
            value = (node.attributes.get(attribute) or "").strip()
            if value and not any(c.isspace() for c in value):
                return value
    parent = heading.parent
    while parent is not None and (parent.tag or "") not in ("body", "html"):
        value = (parent.attributes.get("id") or "").strip()
        if value and not any(c.isspace() for c in value):
            # only the section this heading opens, not one with an earlier heading
            return value if parent.css_first("h1, h2, h3, h4, h5, h6") == heading else None
        parent = parent.parent
    return None


class _Reader:
    """A page's DOM as typed blocks."""

    def container(self, node: Any) -> list[Block]:
        """The blocks of an element whose children mix inline text and blocks."""
        out: list[Block] = []
        run: list[str] = []

        def end_run() -> None:
            text = one_line("".join(run))
            if text:
                out.append(Para(text))
            run.clear()

        for child in node.iter(include_text=True):
            tag = child.tag or ""
            if tag == "-text":
                run.append(shown_as_code(child.text(deep=False)))
            elif tag.startswith(("-", "_")) or tag == "img":
                continue
            elif tag in _INLINE:
                run.append(_inline_part(child, run))
            else:
                end_run()
                out += self.block(child)
        end_run()
        return out

    def block(self, node: Any) -> list[Block]:
        tag = node.tag or ""
        classes = set(_classes(node))
        if tag in _HEADINGS:
            text = one_line(_inline(node))
            return [Heading(int(tag[1]), text, _heading_anchor(node))] if text else []
        if tag == "p":
            return self.container(node)
        if tag in ("ul", "ol"):
            return self.items(node)
        if tag == "dl" and "field-list" in classes:
            return self.fields(node)
        if tag == "dl":
            return [self.definitions(node)]
        if tag == "pre":
            lines = [line.rstrip() for line in node.text().strip("\n").split("\n")]
            return [Code("\n".join(lines), _language(node))]
        if tag == "table" and (pre := _only_code(node)) is not None:
            return self.block(pre)  # Pygments' `highlighttable`: the line numbers' cell, then the code's
        if tag == "table":
            return [_table(node)]
        if tag == "tr":  # a row outside any table
            return [Table(None, (tuple(one_line(_inline(c)) for c in _cells(node)),))]
        if tag == "hr":
            return []
        if tag == "details":
            summary = node.css_first("summary")
            label = one_line(_inline(summary)) if summary is not None else "Details"
            if summary is not None:
                summary.decompose()
            return [Note(label, tuple(self.container(node)))]
        if tag in ("div", "aside", "section") and classes & _ADMONITIONS:
            return [self.admonition(node, classes)]
        if "tabbed-set" in classes:
            return self.tabs(node)
        return self.container(node)

    def tabs(self, node: Any) -> list[Block]:
        """pymdownx.tabbed's tabs (MkDocs Material): each tab's title introduces what it holds ("pip:" over
        the pip example), as in the page's Markdown; the labels are not one paragraph of their own
        ("pipconda"). The alternate style puts the labels together before the contents, the classic one each
        label before its content."""
        labels = [one_line(_inline(label)) for label in node.css("label")]
        contents = node.css("div.tabbed-block") or node.css("div.tabbed-content")
        if len(labels) != len(contents):
            return self.container(node)
        out: list[Block] = []
        for label, content in zip(labels, contents, strict=True):
            inner = self.container(content)
            out += introduced_by(label, inner)
        return out

    def items(self, node: Any) -> list[Block]:
        """A list; one whose every item names a parameter (`_named`) is a list of entries."""
        lis = [li for li in node.iter() if (li.tag or "") == "li"]
        named = [_named(li) for li in lis]
        if lis and all(n is not None for n in named):
            entries = [(n[0], (Para(n[1]), *self.container(li)[1:])) for n, li in zip(named, lis, strict=True) if n]
            return [Defs(tuple(entries))]
        start = node.attributes.get("start") or "1"
        return [
            Items(
                tuple(tuple(self.container(li)) for li in lis),
                ordered=node.tag == "ol",
                start=int(start) if start.isdigit() else 1,
            )
        ]

    def definitions(self, node: Any) -> Defs:
        entries: list[tuple[str, tuple[Block, ...]]] = []
        terms: list[str] = []
        for child in _dl_children(node):
            if child.tag == "dt":
                terms.append(one_line(_inline(child)).strip("`"))
            else:
                entries.append((", ".join(t for t in terms if t), tuple(self.container(child))))
                terms = []
        if terms:
            entries.append((", ".join(terms), ()))
        return Defs(tuple(entries))

    def fields(self, node: Any) -> list[Block]:
        """A Sphinx field list (an object's "Parameters:", "Returns:", "Raises:"): a field whose body is a
        list introduces its items, each a parameter's entry where it names one ("Parameters:", then
        "`jobs (int)`: How many ..."); any other field is an entry of its own ("`Returns`: The page.")."""
        out: list[Block] = []
        label = ""
        for child in _dl_children(node):
            if child.tag == "dt":
                label = one_line(_inline(child)).strip("`").rstrip(":").strip()
                continue
            body = self.container(child)
            if body and all(isinstance(b, Items | Defs) for b in body):
                out += introduced_by(label, body)
            else:
                out.append(Defs(((label, tuple(body)),)))
            label = ""
        return out

    def admonition(self, node: Any, classes: set[str]) -> Note:
        kind = next((c for c in _classes(node) if c in _ADMONITIONS and c != "admonition"), "note")
        title = node.css_first(".admonition-title, .versionmodified")
        if title is None:
            first = next((c for c in node.iter() if (c.tag or "") in _HEADINGS or "title" in _classes(c)), None)
            title = first
        label = one_line(_inline(title)).rstrip(":").strip() if title is not None else ""
        if title is not None:
            title.decompose()
        return Note(label or _LABELS.get(kind, kind.title()), tuple(self.container(node)))


def _lead_nodes(node: Any) -> list[Any]:
    """The inline children `node` opens with, up to its first block, without blank text."""
    out: list[Any] = []
    for child in node.iter(include_text=True):
        tag = child.tag or ""
        if tag == "-text" and not child.text(deep=False).strip():
            continue
        if tag != "-text" and tag not in _INLINE:
            return out if out else [child]
        out.append(child)
    return out


def _named(li: Any) -> tuple[str, str] | None:
    """A list item that names a parameter before saying what it is (`<li><strong>pool_size</strong> (int)
    – the largest ...`, `<li><code>timeout</code>: seconds ...`): its name and description."""
    kids = _lead_nodes(li)
    if kids and kids[0].tag == "p":
        kids = _lead_nodes(kids[0])
    if not kids or (kids[0].tag or "") not in ("code", "strong", "b", "tt", "a"):
        return None
    first = kids[0]
    if first.tag == "a" and first.css_first("code") is None:
        return None
    name = one_line(first.text())
    said = one_line("".join(_inline_part(c) for c in kids[1:]))
    # "name (type) – text": the type goes with the name
    if said.startswith("(") and ")" in said:
        close = said.index(")") + 1
        name, said = f"{name} {said[:close]}", said[close:].lstrip()
    if not name or not said.startswith(_SEPARATORS) or said.startswith(("::", "->", "--")):
        return None
    description = said.lstrip("".join(_SEPARATORS)).strip()
    return (name, description) if description else None


def _dl_children(node: Any) -> list[Any]:
    """A `dl`'s `dt` and `dd` elements, also when wrapped in `div`s (HTML5 allows it)."""
    out: list[Any] = []
    for child in node.iter():
        tag = child.tag or ""
        if tag in ("dt", "dd"):
            out.append(child)
        elif tag == "div":
            out += _dl_children(child)
    return out


def _cells(row: Any) -> list[Any]:
    return [c for c in row.iter() if (c.tag or "") in ("td", "th")]


def _table(table: Any) -> Table:
    """A table's header (its `thead` row, or a first row of `th` only) over its other rows."""
    caption_node = table.css_first("caption")
    caption = one_line(_inline(caption_node)) if caption_node is not None else ""
    rows = [row for row in table.css("tr") if _nearest_table(row) == table]
    header: tuple[str, ...] | None = None
    body: list[tuple[str, ...]] = []
    for row in rows:
        cells = _cells(row)
        texts = tuple(cell_text(_inline(c)) for c in cells)
        in_head = row.parent is not None and row.parent.tag == "thead"
        if header is None and not body and (in_head or (cells and all(c.tag == "th" for c in cells))):
            header = texts
        elif in_head and header is not None and not body:
            continue  # a second header row (a spanning group header): the first names the columns
        else:
            body.append(texts)
    return Table(header, tuple(body), caption)


def _only_code(table: Any) -> Any:
    """The code block a table holds and nothing else besides line numbers (Pygments' `highlighttable`), or
    None."""
    pres = table.css("pre")
    if len(pres) != 1 or ("highlighttable" not in _classes(table) and table.css_first("td.code") is None):
        return None
    return pres[0]


def _nearest_table(node: Any) -> Any:
    parent = node.parent
    while parent is not None and parent.tag != "table":
        parent = parent.parent
    return parent


def _inside(node: Any, tags: tuple[str, ...]) -> bool:
    parent = node.parent
    while parent is not None:
        if parent.tag in tags:
            return True
        parent = parent.parent
    return False


def html_blocks(html: str) -> list[Block]:
    """The typed blocks of an HTML fragment (raw HTML in a Markdown page)."""
    from selectolax.lexbor import LexborHTMLParser

    tree = LexborHTMLParser(html)
    for selector in ("script", "style", "noscript", "template"):
        for node in tree.css(selector):
            node.decompose()
    return _Reader().container(tree.body) if tree.body is not None else []


def html_page(html: str) -> tuple[str | None, list[Block], dict[str, str]]:
    """An HTML page's title, the typed blocks of its main content and the metadata it states about itself
    (`url` from its canonical link, `updated_at`)."""
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
    root = next((node for node in (tree.css_first(s) for s in _MAIN) if node is not None), None) or tree.body
    if root is None:
        return title, [], meta
    blocks = _Reader().container(root)
    if not title:
        first = next((b for b in blocks if isinstance(b, Heading)), None)
        title = first.text if first is not None else None
    return title or None, blocks, meta


def html_sections(html: str) -> tuple[str | None, tuple[Section, ...], dict[str, str]]:
    """Visible text of an HTML page by heading, without scripts, navigation and boilerplate, and the
    metadata the page states about itself (`url` from its canonical link, `updated_at`)."""
    title, blocks, meta = html_page(html)
    return title, write(blocks), meta
