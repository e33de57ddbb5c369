"""reStructuredText pages (Sphinx sources) into typed blocks, parsed by docutils.

docutils knows reST; Sphinx adds its own roles (`:ref:`, `:doc:`, `:class:`, `:confval:` ...) and directives
(`.. confval::`, `.. option::`, `.. py:function::`, `.. code-block::`, `.. versionadded::`, `.. toctree::`
...), which plain docutils reports as errors and drops with their content. Each role and directive a page
uses that docutils does not know is registered with a tolerant handler before the page is parsed, so its
text is kept: a role's text as Sphinx shows it (literal for code objects, plain for references), an object
description (`confval`, `option`, `py:function`, `autoclass`...) as an entry named by its signature, a code
directive as code in its language, a version note or `seealso` as an admonition, a container's content as
it is; navigation (`toctree`, `index`) and directives without content are dropped. docutils' transforms
are not run: a reference to a target in another page stays its text, not a "problematic" marker.

The handlers are registered in docutils' own tables (as Sphinx does), once per name, for the process.
"""

from __future__ import annotations

import io
import re
from collections.abc import Iterable, Sequence
from functools import cache
from typing import Any, ClassVar

from answerable.ingest.blocks import (
    Block,
    Code,
    Defs,
    Heading,
    Items,
    Note,
    Para,
    Section,
    Table,
    code_span,
    one_line,
    shown_as_code,
    write,
)

# Roles Sphinx shows as code (the last part of a domain role: `py:class` -> `class`).
_LITERAL_ROLES = frozenset(
    {
        *("attr", "class", "code", "confval", "const", "data", "dir", "directive", "envvar", "enum", "enumerator"),
        *("exc", "expr", "file", "func", "function", "macro", "makevar", "member", "meth", "method", "mod"),
        *("obj", "option", "role", "samp", "setting", "struct", "texpr", "type", "union", "var", "djadmin"),
        *("djadminopt", "ttag", "tfilter", "lookup", "fieldlookup", "templatetag", "templatefilter"),
    }
)
# Directives whose content is navigation or build plumbing, not page text.
_DROPPED = frozenset(
    {
        *("toctree", "index", "highlight", "sectionauthor", "moduleauthor", "codeauthor", "currentmodule"),
        *("module", "default-domain", "tabularcolumns", "autosummary", "literalinclude", "graphviz", "digraph"),
        *("graph", "inheritance-diagram", "program", "testsetup", "testcleanup", "todolist", "setting"),
        *("py:module", "py:currentmodule", "c:namespace", "cpp:namespace", "js:module", "rst-class", "cssclass"),
        *("automodule", "autoprogram", "raw"),
    }
)
_SPHINX_CODE = ("code", "code-block", "sourcecode")
_CODE_DIRECTIVES = {
    "code-block": "",
    "sourcecode": "",
    "code": "",
    "doctest": "pycon",
    "testcode": "python",
    "testoutput": "",
    "productionlist": "",
}
_VERSION_LABELS = {
    "versionadded": "New in version {}",
    "versionchanged": "Changed in version {}",
    "deprecated": "Deprecated since version {}",
    "versionremoved": "Removed in version {}",
    "deprecated-removed": "Deprecated since version {}, removed in version {}",
}
_NOTE_LABELS = {
    "seealso": "See also",
    "todo": "Todo",
    "impl-detail": "CPython implementation detail",
    "availability": "Availability",
}
# Object descriptions of Sphinx's domains and of the projects that document themselves with Sphinx: an
# entry named by its signature. Any other unknown directive with an argument and content is one too.
_OBJECTS = frozenset(
    {
        *("confval", "option", "cmdoption", "envvar", "describe", "object", "event", "function", "class"),
        *("method", "attribute", "data", "exception", "decorator", "decoratormethod", "classmethod"),
        *("staticmethod", "coroutinefunction", "coroutinemethod", "abstractmethod", "property", "opcode"),
        *("django-admin", "django-admin-option", "templatetag", "templatefilter", "fieldlookup"),
    }
)
_ROLE_NAME = re.compile(r"(?<![\w`]):([A-Za-z][\w+.:-]*?):`")
_DIRECTIVE_NAME = re.compile(r"^[ \t]*\.\.[ \t]+([A-Za-z][\w+.:-]*?)::", re.M)
_XREF = re.compile(r"^(.*?)\s*<[^<>]*>$", re.S)


