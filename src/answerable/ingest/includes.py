"""A page's includes replaced by the files they name, as the site's build does: Markdown's, and reST's
`literalinclude` and `include` (`with_rst_includes`).

Docs sites pull text and code in from other files when they are built: pymdownx.snippets (`--8<-- "file"`,
one line, or a block of file names between two `--8<--` lines, with `file:3:10` for lines 3 to 10 and
`file:name` for the part between `--8<-- [start:name]` and `--8<-- [end:name]`), markdown-include
(`{! file !}`, `{!> file !}`) and FastAPI's `{* file hl[3] *}` (a file's code as a code block). A page ingested
without them holds only the marker, and the parser drops it (`markdown`): the example the page shows is
missing. Here each is replaced by the file's text before the page is parsed.

What is read is bounded: only a relative path, resolved inside `root` (the folder ingested, or the project
folder the caller names: `ingest --include-root`) against `root` and then the page's folder, never through a hidden
folder or file (`.git`, `.env`); included Markdown is read for its own includes to a depth of four, a file
never inside itself; the text added to one page stops at `max_bytes`. A file that cannot be read so is left
as its marker, which the parser drops. Pure but for reading those files.
"""

from __future__ import annotations

import re
from pathlib import Path, PurePosixPath

__all__ = ["with_includes", "with_rst_includes"]

MAX_DEPTH = 4

_SNIPPET = re.compile(r"""^(?P<indent>[ \t]*)-{1,}8<-{1,}[ \t]+(?P<q>["'])(?P<target>[^"'\n]+)(?P=q)[ \t]*$""")
_SNIPPET_FENCE = re.compile(r"^(?P<indent>[ \t]*)-{1,}8<-{1,}[ \t]*$")
_MD_INCLUDE = re.compile(r"^(?P<indent>[ \t]*)\{!>?[ \t]*(?P<target>[^!{}\n]+?)[ \t]*!\}[ \t]*$")
_CODE_INCLUDE = re.compile(r"^(?P<indent>[ \t]*)\{\*[ \t]*(?P<target>\S+)[^{}\n]*\*\}[ \t]*$")
_SECTION = re.compile(r"-{1,}8<-{1,}[ \t]*\[(?P<edge>start|end):(?P<name>[\w-]+)\]")
# A code file's language by its suffix, where the suffix is not the language's name.
_LANGUAGES = {".py": "python", ".js": "javascript", ".ts": "typescript", ".sh": "bash", ".yml": "yaml"}
_MARKDOWN = (".md", ".markdown", ".mdx")
Stack = tuple[Path, ...]  # the files being read, the page first


def with_includes(text: str, page: Path, root: Path, max_bytes: int) -> str:
    """`text`, the Markdown of the file at `page`, with the includes it makes replaced by the text of the
    files they name (module docstring)."""
    if "8<" not in text and "{!" not in text and "{*" not in text:
        return text
    budget = [max_bytes]
    return _expand(text, page.parent, root.resolve(), budget, (page.resolve(),))


def _expand(text: str, folder: Path, root: Path, budget: list[int], stack: Stack) -> str:
    out: list[str] = []
    lines = text.split("\n")
    k = 0
    while k < len(lines):
        line = lines[k]
        fence = _SNIPPET_FENCE.match(line)
        if fence is not None:
            end = next((j for j in range(k + 1, len(lines)) if _SNIPPET_FENCE.match(lines[j])), None)
            names = lines[k + 1 : end] if end is not None else []
            if end is not None and all(len(n.split()) <= 1 for n in names):  # a block of file names, one a line
                for name in names:
                    got = _read(name.strip(), folder, root, budget, stack) if name.strip() else None
                    if got is not None:
                        out.append(_indented(got, fence.group("indent")))
                k = end + 1
                continue
        got = None
        for pattern, code in ((_SNIPPET, False), (_MD_INCLUDE, False), (_CODE_INCLUDE, True)):
            match = pattern.match(line)
            if match is None:
                continue
            got = _read(match.group("target").strip(), folder, root, budget, stack)
            if got is not None:
                target = match.group("target").strip()
                if code:
                    language = _language(PurePosixPath(target).suffix)
                    got = f"```{language}\n{got.rstrip()}\n```"
                got = _indented(got, match.group("indent"))
            break
        out.append(line if got is None else got)
        k += 1
    return "\n".join(out)


def _indented(text: str, indent: str) -> str:
    return "\n".join(indent + line if line else line for line in text.rstrip("\n").split("\n"))


def _language(suffix: str) -> str:
    """The language a code block of a file with `suffix` is marked with: its name, else the suffix's."""
    return _LANGUAGES.get(suffix.lower(), suffix.lower().removeprefix("."))


