"""Text as it may be shown on a terminal or in a report: control characters never reach a screen."""

from __future__ import annotations

import re

# C0 and C1 controls but tab (escape sequences, carriage returns, line breaks), line and paragraph
# separators, and bidirectional embeddings, overrides and isolates (text shown in another order than stored).
UNPRINTABLE = re.compile(r"[\x00-\x08\x0a-\x1f\x7f-\x9f\u2028\u2029\u202a-\u202e\u2066-\u2069]")
_NAMED = {"\n": "\\n", "\r": "\\r"}


def _escape(match: re.Match[str]) -> str:
    char = match.group()
    code = ord(char)
    return _NAMED.get(char) or (f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}")


def printable(text: str, limit: int | None = None) -> str:
    """Text from documents, askers or a model, made safe for one line of a terminal or a report.

    A page title, URL or passage, a question, or an LLM's draft can carry escape sequences that clear a
    screen, recolour it, retitle a window or hide text, a carriage return that overwrites what was printed,
    or a line break that forges another line of output: each is shown as an escape (`\\x1b`, `\\r`,
    `\\n`) instead of acting. `limit` cuts the text to that many characters, ending in an ellipsis.
    """
    if limit is not None and len(text) > limit:
        text = text[: limit - 1] + "…"
    return UNPRINTABLE.sub(_escape, text)


__all__ = ["UNPRINTABLE", "printable"]