class _AnyOptions(dict[str, Any]):
    """A directive's options, whatever they are: Sphinx's (`:linenos:`, `:caption:`) are not docutils'."""

    def __getitem__(self, key: str) -> Any:
        from docutils.parsers.rst import directives

        return directives.unchanged

    def __contains__(self, key: object) -> bool:
        return True

    def __bool__(self) -> bool:
        return True


def _role_text(name: str, text: str) -> str:
    """A role's text as Sphinx shows it: `title <target>` as its title, `~a.b.c` as `c`, `!x` as `x`, a PEP or
    an RFC by its name ("PEP 681" for `pep` 681, "RFC 2616" for `rfc` 2616#section-5)."""
    xref = _XREF.match(text)
    if xref and xref.group(1).strip():
        return xref.group(1).strip()
    if name in ("pep", "rfc"):
        return f"{name.upper()} {text.split('#', 1)[0].strip()}"
    text = text.removeprefix("!")
    if text.startswith("~"):
        text = text[1:].rsplit(".", 1)[-1]
    if name == "menuselection":
        text = text.replace("-->", ">")
    elif name == "guilabel":
        text = text.replace("&&", "\0").replace("&", "").replace("\0", "&")
    return text


def shown_role(name: str, text: str) -> str:
    """A Sphinx role (`ref`, `py:func`...) with its text as a page shows it: code for a code object, plain
    for a reference (`_role_text`). MyST pages write the same roles (`{py:func}`run``)."""
    short = name.lower().rsplit(":", 1)[-1]
    shown = _role_text(short, text)
    return code_span(shown) if short in _LITERAL_ROLES else shown


# The admonitions docutils itself knows, labelled by their name.
_ADMONITIONS = frozenset({"attention", "caution", "danger", "error", "hint", "important", "note", "tip", "warning"})


def admonition_label(name: str, argument: str) -> tuple[str, str] | None:
    """The label of an admonition directive and the text of its line that is not the label ("1.8" of
    `versionadded` is the label's, "Added x." after it is text); None for a directive that is no admonition.
    `admonition` takes its argument for its label."""
    if name == "admonition":
        return (argument or "Note", "")
    if name in _ADMONITIONS:
        return name.title(), argument
    if name in _VERSION_LABELS or name in _NOTE_LABELS:
        return _note_label(name, argument)
    return None


def _role(name: str, rawtext: str, text: str, lineno: int, inliner: Any, options: Any = None, content: Any = None):  # type: ignore[no-untyped-def]
    from docutils import nodes, utils

    short = name.lower().rsplit(":", 1)[-1]
    shown = _role_text(short, utils.unescape(text))
    if short in _LITERAL_ROLES:
        return [nodes.literal(rawtext, shown)], []
    return [nodes.inline(rawtext, shown)], []


def _note_label(name: str, line: str) -> tuple[str, str]:
    """A version note's or `seealso`'s label and the text its directive line holds ("1.8 Added the option.")."""
    if name in _VERSION_LABELS:
        count = 2 if name == "deprecated-removed" else 1
        parts = line.split(None, count)
        versions = [*parts[:count], "", ""][:2]
        return _VERSION_LABELS[name].format(*versions), parts[count] if len(parts) > count else ""
    return _NOTE_LABELS.get(name, name.title()), line


@cache
def _directive_classes() -> dict[str, Any]:
    from docutils import nodes
    from docutils.parsers.rst import Directive

    class Tolerant(Directive):
        """Takes any argument line, option and content; says what it was on a container node."""

        required_arguments = 0
        optional_arguments = 1
        final_argument_whitespace = True
        has_content = True
        option_spec: ClassVar[Any] = _AnyOptions(any=None)
        kind = "container"

        def run(self) -> list[Any]:
            node = nodes.container()
            lines = [one_line(line) for a in self.arguments for line in a.split("\n") if line.strip()]
            node["answerable"] = self.kind
            node["directive"] = self.name
            node["arguments"] = lines
            node["options"] = {k: one_line(str(v)) for k, v in self.options.items() if v is not None}
            if self.kind in ("code", "dropped"):
                node["code"] = "\n".join(self.content)
                return [node]
            if self.kind == "admonition":
                label, said = _note_label(self.name, " ".join(lines))
                node["label"] = label
                if said:
                    # the text on the directive's line is reST too (`.. versionchanged:: 1.8 Added :confval:`x`.`)
                    parsed, _ = self.state.inline_text(said, self.lineno)
                    node += nodes.paragraph(said, "", *parsed)
            if self.content:
                self.state.nested_parse(self.content, self.content_offset, node)
            return [node]

    class Dropped(Tolerant):
        kind = "dropped"

    class Code(Tolerant):
        kind = "code"

    class Entry(Tolerant):
        kind = "entry"

    class Admonition(Tolerant):
        kind = "admonition"

    return {"container": Tolerant, "dropped": Dropped, "code": Code, "entry": Entry, "admonition": Admonition}


