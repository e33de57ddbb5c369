"""Raw markup left in an answer's text: the source's syntax where a reader should see rendered text.

An answer quotes documentation pages, and a page's markup must not reach the reader as characters: a
fenced code block flattened into one line, backtick fences inside prose, a line opened by `#` heading
markers, admonition markers (MkDocs' `!!!` and `???`, pymdownx's `///`, Docusaurus', VitePress' and MyST's
`:::`, mkdocstrings' `::: package.Object`), a `---` rule or front-matter fence, reST roles
(``:ref:`target` ``) and directives (`.. note::`), `**` emphasis markers, HTML tags, and what a site's build
replaces (an include such as `--8<-- "file"` or `{* file *}`, even inside a code block, whose code it
stands for; an icon shortcode such as `:material-check:`; a footnote mark `[^1]`; `[TOC]`). A fenced code
block kept as a block (a line of three backticks with an optional language, its lines, a closing line of
three backticks, after which the engine may put its citation markers) is how an answer shows code, so it
is not raw markup, nor is anything inside it; nor is a Markdown table's delimiter row (`|---|---|`), how
an answer shows a table. Pure.
"""

from __future__ import annotations

import re
from enum import StrEnum

__all__ = ["Markup", "raw_markup"]


class Markup(StrEnum):
    """The kinds of raw markup found, in the order they are checked."""

    FENCE = "fence"  # ``` outside a fenced block: a block flattened into a line, or fences inside prose
    HEADING = "heading"  # a line opened by heading markers, or ## markers inside a line
    ADMONITION = "admonition"  # !!! and ??? (MkDocs), /// (pymdownx), ::: (colon containers, autodoc)
    RULE = "rule"  # --- (a rule or a front-matter fence)
    ROLE = "role"  # :ref:`...` and other reST roles
    DIRECTIVE = "directive"  # .. note:: and other reST directives
    STRONG = "strong"  # ** emphasis markers
    HTML = "html"  # an HTML tag
    BUILD = "build"  # an include, icon shortcode, footnote mark, TOC marker or template tag a site's build replaces
    LINK = "link"  # a Markdown link or image left as written: [text](address)


# A fenced block kept as a block: an opening line of ``` and an optional info string, then a closing line,
# which may carry the citation markers the engine puts after what it quotes ("``` [usage/roles#9]").
_BLOCK = re.compile(r"^[ \t]*```[ \t]*[\w+#.-]*[ \t]*\n.*?^[ \t]*```(?:[ \t]*\[[^\[\]\s]+\])*[ \t]*$", re.M | re.S)
# a code span, opened and closed by runs of as many backticks (CommonMark); one opened by two or more may
# hold backticks, so `` :ref:`x` `` is a role shown as literal text, not a role
_CODE_SPAN = r"(?<!`)({opening})(?!`)(?:(?!\1).)+?(?<!`)\1(?!`)"
_INLINE_CODE = re.compile(_CODE_SPAN.format(opening="`+"))
_LONG_CODE = re.compile(_CODE_SPAN.format(opening="``+"))
# a role opens its target with a backtick; `:numbered:` (an option named in inline code) is no role
_ROLE = re.compile(r"(?<![`\w]):[A-Za-z][\w+.-]*(?::[A-Za-z][\w+.-]*)*:`")
# a Markdown table's delimiter row, in a table kept as a table (how an answer shows one)
_TABLE_RULE = re.compile(r"^[ \t]*\|?(?:[ \t]*:?-{3,}:?[ \t]*\|)+[ \t]*(?::?-{3,}:?[ \t]*)?$", re.M)
_HEADING = re.compile(r"^[ \t]{0,3}#{1,6}(?:[ \t]|$)|(?:^|\s)#{2,6}[ \t]+\w", re.M)
_CONTAINER = re.compile(r"(?:^|\s)(?:\?{3}\+?|/{3,}|:{3,})(?:[ \t{]|$)", re.M)
_DIRECTIVE = re.compile(r"(?:^|\s)\.\.[ \t]+[A-Za-z][\w:-]*::")
_TAGS = (
    "a|abbr|b|blockquote|body|br|caption|center|cite|code|col|colgroup|dd|del|details|div|dl|dt|em|figcaption|"
    "figure|font|footer|h[1-6]|head|header|hr|html|i|iframe|img|ins|kbd|li|link|mark|meta|nav|ol|p|pre|q|s|"
    "samp|script|section|small|span|strong|style|sub|summary|sup|table|tbody|td|tfoot|th|thead|title|tr|tt|u|"
    "ul|var|wbr"
)
_HTML = re.compile(rf"</?(?:{_TAGS})(?:\s[^<>]*)?/?>|&(?:nbsp|amp|lt|gt|quot|#\d+);", re.I)
# includes (pymdownx.snippets, FastAPI's `{* *}`, markdown-include's `{! !}`, mdBook's `{{#include}}`), looked for in
# code blocks too
_INCLUDE = re.compile(
    r"-{1,}8<-{1,}|\{\*[^{}\n]*\*\}|\{!>?[^{}\n]*!\}|\{\{#(?:include|rustdoc_include|playground)\b[^{}\n]*\}\}"
)
_BUILT = re.compile(
    r":(?:material|fontawesome|octicons|simple|lucide)-[\w-]+:|\[\^[^\]\s]+\]|\[TOC\]|\{%-?[ \t]*\w+[^{}\n]*?-?%\}"
    r"|\{\{[<%]-?[ \t]*/?[ \t]*[A-Za-z][^{}\n]*?[>%]\}\}"  # a Hugo shortcode: `{{< note >}}`, `{{% param "v" %}}`
    r"|\{/\*.*?\*/\}"  # an MDX comment
    r"|\{:?[ \t]*[.#][A-Za-z][\w-]*(?:[ \t]+[^{}\n]*)?\}"  # an attribute list: `{ .md-button }`, `{: #id }`
)
# a Markdown link or image as written, its text in brackets and its address in parentheses
_LINK = re.compile(r"!?\[[^\[\]\n]+\]\([^()\s]*(?:[ \t]+\"[^\"\n]*\")?\)")


def raw_markup(answer: str | None) -> tuple[Markup, ...]:
    """The kinds of raw markup in `answer` (none for no answer), each once."""
    if not answer:
        return ()
    prose = _TABLE_RULE.sub("", _BLOCK.sub("\n", answer))
    found: list[Markup] = []
    if "```" in prose:
        found.append(Markup.FENCE)
    words = _INLINE_CODE.sub(" ", prose.replace("```", " "))  # inline code may show any characters
    roles = bool(_ROLE.search(_LONG_CODE.sub(" ", prose)))  # a role's own target is in single backticks
    checks = (
        (Markup.HEADING, bool(_HEADING.search(words))),
        (Markup.ADMONITION, "!!!" in words or bool(_CONTAINER.search(words))),
        (Markup.RULE, "---" in words),
        (Markup.ROLE, roles),
        (Markup.DIRECTIVE, bool(_DIRECTIVE.search(words))),
        (Markup.STRONG, "**" in words),
        (Markup.HTML, bool(_HTML.search(words))),
        (Markup.BUILD, any(_INCLUDE.search(b) for b in (words, *_BLOCK.findall(answer))) or bool(_BUILT.search(words))),
        (Markup.LINK, bool(_LINK.search(words))),
    )
    found += [kind for kind, hit in checks if hit]
    return tuple(found)
