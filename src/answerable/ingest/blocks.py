"""A page's typed blocks, written as sections in the one Markdown subset that `text.units` reads back.

Every parser (Markdown, reST, HTML) turns its page into the same few blocks: headings, paragraphs, lists,
definition and parameter entries, tables, code and admonitions. `write` lays them out as `text.units`
documents it, so that each comes back as one typed unit:

- a paragraph is one line of plain text (inline code kept as `backticks`);
- a list item is one line ("- text", "1. text"), nested items indented under it;
- an entry is one line "`name`: description", its first paragraphs with it, so a parameter's default stays in
  its own entry; a later paragraph is an entry of the same name again; a list item that opens with code and
  a separator ("`pool_size`, the largest number ...") is an entry too;
- a table keeps its header row, ruled off, over its rows;
- a code block is fenced, with its language;
- an admonition is one line "> Label: text", the label from its type or title.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

_SUPERSCRIPT = str.maketrans("0123456789+-=()n", "⁰¹²³⁴⁵⁶⁷⁸⁹⁺⁻⁼⁽⁾ⁿ")
_SUBSCRIPT = str.maketrans("0123456789+-=()", "₀₁₂₃₄₅₆₇₈₉₊₋₌₍₎")


# A footnote's mark as a superscript: a number, a letter or a sign ("1", "a", "*", "†"); and the end of a word
# of three letters or more it follows, perhaps after its punctuation ("days1", "days.1").
_FOOTNOTE_MARK = re.compile(r"\d{1,3}|[a-z]|[*†‡§¶]{1,3}")
_AFTER_WORD = re.compile(r"[A-Za-z]{3,}[.,;:)]?$")


def raised(text: str, below: bool = False, after: str = "") -> str:
    """The text of a superscript (or, `below`, a subscript) as the page draws it: digits and signs in their
    raised or lowered forms ("10<sup>6</sup>" is "10⁶", "CO<sub>2</sub>" "CO₂"), so that they are not read
    as more digits of the number before them ("106", "80801" for a footnote's "8080<sup>1</sup>"); other
    text ("<sup>TM</sup>", "<sup>th</sup>") as it is written.

    A raised mark right after a word of three letters or more (`after`, the text before it) is a footnote's
    mark, and goes as a marked footnote's does: no exponent is written on a word, and "30 days¹" is no span
    of 30 days to a reader of figures. After a unit's symbol ("m<sup>2</sup>", "cm<sup>3</sup>") or a number
    it is drawn raised."""
    if not below and _FOOTNOTE_MARK.fullmatch(text.strip()) and _AFTER_WORD.search(after):
        return ""
    table = _SUBSCRIPT if below else _SUPERSCRIPT
    drawn = text.strip().translate(table)
    return drawn if drawn and not any(c.isascii() and not c.isspace() for c in drawn) else text


@dataclass(frozen=True)
class Section:
    """A run of text under one heading path (outermost heading first)."""

    heading_path: tuple[str, ...]
    text: str
    anchor: str | None = None  # the innermost heading's fragment id in the page; None before any heading


@dataclass(frozen=True)
class Heading:
    level: int
    text: str
    anchor: str | None = None


@dataclass(frozen=True)
class Para:
    text: str


@dataclass(frozen=True)
class Items:
    """A list: each item is the blocks it holds."""

    items: tuple[tuple[Block, ...], ...]
    ordered: bool = False
    start: int = 1


@dataclass(frozen=True)
class Defs:
    """A definition or parameter list: each entry is a name and the blocks that describe it."""

    entries: tuple[tuple[str, tuple[Block, ...]], ...]


@dataclass(frozen=True)
class Table:
    header: tuple[str, ...] | None
    rows: tuple[tuple[str, ...], ...]
    caption: str = ""


@dataclass(frozen=True)
class Code:
    text: str
    language: str = ""


@dataclass(frozen=True)
class Note:
    """An admonition: its label ("Note", "Warning", a title, "New in version 2.1") and what it holds."""

    label: str
    body: tuple[Block, ...] = field(default=())


Block = Heading | Para | Items | Defs | Table | Code | Note

# How long the first paragraphs of an entry or an admonition may grow, joined into its one line: a whole
# configuration value's description is read as one unit, a page-long one is not.
ENTRY_BUDGET = 800


def one_line(text: str) -> str:
    return " ".join(text.split())


# What a parser writes for a line break (`<br>`) inside inline text: whitespace to `one_line`, so a paragraph
# reads it as a space, while a table cell's items stay apart (`cell_text`).
LINE_BREAK = "\u2028"


def cell_text(text: str) -> str:
    """A table cell's text, its lines broken by `<br>` (`LINE_BREAK`) joined by " / ": a table has no other
    way to list items in one cell ("`micro`<br>`patch`<br>`fix`", the three names of one version segment),
    and read as one run of words ("`micro` `patch` `fix`") they are no longer items a question can name one
    of."""
    return " / ".join(line for line in (one_line(part) for part in text.split(LINE_BREAK)) if line)


def introduced_by(label: str, blocks: Sequence[Block]) -> list[Block]:
    """`blocks` after a paragraph "`label`:" that introduces them (a tab's title over its example, a field
    list's "Parameters:" over its entries); the blocks alone where there is no label, nothing where there
    are no blocks."""
    label = one_line(label)
    return [Para(f"{label}:"), *blocks] if label and blocks else list(blocks)


# Text a page shows that reads as an HTML tag: "<h1>", "</body>", "<br/>", "<your-name>", "<a href=\"x\">".
_TAG_TEXT = re.compile(r"</?[A-Za-z][\w-]*(?:\s+[\w-]+=(?:\"[^\"<>]*\"|'[^'<>]*'|[^\s<>]+))*\s*/?>")


def shown_as_code(text: str) -> str:
    """`text` a page shows literally, with what reads as an HTML tag ("colors for <h1> and <h2>") as inline code.

    reST and HTML pages show such text as written: "<h1>" in a reST paragraph, or "&lt;h1&gt;" in HTML, is the
    element's name. Passages and answers are Markdown, where the same characters are HTML that a reader drops or
    renders: quoted as code, they read as the page shows them. A comparison ("a < b") is no tag.
    """
    if "<" not in text:
        return text
    return _TAG_TEXT.sub(lambda m: code_span(m.group(0)), text)


def code_span(code: str) -> str:
    """Inline code as written in a passage: `code`, or `` co`de `` when it holds a backtick."""
    code = one_line(code)
    if not code:
        return ""
    if "`" not in code:
        return f"`{code}`"
    longest = max(len(run) for run in re.findall(r"`+", code))
    ticks = "`" * (longest + 1)
    return f"{ticks} {code} {ticks}"


# A list item that names a parameter before saying what it is: "`pool_size`, the largest number ...",
# "`handler`: the name of ...", "`url_timeout` - seconds ...", "`cookie_path` (`/`): Cookie path.", or
# gives its type in braces as JSDoc and Node.js do, a separator then optional ("`maxBuffer` {number}
# Largest amount of data ...": the entry of `maxBuffer (number)`).
_PARAMETER_ITEM = re.compile(
    r"^(`+)(?!`)([^`]+?)\1((?:\s*\((?:[^()`]|`[^`\n]*`)*\))?)"
    r"(?:\s*(?:[,:]|\s[-–—]+)\s+|\s*\{(?P<type>[^{}`\n]+)\}(?:\s*(?:[,:]|[-–—]+))?\s+)(?=\S)"
)


# A list item that opens with a type in braces under a heading that names one thing as code documents that
# thing, as Node.js documents a property: "### `server.keepAliveTimeout`" then "* {number} Timeout in
# milliseconds. **Default:** `5000`" is the entry of `server.keepAliveTimeout (number)`.
_TYPED_ITEM = re.compile(r"^\{(?P<type>[^{}`\n]+)\}\s+(?=\S)")
_CODE_HEADING = re.compile(r"^(?:[\w .:-]*:\s*)?`(?P<name>[^`]+)`$")


def _fence(text: str) -> str:
    longest = max((len(run) for run in re.findall(r"`{3,}", text)), default=2)
    return "`" * (longest + 1)


# A question an FAQ sets as a paragraph ("Q: ...?", "Question: ...?"), and the "A:" its answer opens with.
_ASKED = re.compile(r"^(?:Q|Question)\s*[:.]\s+(?P<question>\S.*\?)$")
_REPLY = re.compile(r"^(?:A|Answer)\s*[:.]\s+(?=\S)")


class Writer:
    """Blocks in reading order into sections, each a run of written units under one heading path."""

    def __init__(self, title_level: int | None = None) -> None:
        # the level of the heading that titles a page when the page opens with it (Markdown: 1); None for
        # any level (an HTML or reST page's first heading is its title, whatever its tag)
        self.title_level = title_level
        self.sections: list[Section] = []
        self.path: list[tuple[int, str]] = []
        self.units: list[str] = []
        self.anchor: str | None = None
        self.asked_level: int | None = None  # the level of the question a paragraph asked (`question`)
        self.asking = False  # the block before was such a question: its answer may open with "A:"

    def flush(self) -> None:
        text = "\n\n".join(self.units).strip()
        if text:
            self.sections.append(Section(tuple(h for _, h in self.path), text, self.anchor))
        self.units.clear()

    def question(self, text: str) -> None:
        """A question an FAQ asks in a paragraph of its own ("Q: What is the risk of lock-in?", then "A: Not
        much! ..."): a heading one level under the section's, as a page that sets its questions as headings
        has them, so that the answer is read and cited as that question's. The section's anchor stays: the
        page has none for the paragraph."""
        self.flush()
        if self.asked_level is not None and self.path and self.path[-1][0] == self.asked_level:
            self.path.pop()  # the question before this one
        level = self.path[-1][0] + 1 if self.path else 1
        self.path.append((level, text))
        self.asked_level = level

    def heading(self, heading: Heading) -> None:
        text = one_line(heading.text)
        if not text:
            return
        # The heading a page opens with is its title: its sections are cited as the page itself. A Markdown
        # page that opens with a `##` heading is titled otherwise (`Page.under_title`): that heading is
        # one section of it, cited at its anchor.
        opens_page = (
            self.title_level in (None, heading.level) and not self.path and not self.sections and not self.units
        )
        self.flush()
        self.asked_level = None
        self.path[:] = [(lvl, h) for lvl, h in self.path if lvl < heading.level]
        self.path.append((heading.level, text))
        self.anchor = None if opens_page else heading.anchor

    def blocks(self, blocks: Iterable[Block], depth: int = 0) -> None:
        for block in blocks:
            self.block(block, depth)

    def block(self, block: Block, depth: int = 0) -> None:
        if isinstance(block, Heading):
            if depth == 0:
                self.heading(block)
            else:  # a heading inside a list or a note is its text
                self.block(Para(block.text), depth)
        elif isinstance(block, Para):
            text = one_line(block.text)
            asked = _ASKED.match(text) if depth == 0 else None
            if asked is not None:
                self.question(asked.group("question"))
            elif text:
                self.units.append(_REPLY.sub("", text, count=1) if self.asking else text)
            self.asking = asked is not None
        elif isinstance(block, Items):
            self.items(block, depth)
        elif isinstance(block, Defs):
            for name, body in block.entries:
                self.entry(name, body, depth)
        elif isinstance(block, Table):
            self.table(block)
        elif isinstance(block, Code):
            self.code(block)
        else:
            self.note(block, depth)

    def items(self, block: Items, depth: int) -> None:
        for n, item in enumerate(block.items, start=block.start):
            lead, rest = _lead(item)
            parameter = _PARAMETER_ITEM.match(lead)
            typed = _TYPED_ITEM.match(lead)
            heading = _CODE_HEADING.match(self.path[-1][1]) if self.path and depth == 0 else None
            if typed and heading:
                name = f"{heading.group('name')} ({typed.group('type').strip()})"
                self.units.append(_entry_line(name, lead[typed.end() :]))
            elif parameter:
                # "`enabled` (New in version 0.20): ...", "`cookie_name` (`fastapiusersauth`): ..." (its
                # default, or its type: the entry of `cookie_name (fastapiusersauth)`)
                name = parameter.group(2) + parameter.group(3).replace("`", "")
                if parameter.group("type"):
                    name += f" ({parameter.group('type').strip()})"
                self.units.append(_entry_line(name, lead[parameter.end() :]))
            elif lead:
                marker = f"{n}." if block.ordered else "-"
                self.units.append(f"{'  ' * depth}{marker} {lead}")
            self.blocks(rest, depth + 1)

    def entry(self, name: str, body: Sequence[Block], depth: int) -> None:
        name = one_line(name)
        lead, rest = _lead(body)
        if not name:
            self.blocks(body, depth)
            return
        self.units.append(_entry_line(name, lead))
        for block in rest:
            # a later paragraph of the description says what it says of the same name
            if isinstance(block, Para) and one_line(block.text):
                self.units.append(_entry_line(name, one_line(block.text)))
            else:
                self.block(block, depth + 1)

    def table(self, block: Table) -> None:
        if block.caption.strip():
            self.units.append(one_line(block.caption))
        lines: list[str] = []
        if block.header is not None and any(c.strip() for c in block.header):
            lines.append(_row(block.header))
            lines.append("|" + "---|" * len(block.header))
        lines += [_row(row) for row in block.rows if any(c.strip() for c in row)]
        if lines:
            self.units.append("\n".join(lines))

    def code(self, block: Code) -> None:
        text = "\n".join(line.rstrip() for line in block.text.strip("\n").split("\n"))
        if not text.strip():
            return
        fence = _fence(text)
        language = one_line(block.language).split(" ")[0]
        self.units.append(f"{fence}{language}\n{text}\n{fence}")

    def note(self, block: Note, depth: int) -> None:
        lead, rest = _lead(block.body)
        label = one_line(block.label).rstrip(":")
        if label and lead:
            self.units.append(f"> {label}: {lead}")
        elif label or lead:
            said = label or lead
            self.units.append(f"> {said}" if said[-1:] in ".!?" else f"> {said}.")
        self.blocks(rest, depth + 1)

    def done(self) -> tuple[Section, ...]:
        self.flush()
        return tuple(self.sections)


def _lead(blocks: Sequence[Block]) -> tuple[str, Sequence[Block]]:
    """The paragraphs a list item, entry or note opens with, joined while they fit `ENTRY_BUDGET` (the first
    always), and the blocks after them."""
    texts: list[str] = []
    length = 0
    for n, block in enumerate(blocks):
        text = one_line(block.text) if isinstance(block, Para) else None
        if text is None or (texts and length + len(text) > ENTRY_BUDGET):
            return " ".join(texts), blocks[n:]
        if text:
            texts.append(text)
            length += len(text) + 1
    return " ".join(texts), ()


def _entry_line(name: str, description: str) -> str:
    # the name is one code span: the code marks inside it (`max_connections` (`integer`)) are dropped
    name = code_span(name.replace("`", "")) or code_span(name)
    return f"{name}: {description}".rstrip()


def _row(cells: Sequence[str]) -> str:
    return "| " + " | ".join(one_line(c).replace("|", "\\|") for c in cells) + " |"


def write(blocks: Iterable[Block], title_level: int | None = None) -> tuple[Section, ...]:
    """The sections of a page's blocks, split at its headings (see the module); `title_level`: see
    `Writer`."""
    writer = Writer(title_level)
    writer.blocks(blocks)
    return writer.done()