def _kind(name: str) -> str | None:
    """What a directive unknown to docutils is taken for; None for a container (or an entry when it has an
    argument, decided as it is read)."""
    short = name.lower().rsplit(":", 1)[-1]
    if name in _DROPPED or short in ("module", "currentmodule", "namespace"):
        return "dropped"
    if name in _CODE_DIRECTIVES:
        return "code"
    if name in _VERSION_LABELS or name in _NOTE_LABELS:
        return "admonition"
    if name in _OBJECTS or short in _OBJECTS or name.startswith("auto") or ":" in name:
        return "entry"
    return None


def _register(source: str, document: Any) -> None:
    """Give every role and directive `source` uses that docutils does not know a tolerant handler."""
    from docutils.parsers.rst import directives, roles
    from docutils.parsers.rst.languages import get_language

    en: Any = get_language("en")  # the stubs type it apart from what `directive` and `role` take
    classes = _directive_classes()
    # docutils' own `class` and `code` directives (`code-block` and `sourcecode` its aliases) are Sphinx's
    # `py:class` and a code block with options docutils refuses (`:emphasize-lines:`, `:linenos:`, which made
    # it drop the block): a Sphinx page means Sphinx's.
    sphinx_own = ("class", *_SPHINX_CODE)
    for name in sorted({*sphinx_own, *(n.lower() for n in _DIRECTIVE_NAME.findall(source))}):
        known, _ = directives.directive(name, en, document)
        if isinstance(known, type) and issubclass(known, classes["container"]):
            continue
        if known is None or name in sphinx_own:
            directives.register_directive(name, classes[_kind(name) or "container"])
    for name in sorted({n.lower() for n in _ROLE_NAME.findall(source)}):
        known_role, _ = roles.role(name, en, 0, document.reporter)
        if known_role is None:
            roles.register_local_role(name, _role)


def _parse(source: str) -> Any:
    from docutils.frontend import get_default_settings
    from docutils.parsers.rst import Parser
    from docutils.utils import new_document

    settings = get_default_settings(Parser)
    settings.report_level = 5
    settings.halt_level = 5
    settings.warning_stream = io.StringIO()
    settings.file_insertion_enabled = False
    settings.raw_enabled = False
    settings.syntax_highlight = "none"
    settings.line_length_limit = 1_000_000
    settings.character_level_inline_markup = False
    document = new_document("<page>", settings)
    _register(source, document)
    Parser().parse(source, document)
    return document


def _classes(node: Any) -> list[str]:
    return list(node.get("classes", []))


def inline(node: Any) -> str:
    """The text of an inline run as a passage holds it: plain, literal text in backticks."""
    from docutils import nodes

    parts: list[str] = []
    for child in node.children:
        if isinstance(child, nodes.Text):
            # `astext`, not `str`: docutils keeps a backslash escape as a NUL before the escaped character
            # ("directive\\ s" is "directive\x00 s"); read, it is the text the page shows ("directives").
            parts.append(shown_as_code(child.astext()))
        elif isinstance(child, nodes.literal):
            parts.append(code_span(child.astext()))
        elif isinstance(child, nodes.footnote_reference | nodes.citation_reference):
            # a footnote's mark goes with the space before it ("in parallel [#f1]_." reads "in parallel.")
            if parts:
                parts[-1] = parts[-1].rstrip()
        elif isinstance(child, nodes.system_message):
            continue  # what docutils says about the page
        elif isinstance(child, nodes.substitution_reference):
            parts.append(_substituted(child))
        elif isinstance(child, nodes.target | nodes.image | nodes.raw | nodes.comment):
            pass
        elif isinstance(child, nodes.problematic):
            parts.append(_unmarked(child.astext()))
        elif isinstance(child, nodes.Element):
            parts.append(inline(child))
    return "".join(parts)


def _substituted(reference: Any) -> str:
    """What a substitution (`|product|`) stands for, as its definition on the page says (`.. |product|
    replace:: Fetchr Pro`): the page shows that text. Without a definition (one a `conf.py` or an include
    gives), its name."""
    from docutils.nodes import fully_normalize_name

    document = reference.document
    if document is None:
        return inline(reference)
    name = str(reference.get("refname", ""))
    key = name if name in document.substitution_defs else document.substitution_names.get(fully_normalize_name(name))
    found = document.substitution_defs.get(key) if key is not None else None
    return inline(found) if found is not None else inline(reference)


