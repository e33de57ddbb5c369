"""Sentences: two splitters, one accurate and one fast, for the two kinds of text the engine reads.

- `sentences(text)`: prose of a passage (pysbd, rule-based and offline; a long text a window at a time so
  the cost stays linear). What chunks are packed from and what answers quote.
- `fast_sentences(text)`: short text read on every request (a question, a passage's window for a model),
  split where a sentence-ending mark follows a lower-case word, a number, a closing bracket or an acronym
  and a capital opens the next, but not after an abbreviation a name goes on after ("St. Elizabeth", "Dr. Kalam").

Both keep the text's words; neither merges or drops any.
"""

from __future__ import annotations

import re
from functools import cache
from typing import Any


@cache
def _segmenter() -> Any:
    import pysbd

    return pysbd.Segmenter(language="en", clean=False)


# pysbd's time grows with the square of its input (a 122 KB paragraph took 50 s), so a longer text is
# segmented a window at a time: the window's last sentence may be cut short by the window's end, so it is
# segmented again at the start of the next window. A text up to one window is segmented whole.
_WINDOW = 4000


def _segments(text: str) -> list[str]:
    return [s for s in _segmenter().segment(text) if s]


def _last_sentence_end(text: str) -> int:
    """Index of the white space after the last `.`, `!` or `?` of `text` (-1 if none)."""
    return max(text.rfind(". "), text.rfind("! "), text.rfind("? ")) + 1 or -1


def _windowed(text: str) -> list[str]:
    """pysbd's segments of a long text, in linear time; joined, they are the text again."""
    out: list[str] = []
    start = 0
    while len(text) - start > _WINDOW:
        window = text[start : start + _WINDOW]
        segments = _segments(window)
        done = sum(len(s) for s in segments[:-1])
        if "".join(segments) != window:  # pysbd changed the text: take the window as it is
            segments, done = [window], 0
        if done < _WINDOW // 2:
            # no sentence ends in the second half of the window: cut the long one at its last line break,
            # else at a sentence end or a space, else at the window's end
            rest = window[done:]
            found = (i for i in (rest.rfind("\n"), _last_sentence_end(rest), rest.rfind(" ")) if i >= len(rest) // 2)
            cut = next(found, len(rest) - 1) + 1
            out.extend(segments[:-1])
            out.append(rest[:cut])
            done += cut
        else:
            out.extend(segments[:-1])
        start += done
    out.extend(_segments(text[start:]))
    return out


# A split inside an inline code span is rejoined when the span closes within this many segments.
_SPAN_REACH = 3


def _whole_code_spans(segments: list[str]) -> list[str]:
    """`segments` rejoined where a split fell inside an inline code span: code is not prose, and
    "`request.session["cart"].append(item)` does not mark it." is one sentence, not two cut at `"].`. A
    segment that opens a span (an odd number of backticks) is joined with those up to the one that closes
    it, when one does within `_SPAN_REACH`; a stray backtick joins nothing."""
    out: list[str] = []
    i = 0
    while i < len(segments):
        piece = segments[i]
        if piece.count("`") % 2:
            close = next(
                (j for j in range(i + 1, min(i + 1 + _SPAN_REACH, len(segments))) if segments[j].count("`") % 2),
                None,
            )
            if close is not None:
                piece = "".join(segments[i : close + 1])
                i = close
        out.append(piece)
        i += 1
    return out


def _whole_words(segments: list[str]) -> list[str]:
    """`segments` rejoined where a split fell inside a word: a sentence ends with white space after its
    mark, and pysbd splits a dotted name that follows a space, as in "Files in .gitignore are skipped."
    ("Files in ." and "gitignore are skipped."), ".env" and ".pyi" alike."""
    out: list[str] = []
    for piece in segments:
        if out and out[-1].endswith(".") and (piece[:1].islower() or piece[:1].isdigit()):
            out[-1] += piece
        else:
            out.append(piece)
    return out


def sentences(text: str) -> list[str]:
    """Sentences of a paragraph (pysbd), never split inside an inline code span or a word; linear time in
    the length of `text`."""
    segments = _segments(text) if len(text) <= _WINDOW else _windowed(text)
    return [s.strip() for s in _whole_code_spans(_whole_words(segments)) if s.strip()]


# Abbreviations a name or a reference goes on after: "When was the St. Bartholomew's Day Massacre?" is one
# sentence, as are "Mr. Costa", "Rev. Elie Prioleau", "Dr. A P J Abdul Kalam", "Commission v. Edith Cresson".
_ABBREVIATION = re.compile(
    r"(?:^|\W)(?:st|ste|mt|ft|mr|mrs|ms|dr|prof|rev|fr|sr|jr|gen|gov|sen|rep|col|capt|lt|sgt|hon|pres|"
    r"v|vs|vol|fig|approx|ca|cf|e\.g|i\.e|inc|ltd|co|corp|dept|univ)\.$",
    re.I,
)
# A sentence ends after a lower-case word, a number, a bracket or an acronym ("I use SSO. How do I ..."),
# not after an initial ("Kenneth L. Gile"): one capital letter before the full stop is read as an initial.
_END = re.compile(r"(?:(?<=[a-z0-9)][.?!])|(?<=[A-Z]{2}[.?!]))\s+(?=[A-Z])")


def fast_sentences(text: str) -> list[str]:
    """Sentences of short text, in one linear pass (see the module's note); white space inside kept."""
    parts: list[str] = []
    for part in _END.split(text.strip()):
        if parts and _ABBREVIATION.search(parts[-1]):
            parts[-1] = f"{parts[-1]} {part}"
        else:
            parts.append(part)
    return [p for p in parts if p.strip()]


__all__ = ["fast_sentences", "sentences"]
