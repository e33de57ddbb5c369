"""A Markdown page's includes replaced by the files they name, as the site's build does.

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

__all__ = ["with_includes"]

MAX_DEPTH = 4

_SNIPPET = re.compile(r"""^(?P<indent>[ \t]*)-{1,}8<-{1,}[ \t]+(?P<q>["'])(?P<target>[^"'\n]+)(?P=q)[ \t]*$""")
_SNIPPET_FENCE = re.compile(r"^(?P<indent>[ \t]*)-{1,}8<-{1,}[ \t]*$")
_MD_INCLUDE = re.compile(r"^(?P<indent>[ \t]*)\{!>?[ \t]*(?P<target>[^!{}\n]+?)[ \t]*!\}[ \t]*$")
_CODE_INCLUDE = re.compile(r"^(?P<indent>[ \t]*)\{\*[ \t]*(?P<target>\S+)[^{}\n]*\*\}[ \t]*$")
_SECTION = re.compile(r"-{1,}8<-{1,}[ \t]*\[(?P<edge>start|end):(?P<name>[\w-]+)\]")
_LANGUAGES = {".py": "python", ".js": "javascript", ".ts": "typescript", ".sh": "bash", ".yml": "yaml"}
_MARKDOWN = (".md", ".markdown", ".mdx")


def with_includes(text: str, page: Path, root: Path, max_bytes: int) -> str:
    """`text`, the Markdown of the file at `page`, with the includes it makes replaced by the text of the
    files they name (module docstring)."""
    if "8<" not in text and "{!" not in text and "{*" not in text:
        return text
    budget = [max_bytes]
    return _expand(text, page.parent, root.resolve(), budget, (page.resolve(),))


def _expand(text: str, folder: Path, root: Path, budget: list[int], stack: tuple[Path, ...]) -> str:
    out: list[str] = []
    lines = text.split("\n")
    k = 0
    while k < len(lines):
        line = lines[k]
        fence = _SNIPPET_FENCE.match(line)
        if fence is not None:
            end = next((j for j in range(k + 1, len(lines)) if _SNIPPET_FENCE.match(lines[j])), None)
            if end is not None:  # a block of file names, one a line
                for name in lines[k + 1 : end]:
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
                    language = _LANGUAGES.get(PurePosixPath(target).suffix, PurePosixPath(target).suffix[1:])
                    got = f"```{language}\n{got.rstrip()}\n```"
                got = _indented(got, match.group("indent"))
            break
        out.append(line if got is None else got)
        k += 1
    return "\n".join(out)


def _indented(text: str, indent: str) -> str:
    return "\n".join(indent + line if line else line for line in text.rstrip("\n").split("\n"))


def _read(spec: str, folder: Path, root: Path, budget: list[int], stack: tuple[Path, ...]) -> str | None:
    """The text `spec` names (`file`, `file:3:10`, `file:name`), or None when it may not or cannot be read."""
    name, lines, section = _parse_spec(spec)
    path = _locate(name, folder, root)
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
    relative = PurePosixPath(name.replace("\\", "/"))
    if not name or relative.is_absolute() or re.match(r"^[A-Za-z]:", name) or "://" in name:
        return None
    for base in (root, folder):
        try:
            path = (base / relative).resolve()
        except (OSError, RuntimeError):
            continue
        if not path.is_relative_to(root) or any(p.startswith(".") for p in path.relative_to(root).parts):
            continue
        if path.is_file():
            return path
    return None


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