def _unmarked(raw: str) -> str:
    """Source text docutils could not read, without its markup (`text <url>`_, :role:`x`, |name|)."""
    text = re.sub(r"^:[\w+.:-]+:", "", raw.strip())
    text = text.strip("`_|")
    xref = _XREF.match(text)
    return xref.group(1) if xref and xref.group(1).strip() else text


class _Blocks:
    """A doctree as typed blocks."""

    def of(self, nodes_: Iterable[Any], level: int) -> list[Block]:
        out: list[Block] = []
        for node in nodes_:
            out += self.node(node, level)
        return out

    def node(self, node: Any, level: int) -> list[Block]:
        from docutils import nodes

        if isinstance(node, nodes.section):
            title = next((c for c in node.children if isinstance(c, nodes.title)), None)
            text = one_line(inline(title)) if title is not None else ""
            ids = node.get("ids") or []
            heading: list[Block] = [Heading(level + 1, text, ids[0] if ids else None)] if text else []
            return heading + self.of((c for c in node.children if c is not title), level + 1)
        if isinstance(node, nodes.paragraph):
            return [Para(inline(node))]
        if isinstance(node, nodes.title | nodes.subtitle | nodes.rubric | nodes.attribution | nodes.caption):
            return [Para(inline(node))]
        if isinstance(node, nodes.bullet_list | nodes.enumerated_list):
            items = tuple(tuple(self.of(item.children, level)) for item in node.children)
            start = int(node.get("start", 1) or 1)
            return [Items(items, ordered=isinstance(node, nodes.enumerated_list), start=start)]
        if isinstance(node, nodes.definition_list):
            return [self.definitions(node, level)]
        if isinstance(node, nodes.field_list):
            return [self.fields(node, level)]
        if isinstance(node, nodes.option_list):
            return [self.options(node, level)]
        if isinstance(node, nodes.literal_block | nodes.doctest_block):
            return [Code(node.astext(), self.language(node))]
        if isinstance(node, nodes.math_block):
            return [Code(node.astext(), "math")]
        if isinstance(node, nodes.line_block):
            return [Para(" ".join(inline(line) for line in node.findall(nodes.line)))]
        if isinstance(node, nodes.table):
            return [self.table(node)]
        if isinstance(node, nodes.Admonition):
            return [self.admonition(node, level)]
        if isinstance(node, nodes.container) and node.get("answerable"):
            return self.directive(node, level)
        if isinstance(node, nodes.topic) and "contents" in _classes(node):
            return []
        if isinstance(
            node,
            nodes.comment
            | nodes.target
            | nodes.substitution_definition
            | nodes.system_message
            | nodes.pending
            | nodes.raw
            | nodes.image
            | nodes.transition
            | nodes.docinfo
            | nodes.meta,
        ):
            return []
        if isinstance(node, nodes.footnote | nodes.citation):
            label = next((c for c in node.children if isinstance(c, nodes.label)), None)
            blocks = self.of((c for c in node.children if c is not label), level)
            if label is not None and blocks and isinstance(blocks[0], Para):
                blocks[0] = Para(f"[{label.astext()}] {blocks[0].text}")
            return blocks
        if isinstance(node, nodes.Element):
            return self.of(node.children, level)
        text = shown_as_code(node.astext()) if isinstance(node, nodes.Text) else str(node)
        return [Para(text)] if text.strip() else []

    def language(self, node: Any) -> str:
        language = node.get("language") or ""
        if not language:
            classes = [c for c in _classes(node) if c not in ("code", "literal-block")]
            language = classes[0] if classes else ""
        return "" if language in ("default", "none", "text") else str(language)

    def definitions(self, node: Any, level: int) -> Defs:
        from docutils import nodes

        entries: list[tuple[str, tuple[Block, ...]]] = []
        for item in node.children:
            terms = [one_line(inline(t)) for t in item.children if isinstance(t, nodes.term)]
            classifiers = [one_line(inline(c)) for c in item.children if isinstance(c, nodes.classifier)]
            name = ", ".join(t for t in terms if t) + "".join(f" : {c}" for c in classifiers if c)
            body = [c for c in item.children if isinstance(c, nodes.definition)]
            entries.append((name, tuple(self.of(body[0].children, level) if body else ())))
        return Defs(tuple(entries))

    def fields(self, node: Any, level: int) -> Defs:
        from docutils import nodes

        entries: list[tuple[str, tuple[Block, ...]]] = []
        for field in node.children:
            name_node = next((c for c in field.children if isinstance(c, nodes.field_name)), None)
            body = next((c for c in field.children if isinstance(c, nodes.field_body)), None)
            name = one_line(inline(name_node)) if name_node is not None else ""
            # Sphinx's docstring fields (`:param pool_size: ...`) name the parameter after their kind
            words = name.split()
            if len(words) >= 2 and words[0] in ("param", "parameter", "arg", "argument", "key", "keyword"):
                name = words[-1]
            entries.append((name, tuple(self.of(body.children, level) if body is not None else ())))
        return Defs(tuple(entries))

    def options(self, node: Any, level: int) -> Defs:
        from docutils import nodes

        entries: list[tuple[str, tuple[Block, ...]]] = []
        for item in node.children:
            group = next((c for c in item.children if isinstance(c, nodes.option_group)), None)
            description = next((c for c in item.children if isinstance(c, nodes.description)), None)
            name = ", ".join(one_line(o.astext()) for o in group.children) if group is not None else ""
            entries.append((name, tuple(self.of(description.children, level) if description is not None else ())))
        return Defs(tuple(entries))

    def table(self, node: Any) -> Table:
        from docutils import nodes

        header: tuple[str, ...] | None = None
        rows: list[tuple[str, ...]] = []
        title = next((c for c in node.children if isinstance(c, nodes.title)), None)
        for part in node.findall(nodes.thead):
            for row in part.findall(nodes.row):
                if header is None:
                    header = tuple(self.cell(entry) for entry in row.children)
        for part in node.findall(nodes.tbody):
            for row in part.findall(nodes.row):
                rows.append(tuple(self.cell(entry) for entry in row.children))
        return Table(header, tuple(rows), one_line(inline(title)) if title is not None else "")

    def cell(self, entry: Any) -> str:
        texts: list[str] = []
        for block in self.of(entry.children, 0):
            if isinstance(block, Para):
                texts.append(block.text)
            elif isinstance(block, Code):
                texts.append(code_span(block.text))
            elif isinstance(block, Items):
                texts += [b.text for item in block.items for b in item if isinstance(b, Para)]
            elif isinstance(block, Note):
                texts += [block.label, *(b.text for b in block.body if isinstance(b, Para))]
        return one_line(" ".join(texts))

    def admonition(self, node: Any, level: int) -> Note:
        from docutils import nodes

        title = next((c for c in node.children if isinstance(c, nodes.title)), None)
        label = one_line(inline(title)) if title is not None else type(node).__name__.replace("_", " ").title()
        return Note(label, tuple(self.of((c for c in node.children if c is not title), level)))

    def directive(self, node: Any, level: int) -> list[Block]:
        kind, name = node["answerable"], node["directive"]
        arguments: Sequence[str] = node["arguments"]
        options: dict[str, str] = node["options"]
        body = self.of(node.children, level)
        if kind == "dropped":
            return []
        if kind == "code":
            language = arguments[0] if arguments else options.get("language", _CODE_DIRECTIVES.get(name, ""))
            return [Code(node["code"], language)]
        if kind == "admonition":
            return [Note(node["label"], tuple(body))]
        if kind == "entry" or (arguments and body and name not in _CODE_DIRECTIVES):
            if not arguments:
                return body
            stated = [Para(f"{key.title()}: {value}.") for key, value in options.items() if key in ("type", "default")]
            return [Defs(((", ".join(arguments), tuple(stated + body)),))]
        if arguments and name in ("tab", "tab-item", "tabs", "tab-set"):
            return [Para(f"{arguments[0]}:"), *body]
        return body


def rst_blocks(source: str) -> list[Block]:
    """The typed blocks of a reST page (see the module)."""
    from docutils import nodes

    document = _parse(source)
    children = list(document.children)
    # A field list opening the page is its metadata for Sphinx (`:orphan:`, `:tocdepth: 2`), not text.
    while children and isinstance(children[0], nodes.comment | nodes.target | nodes.substitution_definition):
        children = children[1:]
    if children and isinstance(children[0], nodes.field_list):
        children = children[1:]
    return _Blocks().of(children, 0)


def rst_sections(source: str) -> tuple[Section, ...]:
    """A reST page's sections, split at its section titles, with their heading paths and anchors (the ids
    docutils and Sphinx give them)."""
    return write(rst_blocks(source))
