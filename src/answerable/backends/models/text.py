"""Small pure text helpers shared by the model backends: tokens, BM25, the best window of a passage.

BM25 follows Robertson & Zaragoza, "The Probabilistic Relevance Framework: BM25 and Beyond" (2009),
with the Lucene idf `log(1 + (N - df + 0.5) / (df + 0.5))`, as bm25s does.
"""

from __future__ import annotations

import math
import re
from collections import Counter
from collections.abc import Sequence

from answerable.text.sentences import fast_sentences
from answerable.text.words import content_tokens, tokens

# Where a Markdown table ends and text goes on: after a row ("... |"), at a line that is no row. A table's
# rows carry no full stop, so a sentence splitter reads a table and the paragraph after it as one sentence.
_AFTER_TABLE = re.compile(r"(?<=\|)[ \t]*\n\s*(?=[^|\s])")


def sentences(text: str) -> list[str]:
    """The units of a passage as the models' windows are cut: its sentences
    (`text.sentences.fast_sentences`), with the text after a table a unit of its own. A window is a run of
    whole units, so a table never swallows the sentence after it: "| Linux | Ubuntu 22.04 ... |" and "Every
    computer needs at least 2 GB of free disk space ..." are two units, and a window may read the second
    alone. What comes before a table (the heading it is read under) stays with it."""
    return [s for piece in _AFTER_TABLE.split(text) for s in fast_sentences(piece)]


def overlap(query: str, text: str) -> float:
    """Share of the query's distinct content tokens that occur in text (0-1)."""
    q = set(content_tokens(query))
    if not q:
        return 0.0
    return len(q & set(content_tokens(text))) / len(q)


# Sentences a claim is judged against when its evidence is a set (WiCE): the eval and the trainer's.
SET_SENTENCES = 5


def closest_sentences(query: str, sentences: list[str], top: int = SET_SENTENCES) -> str:
    """The `top` sentences sharing most content words with `query`, joined in their original order.

    Evidence scattered over a document (the sentences a claim is judged against as a set) has no
    single best run, unlike a passage (`best_window`).
    """
    ranked = sorted(range(len(sentences)), key=lambda i: -overlap(query, sentences[i]))[:top]
    return " ".join(sentences[i] for i in sorted(ranked))


def best_window(query: str, text: str, max_words: int) -> str:
    """The run of whole sentences of at most `max_words` words sharing most content words with `query`.

    Text that already fits is returned unchanged. A first sentence longer than the budget is cut.
    """
    words = text.split()
    if len(words) <= max_words:
        return text
    sents = sentences(text)
    q = set(content_tokens(query))
    sets = [q & set(content_tokens(s)) for s in sents]  # once per sentence: this runs for every pair scored
    lengths = [len(s.split()) for s in sents]
    best: tuple[float, int, int] = (-1.0, 0, 1)
    for i in range(len(sents)):
        seen: set[str] = set()
        n = 0
        for j in range(i, len(sents)):
            n += lengths[j]
            if n > max_words and j > i:
                break
            seen |= sets[j]
            score = len(seen) - 1e-3 * i
            if score > best[0]:
                best = (score, i, j + 1)
    window = " ".join(sents[best[1] : best[2]]).split()
    return " ".join(window[:max_words])


def bm25_scores(query: str, passages: Sequence[str], k1: float = 1.5, b: float = 0.75) -> list[float]:
    """BM25 of `query` against each passage, with idf taken from the passages themselves."""
    docs = [tokens(p) for p in passages]
    n = len(docs)
    if n == 0:
        return []
    avgdl = sum(len(d) for d in docs) / n or 1.0
    df: Counter[str] = Counter()
    for d in docs:
        df.update(set(d))
    q = set(content_tokens(query)) or set(tokens(query))
    out = []
    for d in docs:
        tf = Counter(d)
        s = 0.0
        for t in q:
            if tf[t]:
                idf = math.log(1 + (n - df[t] + 0.5) / (df[t] + 0.5))
                s += idf * tf[t] * (k1 + 1) / (tf[t] + k1 * (1 - b + b * len(d) / avgdl))
        out.append(s)
    return out