def _load(path: Path | None, budget: list[int], stack: Stack) -> str | None:
    """The text of the file at `path`, charged to `budget`; None when there is none, it is being read
    already (a file inside itself) or too deep, it is over what is left of the budget, or it is no UTF-8."""
    if path is None or path in stack or len(stack) > MAX_DEPTH:
        return None
    try:
        raw = path.read_bytes()
    except OSError:
        return None
    if len(raw) > budget[0]:
        return None
    try:
        text = raw.decode("utf-8-sig")
    except UnicodeDecodeError:
        return None
    budget[0] -= len(raw)
    return text


def _read(spec: str, folder: Path, root: Path, budget: list[int], stack: Stack) -> str | None:
    """The text `spec` names (`file`, `file:3:10`, `file:name`), or None when it may not or cannot be read."""
    name, lines, section = _parse_spec(spec)
    path = _locate(name, folder, root)
    text = _load(path, budget, stack)
    if path is None or text is None:
        return None
    if section is not None:
        part = _section(text, section)
        if part is None:
            return None
        text = part
    elif lines is not None:
        first, last = lines
        text = "\n".join(text.split("\n")[first - 1 : last])
    else:
        text = "\n".join(line for line in text.split("\n") if not _SECTION.search(line))
    if path.suffix.lower() in _MARKDOWN:
        return _expand(text, path.parent, root, budget, (*stack, path))
    return text


def _parse_spec(spec: str) -> tuple[str, tuple[int, int] | None, str | None]:
    parts = spec.split(":")
    if len(parts) >= 2 and all(p.isdigit() or p == "" for p in parts[1:3]) and parts[1:3] != ["", ""]:
        first = int(parts[1]) if parts[1] else 1
        last = int(parts[2]) if len(parts) > 2 and parts[2] else 10**9
        return parts[0], (max(first, 1), last), None
    if len(parts) == 2 and re.fullmatch(r"[\w-]+", parts[1]):
        return parts[0], None, parts[1]
    return spec, None, None


def _locate(name: str, folder: Path, root: Path) -> Path | None:
    """The file `name` names, against `root` and then `folder`, when it lies inside `root` and no part of
    its path is hidden."""
    if not _relative(name):
        return None
    return next((p for base in (root, folder) if (p := _inside(base / name.replace("\\", "/"), root))), None)


def _relative(name: str) -> bool:
    return (
        bool(name) and not PurePosixPath(name).is_absolute() and not re.match(r"^[A-Za-z]:", name) and "://" not in name
    )


def _inside(path: Path, root: Path) -> Path | None:
    """`path` resolved, when it is a file inside `root` reached through no hidden folder or file."""
    try:
        path = path.resolve()
    except (OSError, RuntimeError):
        return None
    if not path.is_relative_to(root) or any(p.startswith(".") for p in path.relative_to(root).parts):
        return None
    return path if path.is_file() else None


def _section(text: str, name: str) -> str | None:
    """The lines between `--8<-- [start:name]` and `--8<-- [end:name]`, without other section marks."""
    kept: list[str] = []
    inside = found = False
    for line in text.split("\n"):
        mark = _SECTION.search(line)
        if mark is not None:
            if mark.group("name") == name:
                inside = mark.group("edge") == "start"
                found = found or inside
            continue
        if inside:
            kept.append(line)
    return "\n".join(kept) if found else None


# reST (Sphinx): `.. literalinclude:: path` and `.. include:: path`, each with its indented options.
_RST_INCLUDE = re.compile(
    r"^(?P<indent>[ \t]*)\.\.[ \t]+(?P<kind>literalinclude|include)::[ \t]*(?P<target>\S+)[ \t]*$"
)
_RST_OPTION = re.compile(r"^[ \t]+:(?P<name>[\w-]+):[ \t]*(?P<value>.*)$")


def with_rst_includes(text: str, page: Path, root: Path, max_bytes: int) -> str:
    """`text`, the reST of the file at `page`, with its `literalinclude` directives replaced by code blocks
    of the files they name (`:language:`, `:lines:`, `:start-after:`, `:end-before:`, `:dedent:` and
    `:pyobject:` as Sphinx reads them; any other option, such as `:prepend:`, leaves the directive as it
    was, which the parser drops) and its `include` directives by the reST they name (`:literal:` as
    code), read as `with_includes` reads files: a path relative to the page's folder (`/path` to `root`),
    inside `root`, never hidden."""
    if "include::" not in text:
        return text
    return _expand_rst(text, page.parent, root.resolve(), [max_bytes], (page.resolve(),))


def _expand_rst(text: str, folder: Path, root: Path, budget: list[int], stack: Stack) -> str:
    lines = text.split("\n")
    literal = _literal_lines(lines)
    out: list[str] = []
    k = 0
    while k < len(lines):
        match = None if k in literal else _RST_INCLUDE.match(lines[k])
        if match is None:
            out.append(lines[k])
            k += 1
            continue
        options: dict[str, str] = {}
        end = k + 1
        while end < len(lines) and (option := _RST_OPTION.match(lines[end])) is not None:
            options[option.group("name")] = option.group("value").strip()
            end += 1
        got = _rst_included(match.group("kind"), match.group("target"), options, folder, root, budget, stack)
        if got is None:
            out += lines[k:end]
        else:
            indent = match.group("indent")
            out += [f"{indent}{line}" if line else line for line in got.split("\n")]
        k = end
    return "\n".join(out)


