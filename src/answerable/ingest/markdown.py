"""Markdown pages into typed blocks, parsed by markdown-it-py (CommonMark) with mdit-py-plugins.

Beyond CommonMark: GFM tables, MkDocs admonitions (`!!! note "Title"`, collapsible `??? tip`), content tabs
(`=== "Python"`, pymdownx.tabbed), pymdownx.blocks (`/// warning | Title` ... `///`, their options
dropped), definition lists, footnotes, GitHub alerts (`> [!NOTE]`) and the quoted callouts some sites use
(`> [!warning] Title`, `> NOTE: ...`). Inline markup becomes plain text, inline code stays in backticks, raw
HTML keeps its text (known tags only: `List<String>` in prose is prose), comments go; Markdown inside an
HTML element marked `markdown` (md_in_html) is read as Markdown. A heading is linked by the id it states
(`## Limits {#limits}`) or else by GitHub's slug of its text.

MyST (Sphinx's Markdown): a directive in a fence (```` ```{note} ````, `:::{tip}`) is read as Sphinx reads it
(an admonition a note of Markdown, a code directive code, any other the reST directive it stands for: an
object description an entry, `toctree` nothing, `eval-rst` reST), its options dropped; a role
(`{py:func}`connect``) shows its text as Sphinx does; a label before a heading (`(setup)=`) is no text.

What a site's build replaces is not page text, and goes where the page holds no more than the marker:
includes (`--8<-- "file"`, `{* file *}`, `{! file !}`, a Jinja `{% include %}`), Hugo shortcodes (one in a
sentence reads as its `text` argument, if any; `{{< highlight lang >}}` is a code block), a table of contents marker
(`[TOC]`), abbreviation definitions (`*[HTML]: ...`), icon shortcodes (`:material-check:`); emoji shortcodes
(`:warning:`) are the emoji they stand for. pymdownx's
inline marks read as the text they mark: keys (`++ctrl+c++` as "Ctrl+C"), `==marked==`, `^^inserted^^`,
sub- and superscripts (`H~2~O`, `x^2^`).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from functools import cache
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
    write,
)

# Raw HTML a Markdown page may hold (`<kbd>Ctrl</kbd>`, `<details><summary>`, `<br>`): the tags of these
# elements are markup, their text is page text. Only known element names: `List<String>` in prose stays.
_INLINE_TAGS = (
    "a|abbr|b|bdi|bdo|big|cite|code|del|dfn|em|font|i|img|ins|kbd|mark|q|s|samp|small|span|strong|sub|sup|u|var|wbr"
)
_BLOCK_TAGS = (
    "blockquote|br|center|dd|details|div|dl|dt|figcaption|figure|h[1-6]|hr|li|ol|p|picture|pre|section|source"
    "|summary|table|tbody|td|th|thead|tr|ul|video"
)
_KNOWN_TAG = re.compile(rf"^</?(?:(?P<inline>{_INLINE_TAGS})|(?P<block>{_BLOCK_TAGS}))(?:\s[^<>]*)?/?>$", re.I)
_SCRIPT_TAG = re.compile(r"^<(/)?(sup|sub)(?:\s[^<>]*)?>$", re.I)
_HEADING_ID = re.compile(r"[ \t]*\{[ \t]*:?[ \t]*#([\w\-:.]+)[^{}]*\}[ \t]*$")
# Python-Markdown's attribute lists at the end of a paragraph or heading, with or without the colon, which
# Python-Markdown 3 makes optional (`{: .source-link }`, `{ .lead }`, `{ data-toc-label="Limits" }`): markup.
# Without the colon, one entry at least is a class, an id or a key=value, so prose ending in braces ("the set
# { a b }") is not read as one.
_ATTR_ENTRY = r"(?:[.#][\w-]+|[\w-]+(?:=(?:\"[^\"\n]*\"|'[^'\n]*'|[^\s{}]+))?)"
_ATTR_LIST = re.compile(
    r"[ \t]*\{(?::[^{}\n]*|[ \t]*(?=[^{}\n]*(?:(?<![\w-])[.#][\w-]|\w=))"
    rf"{_ATTR_ENTRY}(?:[ \t]+{_ATTR_ENTRY})*[ \t]*)\}}[ \t]*$"
)
_NOT_SLUG = re.compile(r"[^\w\- ]")
# `> [!warning] Title` (Obsidian, pymdownx callouts) and `> NOTE: text` (markdown-callouts), which GitHub's
# alerts do not take.
_CALLOUT = re.compile(r"^\[!(\w+)\][+-]?[ \t]*(.*)$")
_LABEL_WORDS = frozenset(
    {"note", "tip", "hint", "important", "warning", "caution", "danger", "attention", "error", "info", "todo"}
)
_SAID_LABEL = re.compile(r"^([A-Za-z]+):[ \t]+")
_TAB = re.compile(r'^===[+!]*[ \t]+"(.*)"[ \t]*$')
# pymdownx.blocks: `/// warning | Title` ... `///` around unindented content.
_GENERIC_BLOCK = re.compile(r"^(/{3,})[ \t]*([A-Za-z][\w-]*)[ \t]*(?:\|[ \t]*(.*?))?[ \t]*$")
# Admonition kinds that say what the admonition's title is: an outcome, a risk ("success", "failure",
# "danger"), not a kind of aside ("note", "tip", "abstract", "info", "example").
_TELLING_KINDS = frozenset(["success", "failure", "fail", "error", "danger", "bug", "warning", "caution"])
# Colon containers: Docusaurus and VitePress admonitions (`:::tip Title`, `::: warning`, `:::note[Title]`) and
# MyST colon fences (`:::{note}`), closed by a line of as many colons.
_COLON_BLOCK = re.compile(r"^(:{3,})[ \t]*\{?([A-Za-z][\w-]*)\}?(?:\[(.*?)\])?[ \t]*(.*?)[ \t]*$")
# mkdocstrings' autodoc (`::: package.module.Class` with its indented `options:`): the site renders the
# object's documentation from the code there; the page holds no text of it.
_AUTODOC = re.compile(r"^:::[ \t]+[A-Za-z_][\w]*(?:\.[\w]+)*[ \t]*$")
# pymdownx.inlinehilite's language mark inside inline code (`#!py3 True`).
_INLINE_LANGUAGE = re.compile(r"^#!\w+[ \t]+")
# A line a site's build replaces, whose text the page does not hold: an include (pymdownx.snippets'
# `--8<-- "file"` and its block form, FastAPI's `{* file *}`, markdown-include's `{! file !}` / `{!> file !}`),
# a Jinja statement or comment (mkdocs-macros), a table of contents marker, an abbreviation definition, an mdBook
# include (`{{#include ../listings/main.rs}}`, `{{#playground x.rs}}`), an MDX comment (`{/* ... */}`).
_BUILD_LINE = re.compile(
    r"""^[ \t]*(?:-{1,}8<-{1,}(?:[ \t]+(?:"[^"]*"|'[^']*'|\S+))?|\{\*.*\*\}|\{!.*!\}|\{%(?:(?!%\}).)*%\}|\{\#.*\#\}"""
    r"""|(?i:\[TOC\]|\[\[_?TOC_?\]\])|\*\[[^\]\n]+\]:.*|\{\{[<%].*[%>]\}\}|\([^()\s]+\)=|\{\{\#\w+[^{}\n]*\}\}"""
    r"""|\{/\*.*\*/\})[ \t]*$"""
)
# MyST (Sphinx's Markdown): a directive in a fence (```` ```{note} ````), its options before its content
# (`:caption: app.py`, or YAML between `---` lines), a label before a heading (`(setup)=`).
_MYST_DIRECTIVE = re.compile(r"^\{([A-Za-z][\w:.+-]*)\}[ \t]*(.*)$")
_MYST_OPTION = re.compile(r"^:[\w-]+:(?:[ \t].*)?$")
# Directives whose argument is part of their label, not a title: a version and what changed in it.
_LABELLED_BY_ARGUMENT = frozenset(
    {"versionadded", "versionchanged", "deprecated", "versionremoved", "deprecated-removed", "seealso"}
)
# MDX (Docusaurus): the module's imports and exports are code for the build, not page text.
_ESM_IMPORT = re.compile(r"""^[ \t]*import[ \t]+(?:[\w*{}, \t]+[ \t]+from[ \t]+)?["'][^"']+["'];?[ \t]*$""")
_ESM_EXPORT = re.compile(r"^[ \t]*export[ \t]+(?:const|let|var|function|default|class|async)\b")
# A JSX component's tag (`<Highlight>`, `</TabItem>`, `<Admonition type="tip">`): a capitalised name, which
# no HTML element has. Markup when it is closed, self-closing or has attributes; `List<String>` is prose.
_COMPONENT = re.compile(r"^<(?P<close>/)?(?P<name>[A-Z][\w.]*)(?P<attrs>\s[^<>]*?)?(?P<self>/)?>$")
# Python-Markdown's attribute list right after an inline element (MkDocs Material's buttons, a link's target,
# an image's size): `[Download](url){ .md-button }`, `{target=_blank}`, `{ width="300" loading=lazy }`. Markup.
_INLINE_ATTRS = (
    r"\{:?[ \t]*(?:[.#][\w-]+|[\w-]+(?:=(?:\"[^\"\n]*\"|'[^'\n]*'|[^\s{}]+))?)"
    r"(?:[ \t]+(?:[.#][\w-]+|[\w-]+(?:=(?:\"[^\"\n]*\"|'[^'\n]*'|[^\s{}]+))?))*[ \t]*\}"
)
_ATTRS_AFTER = re.compile(rf"^{_INLINE_ATTRS}")
# The inline elements an attribute list can follow.
_ATTRIBUTED = frozenset(["link", "image", "code_inline", "em", "strong"])
# A link whose address the site's build completes (`[guide]({{ site.baseurl }}/install)`, `[guide]({% link
# install.md %})`): its spaces keep the parser from reading a link, and the page shows its text.
_TEMPLATED_LINK = re.compile(r"\[([^\[\]\n]+)\]\((?:[ \t]*(?:\{\{[^{}\n]*\}\}|\{%[^{}\n]*?%\}))+[^()\s]*\)")
# A template's statement (Jinja, Liquid) inside a line of prose.
_STATEMENT = re.compile(r"\{%-?[ \t]*\w+(?:(?!%\}).)*?-?%\}")
# A Hugo shortcode inside a line of prose (`{{< glossary_tooltip text="Pod" term_id="pod" >}}`, `{{% param
# "version" %}}`, `{{< /note >}}`): the site's build puts something in its place; the page shows its `text`.
_HUGO_SHORTCODE = re.compile(
    r"\{\{[<%]-?[ \t]*/?[ \t]*[A-Za-z][\w/.-]*(?P<args>(?:(?![<%]\}\}|[>%]\}\}).)*?)-?[ \t]*[>%]\}\}"
)
_HUGO_TEXT = re.compile(r"""\btext[ \t]*=[ \t]*(?:"([^"]*)"|'([^']*)')""")
# Hugo's `highlight` shortcode around code, each tag on its own line: a code block in that language.
_HIGHLIGHT = re.compile(
    r"^[ \t]*\{\{<[ \t]*highlight[ \t]+(?P<lang>[\w+#.-]+)[^{}\n]*>\}\}[ \t]*\n(?P<code>.*?)\n?"
    r"^[ \t]*\{\{<[ \t]*/highlight[ \t]*>\}\}[ \t]*$",
    re.M | re.S,
)
# MkDocs Material's icon shortcodes (`:material-open-in-new:`, `:octicons-file-code-24:`): an image, no text.
_ICON = re.compile(rf"[ \t]?:(?:material|fontawesome|octicons|simple|lucide)-[\w-]+:(?:{_INLINE_ATTRS})?")
# pymdownx.keys, .mark, .caret and .tilde: the text they mark is the page's.
_KEYS = re.compile(r"\+\+([A-Za-z0-9][\w-]*(?:\+[A-Za-z0-9][\w-]*)*)\+\+")
_MARKED = re.compile(r"(==|\^\^)(?=\S)(.+?)(?<=\S)\1")
_SUB_SUPER = re.compile(r"(?<=\w)([~^])(\w{1,12})\1")
# md_in_html: an HTML element whose `markdown` attribute asks for its content to be read as Markdown.
_MARKDOWN_HTML = re.compile(
    r"""^\s*<(?P<tag>[A-Za-z][\w-]*)\b[^>]*?\smarkdown(?:=["']?\w*["']?)?(?=[\s/>])[^>]*>(?P<inner>.*?)"""
    r"""(?:</(?P=tag)>)?\s*$""",
    re.S,
)
# pymdownx.blocks' options under a block's header (`    type: warning`): settings, not content.
_BLOCK_OPTION = re.compile(r"^[A-Za-z_][\w-]*:(?:[ \t].*)?$")


def _line(state: Any, line: int) -> str:
    return str(state.src[state.bMarks[line] + state.tShift[line] : state.eMarks[line]])


def _autodoc_rule(state: Any, start_line: int, end_line: int, silent: bool) -> bool:
    """mkdocstrings' `::: package.module.Object` and the indented options under it, dropped: the object's
    documentation is rendered from its code when the site is built, so the page holds only the directive,
    which was read as prose ("::: starlette.testclient.TestClient options: heading_level: 3"). An
    identifier without a dot is taken for one only with `options:` under it (`::: tip` is a container)."""
    if state.sCount[start_line] - state.blkIndent >= 4:
        return False
    if _AUTODOC.match(_line(state, start_line)) is None:
        return False
    indent = state.sCount[start_line]
    last = start_line
    for line in range(start_line + 1, end_line):
        if not _line(state, line):
            continue
        if state.sCount[line] <= indent:
            break
        last = line
    has_dot = "." in _line(state, start_line)
    if not has_dot and not (last > start_line and _line(state, start_line + 1).startswith("options:")):
        return False
    if silent:
        return True
    state.line = last + 1
    return True


def _generic_block_rule(state: Any, start_line: int, end_line: int, silent: bool) -> bool:
    """pymdownx.blocks (`/// note | Title` over content closed by `///`) and colon containers
    (`:::tip Title`, `::: warning`, `:::{note}` ... `:::`): without it the markers were prose."""
    if state.sCount[start_line] - state.blkIndent >= 4:
        return False
    first = _line(state, start_line)
    match = _GENERIC_BLOCK.match(first)
    title_group = 3
    if match is None:
        match = _COLON_BLOCK.match(first)
        if match is None or not any(_line(state, k).strip() == match.group(1) for k in range(start_line + 1, end_line)):
            return False  # a colon container is one only when it is closed
        title_group = 0
    fence = match.group(1)
    close = start_line + 1
    while close < end_line:
        line = _line(state, close).strip()
        if line == fence:
            break
        close += 1
    if silent:
        return True
    body = start_line + 1
    while (
        title_group
        and body < close
        and state.sCount[body] > state.sCount[start_line]
        and _BLOCK_OPTION.match(_line(state, body))
    ):
        body += 1  # pymdownx.blocks' indented options (`type: warning`, `open: true`)
    while not title_group and body < close and _MYST_OPTION.match(_line(state, body)):
        body += 1  # a MyST colon fence's options (`:class: tip`)
    old_parent, old_line_max = state.parentType, state.lineMax
    state.parentType = "generic_block"
    state.lineMax = close
    token = state.push("generic_block_open", "div", 1)
    title = match.group(3) if title_group else (match.group(3) or match.group(4))
    token.meta = {"kind": match.group(2).lower(), "title": (title or "").strip()}
    token.block = True
    token.map = [start_line, close]
    state.md.block.tokenize(state, body, close)
    token = state.push("generic_block_close", "div", -1)
    token.block = True
    state.parentType, state.lineMax = old_parent, old_line_max
    state.line = min(close + 1, end_line)
    return True


def _tab_rule(state: Any, start_line: int, end_line: int, silent: bool) -> bool:
    """pymdownx.tabbed's content tabs (`=== "Title"` over an indented block), as mdit-py-plugins reads
    MkDocs admonitions: without it a tab's indented code ran into a paragraph."""
    if state.sCount[start_line] - state.blkIndent >= 4:
        return False
    start = state.bMarks[start_line] + state.tShift[start_line]
    match = _TAB.match(state.src[start : state.eMarks[start_line]])
    if match is None:
        return False
    if silent:
        return True
    old_parent, old_line_max, old_indent = state.parentType, state.lineMax, state.blkIndent
    state.parentType = "tab"
    state.blkIndent += 4
    next_line, was_empty = start_line, False
    while True:
        next_line += 1
        if next_line >= end_line:
            break
        pos = state.bMarks[next_line] + state.tShift[next_line]
        is_empty = state.sCount[next_line] < state.blkIndent
        if is_empty and was_empty:
            break
        was_empty = is_empty
        if pos < state.eMarks[next_line] and state.sCount[next_line] < state.blkIndent:
            break
    state.lineMax = next_line
    token = state.push("tab_open", "div", 1)
    token.meta = {"title": match.group(1)}
    token.block = True
    token.map = [start_line, next_line]
    state.md.block.tokenize(state, start_line + 1, next_line)
    token = state.push("tab_close", "div", -1)
    token.block = True
    state.parentType, state.lineMax, state.blkIndent = old_parent, old_line_max, old_indent
    state.line = next_line
    return True


@cache
def _parser() -> Any:
    from markdown_it import MarkdownIt
    from mdit_py_plugins.admon import admon_plugin
    from mdit_py_plugins.deflist import deflist_plugin
    from mdit_py_plugins.footnote import footnote_plugin
    from mdit_py_plugins.myst_role import myst_role_plugin

    md = (
        MarkdownIt("commonmark")
        .enable(["table", "strikethrough"])
        .use(admon_plugin)
        .use(deflist_plugin)
        .use(footnote_plugin)
        .use(myst_role_plugin)
    )
    md.options["alerts"] = True
    alt: Any = {"alt": ["paragraph", "reference", "blockquote", "list"]}
    md.block.ruler.before("fence", "tab", _tab_rule, alt)
    md.block.ruler.before("fence", "autodoc", _autodoc_rule, alt)
    md.block.ruler.before("fence", "generic_block", _generic_block_rule, alt)
    return md


# A tab's label among a JSX component's attributes (Docusaurus' `<TabItem value="py" label="Python">`,
# Starlight's `<TabItem label="npm">`, `<Tab title="macOS">`).
_TAB_LABEL = re.compile(
    r"""\b(?:label|title)[ \t]*=[ \t]*(?:"([^"]*)"|'([^']*)'|\{[ \t]*["'`]([^"'`]*)["'`][ \t]*\})"""
)


def _tab_labels(content: str) -> list[str] | None:
    """The labels of the tabs a block of JSX component tags opens, each to introduce what its tab holds
    ("Python:" over the Python example, as a tab's title is read in MkDocs); None when the block is not
    component tags alone. A component other than a tab, or a tab without a label, introduces nothing."""
    lines = [line.strip() for line in content.strip().splitlines() if line.strip()]
    tags = [_COMPONENT.match(line) for line in lines]
    if not lines or any(t is None for t in tags):
        return None
    labels = []
    for tag in tags:
        assert tag is not None
        if tag.group("close") or "Tab" not in tag.group("name") or tag.group("name").endswith("Tabs"):
            continue
        found = _TAB_LABEL.search(tag.group("attrs") or "")
        label = next((g for g in found.groups() if g), "") if found is not None else ""
        if label.strip():
            labels.append(one_line(label))
    return labels


def _components(children: Any) -> set[str]:
    """The JSX components closed among inline nodes (`</Highlight>`)."""
    found = (_COMPONENT.match(c.content.strip()) for c in children if c.type == "html_inline")
    return {m.group("name") for m in found if m is not None and m.group("close")}


def _is_component(tag: str, closed: set[str]) -> bool:
    match = _COMPONENT.match(tag.strip())
    if match is None:
        return False
    return bool(match.group("close") or match.group("self") or match.group("attrs")) or match.group("name") in closed


def inline(node: Any) -> str:
    """The text of an inline node as a passage holds it: plain, with code in backticks; a footnote's mark
    goes with the space before it (its text is read after the paragraph that marks it, `_Blocks._noted`),
    and so do JSX components' tags (`_COMPONENT`)."""
    parts: list[str] = []
    closed = _components(node.children)
    script = ""  # "sup" or "sub" while inside one (`blocks.raised`)
    before = ""  # the kind of the node before this one
    for child in node.children:
        kind, previous, before = child.type, before, child.type
        content = child.content if kind == "text" else ""
        if kind == "text" and previous in _ATTRIBUTED:
            # an attribute list right after a link, an image or code belongs to it, and is markup
            content = _ATTRS_AFTER.sub("", content, count=1)
        if kind == "text" and script:
            parts.append(raised(_plain(content), below=script == "sub", after="".join(parts[-2:])))
        elif kind == "text":
            parts.append(_plain(content))
        elif kind == "code_inline":
            parts.append(code_span(_INLINE_LANGUAGE.sub("", child.content)))
        elif kind in ("softbreak", "hardbreak"):
            parts.append(" ")
        elif kind == "footnote_ref":  # the mark goes with the space before it: "for you [^1], however"
            if parts:
                parts[-1] = parts[-1].rstrip()
        elif kind == "myst_role":  # MyST's `{py:func}`run``, shown as Sphinx shows the role
            from answerable.ingest.rst import shown_role

            parts.append(shown_role(str(child.meta.get("name", "")), child.content))
        elif kind == "html_inline":
            tag = _KNOWN_TAG.match(child.content.strip())
            opened = _SCRIPT_TAG.match(child.content.strip())
            if opened is not None:
                script = "" if opened.group(1) else opened.group(2).lower()
            if tag is not None and (tag.group("block") or "").lower() == "br":
                parts.append(LINE_BREAK)  # a line of its own: in a table cell, one of its items (`_table`)
            elif tag is not None:
                parts.append(" " if tag.group("block") else "")
            elif _is_component(child.content, closed):
                continue
            elif not child.content.startswith("<!--"):
                parts.append(child.content)
        else:  # links, images (their alt text), emphasis, strike-through
            text = inline(child)
            if kind == "link" and not child.children:  # `[](...)`; an icon's link (`[:fa-github:](...)`) is none
                text = _target_named(str(child.attrs.get("href", "")))
            parts.append(text)
    return "".join(parts)


def _target_named(href: str) -> str:
    """The text of a link written without any (`[](../configuration/index.md#environment-variables)`, MyST's
    way to show the title of what it points to): what its target names, the anchor in words ("environment
    variables"), else the page's file name ("configuration"), else the address itself. Read as nothing,
    "see [](...)." became "see ."."""
    path, _, anchor = href.partition("#")
    if anchor:
        return re.sub(r"[-_]+", " ", anchor).strip()
    stem = path.rstrip("/").rsplit("/", 1)[-1].rsplit(".", 1)[0] if path else ""
    if path and "://" not in path and stem:
        return re.sub(r"[-_]+", " ", stem).strip()
    return path


# A reference link whose definition the page does not hold (`[PEP 517][]`, `[the standard][spec]`: MkDocs sites
# often append the definitions from a shared file at build time): its text is page text, its brackets markup.
# A shortcut reference (`[this]`) stays as written: bare brackets are prose as often as links.
_UNRESOLVED_REFERENCE = re.compile(r"\[([^\[\]\n]+)\]\[[^\[\]\n]*\]")


def _plain(text: str) -> str:
    """Text outside code with pymdownx's inline marks read as what they mark, its icons gone, its emoji
    shortcodes shown as the emoji they stand for (`_emoji`), and a template's statement tags in a sentence
    gone (Jekyll's `{% raw %}` ... `{% endraw %}` around what the page shows as written)."""
    if "{{" in text or "{%" in text:
        text = _TEMPLATED_LINK.sub(lambda m: m.group(1), text)
    if "{{<" in text or "{{%" in text:
        text = _HUGO_SHORTCODE.sub(_shortcode_text, text)
    if "{%" in text:
        text = _STATEMENT.sub("", text)
    if "][" in text:
        text = _UNRESOLVED_REFERENCE.sub(r"\1", text)
    if not any(c in text for c in ":+=^~"):
        return text
    text = _emoji(_ICON.sub("", text))
    text = _KEYS.sub(lambda m: "+".join(k[:1].upper() + k[1:] for k in m.group(1).split("+")), text)
    text = _MARKED.sub(r"\2", text)
    return _SUB_SUPER.sub(r"\2", text)


# An emoji shortcode as GitHub and pymdownx.emoji write them: `:warning:`, `:white_check_mark:`, `:+1:`.
_SHORTCODE = re.compile(r":[a-z0-9_+-]+:")


def _shortcode_text(m: re.Match[str]) -> str:
    """What the built page shows for a Hugo shortcode in prose: its `text` argument, else nothing."""
    said = _HUGO_TEXT.search(m.group("args"))
    return (said.group(1) if said.group(1) is not None else said.group(2)) if said else ""


def _emoji(text: str) -> str:
    """`text` with each emoji shortcode a site shows as an emoji written as that emoji (":warning: Do not
    share keys." -> "⚠️ Do not share keys."), by the `emoji` package's GitHub aliases. A name that is no
    emoji (":param:", "10:30:00") stays as written."""
    if not _SHORTCODE.search(text):
        return text
    import emoji  # its tables load only for a page that has a shortcode

    return str(emoji.emojize(text, language="alias"))


# pymdownx.snippets' escape: `;--8<-- "file"` shows the marker itself (pages that document the syntax).
_ESCAPED_SNIPPET = re.compile(r"^([ \t]*);(-{1,}8<-{1,})")


def _built(source: str) -> str:
    """A block's source without the lines a site's build replaces (`_BUILD_LINE`); an escaped include
    marker is shown as the marker."""
    return "\n".join(_ESCAPED_SNIPPET.sub(r"\1\2", line) for line in source.splitlines() if not _BUILD_LINE.match(line))


def _only_pictures(node: Any) -> bool:
    """Is an inline node nothing but images, linked or not, with the spaces between them? A README's row of
    badges ("[![PyPI version](...)](...) [![Build](...)](...)") or a logo is a picture: its alt text is no
    sentence the page says ("PyPI version Build")."""
    pictures = 0
    for child in node.children:
        linked = child.type == "link" and bool(child.children) and all(c.type == "image" for c in child.children)
        if child.type == "image" or linked:
            pictures += 1
        elif not (
            child.type in ("softbreak", "hardbreak")
            or (child.type == "text" and not _ATTRS_AFTER.sub("", child.content.strip(), count=1).strip())
        ):
            return False
    return pictures > 0


def _text(node: Any, lines: Callable[[str], str] = one_line) -> str:
    """The inline text of a block node (a paragraph, a heading, a cell), made one line by `lines` (a table
    cell's by `blocks.cell_text`, which keeps the lines its `<br>` breaks apart)."""
    found = next((c for c in node.children if c.type == "inline"), None)
    return _ATTR_LIST.sub("", lines(inline(found))) if found is not None else ""


def _language(info: str) -> str:
    """A fence's language: the first word of its info string (```` ```yaml title="mkdocs.yml" ````), without
    the lines it marks or its tab's label (VitePress' ```` ```js{4} ````, ```` ```sh [npm] ````)."""
    word = info.strip().split(" ")[0] if info.strip() else ""
    if not word.startswith("{"):
        word = re.split(r"[{\[]", word, maxsplit=1)[0]
    return word.strip("{}.").split(",")[0]


# A fence's label in brackets after its language: VitePress' tab of a code group or file name (```` ```sh [npm] ````).
_FENCE_LABEL = re.compile(r"^[^\s\[{]*(?:\{[^{}]*\})?[ \t]*\[([^\[\]\n]+)\]")


class _Blocks:
    """The block nodes of a page as typed blocks; headings linked by their stated id or their slug."""

    def __init__(self, footnotes: dict[int, Any] | None = None) -> None:
        self.slugs: dict[str, int] = {}
        # A footnote's definition by its id, read after the first paragraph that marks it (`_noted`).
        self.footnotes = footnotes or {}
        self.placed: set[int] = set()

    def slug(self, heading: str) -> str | None:
        """The id GitHub gives a Markdown heading: lower case, punctuation dropped, spaces as hyphens; a
        repeated one gets -1, -2... (MkDocs, Docusaurus and most renderers agree on plain ASCII headings)."""
        base = _NOT_SLUG.sub("", heading.strip().lower()).replace(" ", "-")
        if not base:
            return None
        seen = self.slugs.get(base, 0)
        self.slugs[base] = seen + 1
        return f"{base}-{seen}" if seen else base

    def of(self, nodes: Any) -> list[Block]:
        out: list[Block] = []
        for node in nodes:
            out += self.node(node)
        return out

    def node(self, node: Any) -> list[Block]:
        kind = node.type
        if kind == "heading":
            found = next((c for c in node.children if c.type == "inline"), None)
            text = one_line(inline(found)) if found is not None else ""
            stated = _HEADING_ID.search(text)
            if stated and text[: stated.start()].strip():
                text = text[: stated.start()].strip()
                return [Heading(int(node.tag[1]), text, stated.group(1))]
            text = _ATTR_LIST.sub("", text)
            return [Heading(int(node.tag[1]), text, self.slug(text))] if text else []
        if kind == "paragraph":
            found = next((c for c in node.children if c.type == "inline"), None)
            source = found.content if found is not None else ""
            lines = source.splitlines()
            export = next((k for k, line in enumerate(lines) if _ESM_EXPORT.match(line)), len(lines))
            if lines and all(_ESM_IMPORT.match(line) for line in lines[:export]):
                return []  # MDX's imports, then an export and its body: code the site's build runs
            if any(_BUILD_LINE.match(line) or _ESCAPED_SNIPPET.match(line) for line in lines):
                kept = _built(source)
                return [Para(_ATTR_LIST.sub("", _inline_text(kept)))] if kept.strip() else []
            if found is not None and _only_pictures(found):
                return []
            text = _text(node)
            return ([Para(text)] if text else []) + self._noted(found)
        if kind == "footnote_block":  # definitions no paragraph marks stay where the page puts them
            return [b for n in node.children if n.meta.get("id") not in self.placed for b in self.of(n.children)]
        if kind in ("bullet_list", "ordered_list"):
            start = int(node.attrs.get("start", 1) or 1)
            items = tuple(_ticked(tuple(self.of(item.children))) for item in node.children)
            return [Items(items, ordered=kind == "ordered_list", start=start)]
        if kind == "fence" and (directive := _MYST_DIRECTIVE.match(node.info.strip())) is not None:
            return self.myst(directive.group(1), directive.group(2).strip(), node.content)
        if kind in ("fence", "code_block"):
            content = _built(node.content) if "8<" in node.content or "{{#" in node.content else node.content
            if not content.strip():
                return []  # only an include: the site puts a file's code here, which the page does not hold
            code = Code(content, _language(node.info) if kind == "fence" else "")
            tab = _FENCE_LABEL.match(node.info.strip()) if kind == "fence" else None
            # a code group's tab ("npm:" over its command), as a tab's title introduces what it holds
            return introduced_by(tab.group(1).strip(), [code]) if tab else [code]
        if kind == "table":
            return [_table(node)]
        if kind == "dl":
            return [self.definitions(node)]
        if kind == "admonition":
            note = self.admonition(node)
            return [note] if note is not None else []
        if kind == "alert":
            title = next((c for c in node.children if c.type == "alert_title"), None)
            label = _text(title) if title is not None else str(node.meta.get("kind", "Note")).title()
            return [Note(label, tuple(self.of(c for c in node.children if c is not title)))]
        if kind == "tab":
            # The tab's title introduces what it holds ("Python:" over the Python example); a tab left
            # empty (its code an include) introduces nothing.
            inner = self.of(node.children)
            return introduced_by(str(node.meta.get("title", "")), inner)
        if kind == "generic_block":
            block, title = str(node.meta.get("kind", "")), str(node.meta.get("title", ""))
            inner = self.of(node.children)
            if block in ("html", "define", "caption", "attrs", "code-group"):
                return inner
            if block == "tab":
                return introduced_by(title, inner)
            if block in _LABELLED_BY_ARGUMENT:  # MyST's `:::{versionadded} 2.1`: "New in version 2.1"
                from answerable.ingest.rst import admonition_label

                label, said = admonition_label(block, title) or (block.title(), "")
                inner = [Para(_inline_text(said)), *inner] if said else inner
                return [Note(label, tuple(inner))] if inner else []
            return [Note(_inline_text(title) or block.title(), tuple(inner))] if inner else []
        if kind == "blockquote":
            return self.quote(node)
        if kind == "html_block":
            from markdown_it.tree import SyntaxTreeNode

            from answerable.ingest.html import html_blocks

            marked = _MARKDOWN_HTML.match(node.content)
            if marked is not None:
                return self.of(SyntaxTreeNode(_parser().parse(marked.group("inner"))).children)
            labels = _tab_labels(node.content)
            if labels is not None:
                return [Para(f"{label}:") for label in labels]
            return html_blocks(node.content)
        if kind == "hr":
            return []
        return self.of(node.children)

    def _noted(self, found: Any) -> list[Block]:
        """The definitions of the footnotes a paragraph's text marks, each after the first paragraph that marks
        it: what "attrs will write a `__hash__` method for you[^fn1]" notes ("The hash is computed by hashing a
        tuple ...") is read with what it notes, not at the foot of the page under its last heading."""
        out: list[Block] = []
        for child in found.children if found is not None else ():
            mark = child.meta.get("id") if child.type == "footnote_ref" else None
            if mark is not None and mark in self.footnotes and mark not in self.placed:
                self.placed.add(mark)
                out += self.of(self.footnotes[mark].children)
        return out

    def myst(self, name: str, argument: str, content: str) -> list[Block]:
        """A MyST directive in a fence (```` ```{note} ````): an admonition's content is Markdown, read as a
        note under its label; a code directive is code in the language its argument names; any other is
        read as the reST directive it stands for (`rst_blocks`: an object description is an entry,
        navigation such as `toctree` gives nothing). Its options go."""
        from markdown_it.tree import SyntaxTreeNode

        from answerable.ingest.rst import admonition_label, rst_blocks

        lines = content.split("\n")
        if lines and lines[0].strip() == "---":  # options as YAML between `---` lines
            end = next((k for k in range(1, len(lines)) if lines[k].strip() == "---"), 0)
            lines = lines[end + 1 :]
        options: list[str] = []
        while lines and _MYST_OPTION.match(lines[0].strip()):
            options.append(lines.pop(0).strip())
        body = "\n".join(lines).strip("\n")
        label = admonition_label(name, argument)
        if label is not None:
            said = f"{label[1]}\n\n{body}" if label[1] else body
            inner = self.of(SyntaxTreeNode(_parser().parse(said)).children)
            return [Note(label[0], tuple(inner))] if inner else []
        if name in ("code-block", "code", "sourcecode", "code-cell"):
            return [Code(body + "\n", argument.split(" ")[0])] if body.strip() else []
        indented = "\n".join(f"   {line}" if line else "" for line in [*options, "", *body.split("\n")])
        return rst_blocks(f".. {name}:: {argument}\n{indented}\n")

    def admonition(self, node: Any) -> Note | None:
        """A note with its label, or None when it holds nothing (an "API Reference" around autodoc). A kind
        that says what its title is (`_TELLING_KINDS`) stays before a title of its own: `!!! success "201
        Created"` is the response on success ("Success: 201 Created"), `!!! failure "400 Bad Request"` one on
        failure; a note's or a tip's kind says nothing of its title."""
        title = next((c for c in node.children if c.type == "admonition_title"), None)
        tag = str(node.meta.get("tag", "") or "note")
        label = _text(title) if title is not None else tag.title()
        if tag.lower() in _TELLING_KINDS and tag.lower() not in label.lower():
            label = f"{tag.title()}: {label}"
        inner = tuple(self.of(c for c in node.children if c is not title))
        return Note(label or tag.title(), inner) if inner else None

    def definitions(self, node: Any) -> Defs:
        entries: list[tuple[str, tuple[Block, ...]]] = []
        term = ""
        for child in node.children:
            if child.type == "dt":
                if term:
                    entries.append((term, ()))
                term = _text(child)
            elif child.type == "dd":
                entries.append((term, tuple(self.of(child.children))))
                term = ""
        if term:
            entries.append((term, ()))
        return Defs(tuple(entries))

    def quote(self, node: Any) -> list[Block]:
        """A quote: a callout (`> [!warning] Title`, `> NOTE: ...`) is a note, any other its blocks."""
        blocks = self.of(node.children)
        first = node.children[0] if node.children else None
        if first is not None and first.type == "paragraph" and first.children:
            # the callout's first source line is its kind and title, the paragraph's other lines its text
            title_line, _, said = first.children[0].content.partition("\n")
            callout = _CALLOUT.match(title_line.strip())
            if callout:
                label = _inline_text(callout.group(2)) or callout.group(1).title()
                return [Note(label, (Para(_inline_text(said)), *blocks[1:]))]
        if first is not None and first.type == "paragraph" and first.children:
            # GitHub's first notes: a bold label alone on the quote's first line (`> **Note**`), its text below
            parts = [c for c in first.children[0].children if c.type != "text" or c.content.strip()]
            if (
                len(parts) > 2
                and parts[0].type == "strong"
                and parts[1].type in ("softbreak", "hardbreak")
                and (bold := inline(parts[0]).strip()).rstrip(":").lower() in _LABEL_WORDS
                and blocks
                and isinstance(blocks[0], Para)
                and blocks[0].text.startswith(bold)
            ):
                label, said = bold.rstrip(":"), blocks[0].text[len(bold) :].strip()
                return [Note(label.title(), (Para(said), *blocks[1:]) if said else tuple(blocks[1:]))]
        lead = blocks[0] if blocks else None
        if isinstance(lead, Para):
            word = _SAID_LABEL.match(lead.text)
            if word and word.group(1).lower() in _LABEL_WORDS:
                return [Note(word.group(1).title(), (Para(lead.text[word.end() :]), *blocks[1:]))]
        return blocks


# A task list's box (GitHub's "- [x] Done", "- [ ] To do"), as a reader sees it drawn.
_TASK_BOX = re.compile(r"^\[([ xX])\][ \t]+")


def _ticked(blocks: tuple[Block, ...]) -> tuple[Block, ...]:
    """A list item's blocks with a task list's box drawn as the page shows it: "[x] Supports Linux" reads
    "☑ Supports Linux", "[ ] Supports Windows" "☐ Supports Windows"; brackets are markup in an answer."""
    if not blocks or not isinstance(blocks[0], Para) or (box := _TASK_BOX.match(blocks[0].text)) is None:
        return blocks
    mark = "☐" if box.group(1) == " " else "☑"
    return (Para(f"{mark} {blocks[0].text[box.end() :]}"), *blocks[1:])


def _inline_text(source: str) -> str:
    """Inline Markdown source as a passage holds it (`inline`)."""
    from markdown_it.tree import SyntaxTreeNode

    tokens = _parser().parseInline(source.strip()) if source.strip() else []
    return one_line(inline(SyntaxTreeNode(tokens).children[0])) if tokens else ""


def _table(node: Any) -> Table:
    header: tuple[str, ...] | None = None
    rows: list[tuple[str, ...]] = []
    for part in node.children:
        for row in part.children:
            cells = tuple(_text(cell, cell_text) for cell in row.children)
            if part.type == "thead" and header is None:
                header = cells
            else:
                rows.append(cells)
    return Table(header, tuple(rows))


def markdown_blocks(body: str) -> list[Block]:
    """The typed blocks of a Markdown page (its front matter already split off)."""
    from markdown_it.tree import SyntaxTreeNode

    if "{{<" in body:
        body = _HIGHLIGHT.sub(lambda m: f"```{m.group('lang')}\n{m.group('code')}\n```", body)
    tree = SyntaxTreeNode(_parser().parse(body))
    footnotes = {
        n.meta["id"]: n
        for block in tree.children
        if block.type == "footnote_block"
        for n in block.children
        if n.type == "footnote" and "id" in n.meta
    }
    return _Blocks(footnotes).of(tree.children)


def markdown_sections(body: str) -> tuple[Section, ...]:
    """A Markdown page's sections, split at its headings, with their heading paths and anchors."""
    return write(markdown_blocks(body), title_level=1)
