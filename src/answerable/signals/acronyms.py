"""Acronyms a question uses, read as the pages define them.

A page defines an acronym once, by its long form with the acronym in brackets ("Two-factor
authentication (2FA) asks for a second proof ..."), and then uses either. A question that says "2FA"
to a section that says "two-factor authentication" shares no word with it, and the rankers read it
as off the topic. The rankers read such a section with the acronym after its long form, as the
definition writes it, from the definitions in the passages the asker may read (never another page).
The question itself is not rewritten: read as "two-factor authentication (2FA)", it matched the
defining sentence word for word and drew answers to it.

Definitions are found as Schwartz and Hearst find them ("A Simple Algorithm for Identifying
Abbreviation Definitions in Biomedical Text", PSB 2003): a short form in brackets after the words
that spell it, its first letter opening a word, its letters in order in those words. The one package on
PyPI that implements it (`abbreviations` 0.2.5, 2019) configures the root logger on import.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

# A short form: 2 to 8 characters, a letter first or a digit then letters, at least two capitals or a digit
# ("2FA", "SSO", "IdP", "MVCC", "WAL"); never a word in capitals alone spelt out ("(Beta)" is no acronym).
_SHORT = re.compile(r"(?<![\w(])\(([A-Za-z0-9][A-Za-z0-9&.-]{1,7})\)")
# A digit of a short form is its figure or the first letter of its word: "2FA", "Two-factor authentication".
_NUMBER_WORDS = {"1": "1o", "2": "2tds", "3": "3t", "4": "4f", "5": "5f", "6": "6s", "7": "7s", "8": "8e", "9": "9n"}
_WORD = re.compile(r"[A-Za-z0-9][\w'’-]*")


def _is_short_form(s: str) -> bool:
    letters = [c for c in s if c.isalpha()]
    capitals = sum(c.isupper() for c in s)
    return (
        bool(letters)
        and (capitals >= 2 or (any(c.isdigit() for c in s) and capitals >= 1))
        and capitals >= len(letters) // 2
    )


def _long_form(short: str, before: str) -> str | None:
    """The words at the end of `before` that spell `short` (Schwartz and Hearst): each of its letters and
    digits found in order from the right, its first one opening a word; at most min(n + 5, 2n) words."""
    chars = [_NUMBER_WORDS.get(c, c).lower() for c in short if c.isalnum()]
    words = list(_WORD.finditer(before))
    limit = min(len(chars) + 5, 2 * len(chars))
    words = words[-limit:]
    if not words:
        return None
    text = before[words[0].start() :]
    s, t = len(chars) - 1, len(text) - 1
    while s >= 0:
        c = chars[s]
        while t >= 0 and (text[t].lower() not in c or (s == 0 and t > 0 and text[t - 1].isalnum())):
            t -= 1
        if t < 0:
            return None
        s -= 1
        t -= 1
    start = t + 1
    long_form = text[start:].strip(" ,;:")
    if len(long_form) <= len(short) or not long_form[:1].isalnum():
        return None
    n = len(_WORD.findall(long_form))
    if n < 2 and not any(ch in long_form for ch in "- "):
        return None
    return long_form


def definitions(texts: Iterable[str]) -> dict[str, str]:
    """Each acronym that `texts` define, with its long form as first written ("2FA" -> "Two-factor
    authentication")."""
    found: dict[str, str] = {}
    for text in texts:
        for m in _SHORT.finditer(text):
            short = m.group(1)
            if short in found or not _is_short_form(short):
                continue
            stop = text.rfind(". ", 0, m.start())
            start = max(text.rfind("\n", 0, m.start()) + 1, stop + 2 if stop >= 0 else 0)
            long_form = _long_form(short, text[start : m.start()])
            if long_form:
                found[short] = long_form
    return found


def _may_be_acronym(token: str) -> bool:
    """Could `token` of a question be an acronym a page defines: a short form ("IdP", "SSO"), or letters
    and a figure in any case ("2fa")? Only then are the passages read for definitions."""
    return _is_short_form(token) or (any(c.isdigit() for c in token) and any(c.isalpha() for c in token))


def _mention(short: str) -> re.Pattern[str]:
    """An acronym as a word: as written, or in any case when it holds a digit ("2fa")."""
    loose = any(c.isdigit() for c in short)
    return re.compile(rf"(?<![\w-]){re.escape(short)}(?![\w-])", re.I if loose else 0)


def asked(question: str, texts: Iterable[str]) -> tuple[tuple[str, str], ...]:
    """The acronyms `question` uses that `texts` define and that it does not spell out itself, each with
    its long form."""
    if not any(_may_be_acronym(token) for token in _WORD.findall(question)):
        return ()
    low = question.lower()
    return tuple(
        (short, long_form)
        for short, long_form in definitions(texts).items()
        if _mention(short).search(question) and long_form.lower() not in low
    )


def read_with(text: str, acronyms: tuple[tuple[str, str], ...]) -> str:
    """`text` as the rankers read it for a question that uses `acronyms`: where it writes an acronym's
    long form and never the acronym, the first long form is followed by the acronym in brackets, as its
    definition writes it ("... when you turn on two-factor authentication (2FA)."). Text that uses the
    acronym already, or neither form, is unchanged."""
    for short, long_form in acronyms:
        if _mention(short).search(text):
            continue
        at = re.search(rf"(?<!\w){re.escape(long_form)}(?!\w)", text, re.I)
        if at:
            text = f"{text[: at.end()]} ({short}){text[at.end() :]}"
    return text