# A line that opens a literal block: a paragraph ending with "::", or a directive whose content is code.
_LITERAL_OPENER = re.compile(
    r"^[ \t]*(?:\.\.[ \t]+(?:code-block|code|sourcecode|parsed-literal|doctest|testcode|testoutput|"
    r"productionlist|rst:directive|highlight)::.*|(?!\.\.[ \t]).*::)[ \t]*$"
)


def _literal_lines(lines: list[str]) -> set[int]:
    """The indexes of the lines inside literal blocks, where a directive is an example of one (a page that
    documents `literalinclude` shows `.. literalinclude:: example.py` in one) and is never read."""
    inside: set[int] = set()
    opener: int | None = None  # the indentation of the line that opened the literal block
    for k, line in enumerate(lines):
        width = len(line) - len(line.lstrip())
        if opener is not None and line.strip() and width <= opener:
            opener = None
        if opener is not None:
            inside.add(k)
        elif _LITERAL_OPENER.match(line):
            opener = width
    return inside


# The options Sphinx gives these directives that this reader applies or that change nothing of the text.
_RST_OPTIONS = frozenset(
    {"language", "lines", "start-after", "end-before", "dedent", "caption", "linenos", "emphasize-lines"}
    | {"literal", "encoding", "name", "class", "force", "pyobject"}
)


def _rst_included(
    kind: str, target: str, options: dict[str, str], folder: Path, root: Path, budget: list[int], stack: Stack
) -> str | None:
    """The reST that replaces one include directive, or None to leave it as it was."""
    if not set(options) <= _RST_OPTIONS:
        return None  # `:prepend:` and the like: text this reader does not add
    # Sphinx reads a path relative to the page, and one that starts with "/" relative to the source folder.
    name = target.lstrip("/")
    path = _inside((root if target.startswith("/") else folder) / name, root) if _relative(name) else None
    text = _load(path, budget, stack)
    content = _cut(text, options) if text is not None else None
    if path is None or content is None:
        return None
    if kind == "include" and "literal" not in options:
        return _expand_rst(content, path.parent, root, budget, (*stack, path))
    language = options.get("language") or _language(path.suffix)
    body = "\n".join(f"   {line}" if line.strip() else "" for line in content.rstrip("\n").split("\n"))
    return f".. code-block:: {language}\n\n{body}\n" if language else f"::\n\n{body}\n"


def _cut(content: str, options: dict[str, str]) -> str | None:
    """The part of `content` the options keep, as Sphinx cuts it; None when a marker or object is not found."""
    if "pyobject" in options:
        found = _pyobject(content, options["pyobject"])
        if found is None:
            return None
        content = found
    if "start-after" in options:
        at = content.find(options["start-after"])
        if at < 0:
            return None
        content = content[at + len(options["start-after"]) :].split("\n", 1)[-1]
    if "end-before" in options:
        at = content.find(options["end-before"])
        if at < 0:
            return None
        content = content[:at].rsplit("\n", 1)[0]
    if "lines" in options:
        lines = content.split("\n")
        kept: list[str] = []
        for part in options["lines"].split(","):
            first, _, last = part.strip().partition("-")
            if not first.isdigit() or (last and not last.isdigit()):
                return None
            start = int(first)
            stop = int(last) if last else (len(lines) if part.strip().endswith("-") else start)
            kept += lines[start - 1 : stop]
        content = "\n".join(kept)
    if "dedent" in options:
        rows = content.split("\n")
        least = min((len(r) - len(r.lstrip()) for r in rows if r.strip()), default=0)
        width = int(options["dedent"]) if options["dedent"].isdigit() else least
        content = "\n".join(r[width:] if r[:width].strip() == "" else r.lstrip() for r in rows)
    return content


def _pyobject(source: str, dotted: str) -> str | None:
    """The source of the class, function or method `dotted` names (`App`, `App.run`) in Python `source`,
    with its decorators, as Sphinx's `:pyobject:` takes it; None when the source does not parse or does not
    define it. The code is parsed, never run."""
    import ast

    try:
        tree: ast.AST = ast.parse(source)
    except (SyntaxError, ValueError):
        return None
    node: ast.AST | None = tree
    for name in dotted.split("."):
        body = getattr(node, "body", [])
        node = next(
            (
                n
                for n in body
                if isinstance(n, ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef) and n.name == name
            ),
            None,
        )
        if node is None:
            return None
    assert isinstance(node, ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef)
    first = min([node.lineno, *(d.lineno for d in node.decorator_list)])
    lines = source.split("\n")
    return "\n".join(lines[first - 1 : node.end_lineno])
