"""Words: tokens, the stop-word list, accent folding and one-edit matching.

One stop-word list serves every part: the store's query terms, the lexical features the shipped models were
trained with, and the signals' function words. It is small on purpose: enough to keep "the" and "of" from
dominating a match, small enough to stay obvious.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable

_TOKEN = re.compile(r"\w+", re.UNICODE)


def _words(text: str) -> frozenset[str]:
    return frozenset(text.split())


STOPWORDS = _words(
    "a an and are as at be by did do does for from had has have how in is it its of on or that the this to "
    "was were what when where which who whom whose why will with"
)


# The stop words and the modal verbs and quantifiers a question's noun phrase ends at ("how many keys can ...",
# "each project"): words that name no thing.
FUNCTION_WORDS = STOPWORDS | _words("across all can could each every per should than would")


# English's closed classes (pronouns and their contractions, prepositions and particles, conjunctions,
# determiners and quantifiers, auxiliaries): words that name no thing and modify none. A topic, a modifier and its noun
# are open-class words: "they're" after "the day" is no noun that "day" modifies, "before" no modifier.
CLOSED_CLASS = _words(
    """
    i me my mine myself we us our ours ourselves you your yours yourself yourselves he him his himself she her
    hers herself they them their theirs themselves itself i'm i've i'll i'd we're we've we'll we'd you're
    you've you'll you'd he's she's it's they're they've they'll they'd that's there's what's who's let's
    can't cannot don't doesn't didn't won't isn't aren't wasn't weren't haven't hasn't hadn't couldn't
    shouldn't wouldn't about above after against along among around before behind below beneath beside
    between beyond during except inside into near off onto out outside over since through throughout till
    toward towards under until up upon within without via but nor so yet if because although though while
    unless whether then these those some any no such both either neither am been being may might must shall
    there here not more most less least few fewer several enough other another same own
    """
)


def stem(word: str) -> str:
    """The crude stem the rules compare words by: the first four letters ("discount" and "discounts",
    "verify" and "verification")."""
    return word[:4]


def stems(words: Iterable[str]) -> frozenset[str]:
    """The `stem` of each word."""
    return frozenset(stem(w) for w in words)


def tokens(text: str) -> list[str]:
    """Lower-cased word tokens (letters, digits and underscores)."""
    return _TOKEN.findall(text.lower())


def content_tokens(text: str) -> list[str]:
    """Tokens without stop words."""
    return [t for t in tokens(text) if t not in STOPWORDS]


def query_terms(query: str) -> list[str]:
    """Search terms of a natural-language query: its content tokens, each once (all tokens if none is left)."""
    words = tokens(query)
    kept = [w for w in words if w not in STOPWORDS]
    return list(dict.fromkeys(kept or words))


def singular(word: str) -> str:
    """A plural's singular by its spelling alone, lower-cased: "policies" -> "policy", "rows" -> "row";
    "access" and short words ("is", "gas") stay as they are. Applied to both sides of a comparison."""
    word = word.lower()
    if word.endswith("ies") and len(word) > 4:
        return word[:-3] + "y"
    if word.endswith("s") and not word.endswith("ss") and len(word) > 3:
        return word[:-1]
    return word


def fold_accents(text: str) -> str:
    """The text without diacritics (NFKD, combining marks dropped): "Café résumé" -> "Cafe resume"."""
    if text.isascii():
        return text
    return "".join(c for c in unicodedata.normalize("NFKD", text) if not unicodedata.combining(c))


def one_edit(a: str, b: str) -> bool:
    """Whether `a` becomes `b` by at most one inserted, deleted or replaced character."""
    if len(a) > len(b):
        a, b = b, a
    if len(b) - len(a) > 1:
        return False
    i = 0
    while i < len(a) and a[i] == b[i]:
        i += 1
    return a[i + 1 :] == b[i + 1 :] if len(a) == len(b) else a[i:] == b[i + 1 :]


__all__ = ["STOPWORDS", "content_tokens", "fold_accents", "one_edit", "query_terms", "singular", "tokens"]
