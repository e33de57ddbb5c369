"""A Jupyter notebook (`.ipynb`) as the Markdown page a docs site shows it as (mkdocs-jupyter, MyST-NB,
nbsphinx): its Markdown cells as they are, each code cell a fenced block in the notebook's language, and a
cell's text output (printed to stdout, or a result that has only a plain-text form, as the site prints it
under the cell) a block after it. Rich outputs (an image, an HTML table, a widget, whose plain text is a
placeholder), errors and raw cells give no text. Pure.
"""

from __future__ import annotations

import json
from typing import Any

from answerable.core.errors import InputError

__all__ = ["notebook_markdown"]

# An output longer than this is a log or a dump, not something the page's reader reads.
MAX_OUTPUT_CHARS = 2000


def notebook_markdown(text: str) -> str:
    """The Markdown a notebook's cells make (module docstring). A file that is not a notebook (not JSON, or
    without a list of cells) is an `InputError` that says so."""
    try:
        notebook = json.loads(text)
    except json.JSONDecodeError as exc:
        raise InputError(f"not a Jupyter notebook: invalid JSON at line {exc.lineno}: {exc.msg}") from None
    if not isinstance(notebook, dict) or not isinstance(notebook.get("cells"), list):
        raise InputError("not a Jupyter notebook: no list of cells")
    language = _language(notebook.get("metadata"))
    parts: list[str] = []
    for cell in notebook["cells"]:
        if not isinstance(cell, dict):
            continue
        source = _text(cell.get("source"))
        kind = cell.get("cell_type")
        if kind == "markdown" and source.strip():
            parts.append(source.strip("\n"))
        elif kind == "code" and source.strip():
            parts.append(_fenced(source, language))
            parts += [_fenced(out, "text") for out in _outputs(cell.get("outputs"))]
    return "\n\n".join(parts) + "\n"


def _text(source: Any) -> str:
    """A cell's source or an output's text: a string, or a list of lines as nbformat writes it."""
    if isinstance(source, str):
        return source
    if isinstance(source, list):
        return "".join(s for s in source if isinstance(s, str))
    return ""


def _language(metadata: Any) -> str:
    if not isinstance(metadata, dict):
        return ""
    info, kernel = metadata.get("language_info"), metadata.get("kernelspec")
    for found in (
        info.get("name") if isinstance(info, dict) else None,
        kernel.get("language") if isinstance(kernel, dict) else None,
    ):
        if isinstance(found, str):
            return found
    return ""


def _outputs(outputs: Any) -> list[str]:
    found: list[str] = []
    for out in outputs if isinstance(outputs, list) else []:
        if not isinstance(out, dict):
            continue
        if out.get("output_type") == "stream" and out.get("name") == "stdout":
            shown = _text(out.get("text"))
        elif out.get("output_type") in ("execute_result", "display_data"):
            data = out.get("data")
            # a result the site renders richer (an image, an HTML table) shows that, not its plain text
            plain_only = isinstance(data, dict) and set(data) == {"text/plain"}
            shown = _text(data.get("text/plain")) if plain_only and isinstance(data, dict) else ""
        else:
            shown = ""  # errors, stderr: not what the page teaches
        if shown.strip() and len(shown) <= MAX_OUTPUT_CHARS:
            found.append(shown)
    return found


def _fenced(code: str, language: str) -> str:
    """`code` in a fence longer than any run of backticks it holds."""
    ticks = "```"
    while ticks in code:
        ticks += "`"
    return f"{ticks}{language}\n{code.rstrip()}\n{ticks}"
