"""Reading a misspelt word of a question as the word the documents spell.

"how do i delet my acount" finds the page on deleting an account (the bi-encoder reads past typos), but
the reranker scores it 0.30 where "how do i delete my account" scores 0.95, so the question was refused.
A word of the question is read as another when all of these hold:

- it is written in lower case: a capitalised word may be a name (SQuAD 2.0 writes unanswerable
  questions by changing one: "Vetra" is not the passages' "Vetera"), and a name no page spells is what
  the named-terms check is for;
- it has at least five letters and is neither an English word (pyspellchecker's list of 160,000, or an
  inflection of one of them) nor a word of the passages retrieved for the question (accents folded:
  "lagerstatte" is the passages' "Lagerstätte");
- a word of those passages with the same first letter is one edit away (a letter added, dropped,
  changed, or two swapped), and is not the same word with or without a final "s" or "d" ("webhooks",
  "besieged").

The passages are the ones retrieved for the principal, so a correction can only spell a word that asker
may read: a restricted page never shapes how a question is read. Of several candidates, the one the
passages use most is taken. Pure and lexical.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterable
from functools import lru_cache

from answerable.signals.defaults import read_default
from answerable.text.words import fold_accents, one_edit

_WORD = re.compile(r"[^\W\d_]+")
# A word with its apostrophes: "weren't" is one word, not "weren" (a typo of "were") and "t".
_QUESTION_WORD = re.compile(r"[^\W\d_]+(?:['’][^\W\d_]+)*")
MIN_LETTERS = 5


@lru_cache(maxsize=1)
def english_words() -> frozenset[str]:
    """The 160,000 English words of pyspellchecker's frequency list (loaded once, about 0.2 s)."""
    from spellchecker import SpellChecker

    return frozenset(SpellChecker(language="en", distance=1).word_frequency.dictionary)


def vocabulary(texts: Iterable[str]) -> Counter[str]:
    """How often each word (lower case) occurs in the texts."""
    counts: Counter[str] = Counter()
    for text in texts:
        counts.update(w.lower() for w in _WORD.findall(text if text.isascii() else fold_accents(text)))
    return counts


def one_typo(a: str, b: str) -> bool:
    """Whether `b` is `a` with one letter added, dropped or changed, or two adjacent letters swapped."""
    if a == b:
        return False
    if one_edit(a, b):
        return True
    diff = [i for i, (x, y) in enumerate(zip(a, b, strict=False)) if x != y]
    return (
        len(a) == len(b)
        and len(diff) == 2
        and diff[1] == diff[0] + 1
        and a[diff[0]] == b[diff[1]]
        and a[diff[1]] == b[diff[0]]
    )


# An English word's inflections are English words too: "swims" is not a typo of "swiss".
_INFLECTIONS = (
    ("ies", "y"),
    ("ied", "y"),
    ("es", ""),
    ("ed", ""),
    ("ed", "e"),
    ("s", ""),
    ("d", ""),
    ("ing", ""),
    ("ing", "e"),
    ("er", ""),
    ("est", ""),
    ("ly", ""),
)


def _is_word(low: str, known: frozenset[str]) -> bool:
    """Whether `low` is an English word or an inflection of one."""
    if low in known:
        return True
    return any(low.endswith(end) and low[: -len(end)] + stem in known for end, stem in _INFLECTIONS)


def _inflected(a: str, b: str) -> bool:
    """The same word with and without a final "s" or "d" ("webhooks", "besieged"): not a typo of it."""
    short, long = sorted((a, b), key=len)
    return len(long) == len(short) + 1 and long.startswith(short) and long[-1] in "sd"


# Chat shorthand people type to a support box, as the words the documentation writes: "b4" is "before",
# "yr" "year", "msg" "message". Only a whole word in lower case, and only where no page found for the asker
# uses it as written (a page's own "mo" or "hr" is its word, not shorthand).
SHORTHAND = {
    "b4": "before",
    "u": "you",
    "ur": "your",
    "pls": "please",
    "plz": "please",
    "thx": "thanks",
    "2day": "today",
    "tmrw": "tomorrow",
    "2moro": "tomorrow",
    "yr": "year",
    "yrs": "years",
    "wk": "week",
    "wks": "weeks",
    "mos": "months",
    "hrs": "hours",
    "mins": "minutes",
    "acct": "account",
    "pwd": "password",
    "msg": "message",
    "msgs": "messages",
    "abt": "about",
    "cuz": "because",
}
_SHORT = re.compile(r"(?<![\w'’-])[a-z0-9]+(?![\w'’-])")


def expand_shorthand(question: str, texts: Iterable[str]) -> str:
    """`question` with its chat shorthand (`SHORTHAND`) written out, where the passages `texts` do not use
    the shorthand themselves."""
    hits = [m for m in _SHORT.finditer(question) if m.group(0) in SHORTHAND]
    if not hits:
        return question
    written = {w for text in texts for w in re.findall(r"[a-z0-9]+", text.lower())}
    out, end = [], 0
    for m in hits:
        if m.group(0) in written:
            continue
        out += [question[end : m.start()], SHORTHAND[m.group(0)]]
        end = m.end()
    return "".join(out) + question[end:] if out else question


def read_as(question: str, texts: Iterable[str], known: frozenset[str] | None = None) -> str:
    """The question with its chat shorthand written out (`expand_shorthand`), a clause that says the asker
    sets nothing read as "by default" (`defaults.read_default`), and each misspelt word replaced by the
    passages' word one edit away.

    `texts` are the passages (and titles) retrieved for the question; `known` the English words
    (`english_words()` by default). The question comes back unchanged when nothing is misspelt.
    """
    texts = list(texts)
    question = read_default(expand_shorthand(question, texts))
    known = english_words() if known is None else known
    counts: Counter[str] | None = None
    pieces: list[str] = []
    end = 0
    for m in _QUESTION_WORD.finditer(question):
        word = m.group(0)
        low = word.lower()
        if len(low) < MIN_LETTERS or not low.isascii() or not low.isalpha() or _is_word(low, known):
            continue
        if word != low:
            continue  # a name (or the first word of a sentence, which may be one), or written in capitals
        if counts is None:
            counts = vocabulary(texts)
        if low in counts:
            continue
        near = [
            w
            for w in counts
            if w[0] == low[0] and abs(len(w) - len(low)) <= 1 and one_typo(low, w) and not _inflected(low, w)
        ]
        if not near:
            continue
        best = max(near, key=lambda w: (counts[w], w in known, w))
        pieces += [question[end : m.start()], best]
        end = m.end()
    if not pieces:
        return question
    return "".join(pieces) + question[end:]
