"""Front matter at the top of a Markdown file: YAML between `---` lines, or TOML between `+++` lines (Hugo).

Both kinds give the same mapping of fields, which `metadata.build_document` then checks field by field,
so a TOML page's `tenant` and `acl` are held to the same rules as a YAML page's. Errors name the line of
the file (not of the front matter) where the parser stopped.
"""

from __future__ import annotations

import re
import tomllib
from typing import Any

import yaml

from answerable.core.errors import InputError

# Only a first line that is exactly the delimiter (trailing spaces allowed) opens front matter: a page
# that starts with a longer rule (`----------`) is a page that starts with a rule.
_DELIMITERS = {"---": "YAML", "+++": "TOML"}
_HINT = " (if the page opens with a horizontal rule, put something before it)"


class _FrontMatterLoader(yaml.SafeLoader):
    """Safe YAML that leaves dates as the text written and refuses anchors and aliases.

    Page metadata has no use for aliases, and expanding them is how 300 bytes become 10 MB
    ("billion laughs"), so they are refused before anything is built.
    """

    def compose_node(self, parent: Any, index: Any) -> Any:
        event = self.peek_event()  # type: ignore[no-untyped-call]
        if isinstance(event, yaml.AliasEvent) or getattr(event, "anchor", None):
            raise yaml.MarkedYAMLError(
                problem="anchors and aliases (& and *) are not allowed in front matter",
                problem_mark=event.start_mark,
            )
        return super().compose_node(parent, index)


# PyYAML builds a date from anything shaped like one and raises a bare ValueError for "2026-13-45";
# `metadata._date` parses the text instead and names the field it came from.
def _date_as_text(loader: _FrontMatterLoader, node: yaml.Node) -> str:
    return str(loader.construct_scalar(node))  # type: ignore[arg-type]


_FrontMatterLoader.add_constructor("tag:yaml.org,2002:timestamp", _date_as_text)


def _yaml(text: str, first_line: int, source: str) -> Any:
    try:
        return yaml.load(text, Loader=_FrontMatterLoader)
    except yaml.MarkedYAMLError as exc:

        def at(mark: Any) -> str:
            return f"line {first_line + mark.line}, column {mark.column + 1}"

        where = f"{at(exc.problem_mark)}: " if exc.problem_mark else ""
        problem = exc.problem or exc.__class__.__name__
        context = f", {exc.context} at {at(exc.context_mark)}" if exc.context and exc.context_mark else ""
        raise InputError(f"{source}: front matter: not valid YAML ({where}{problem}{context})") from None
    except yaml.YAMLError as exc:
        raise InputError(f"{source}: front matter: not valid YAML ({exc.__class__.__name__})") from None


def _toml(text: str, first_line: int, source: str) -> Any:
    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        # Python 3.11's message ends "(at line N, column M)", N counted within the front matter
        message = re.sub(
            r"\(at line (\d+), column (\d+)\)",
            lambda m: f"(line {first_line + int(m.group(1)) - 1}, column {m.group(2)})",
            str(exc),
        )
        raise InputError(f"{source}: front matter: not valid TOML: {message}") from None


def split_front_matter(text: str, source: str) -> tuple[dict[str, Any], str]:
    """Front matter (YAML between `---` lines, or TOML between `+++` lines) and the body after it."""
    lines = text.splitlines(keepends=True)
    opening = lines[0].rstrip() if lines else ""
    kind = _DELIMITERS.get(opening)
    if kind is None:
        return {}, text
    close = next((n for n in range(1, len(lines)) if lines[n].rstrip() == opening), None)
    if close is None:
        raise InputError(f"{source}: front matter: opening {opening!r} has no closing {opening!r}{_HINT}")
    block = "".join(lines[1:close])
    meta = _yaml(block, 2, source) if kind == "YAML" else _toml(block, 2, source)
    if meta is None:
        meta = {}
    if not isinstance(meta, dict):
        raise InputError(f"{source}: front matter: expected key: value pairs{_HINT}")
    return meta, "".join(lines[close + 1 :])
