"""Citation checks: re-verify each sentence of a draft against what it cites, and split passages into the
sentences an answer may quote.

Pure. A cited id must belong to this request's context; the gate turns a foreign id into
`citation_invalid` and an unsupported sentence into `unsupported_claim`.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import replace

from answerable.core.types import Draft, DraftSentence
from answerable.text.units import LEAD, normalise, sentences_of, table_parts


def quoted(sentence: str, text: str) -> bool:
    """`sentence` is one or more whole, consecutive sentences of `text`, word for word (case and spacing
    aside). A fragment is not: "Lumen API keys expire after 90 days." is in "A common myth is that Lumen
    API keys expire after 90 days.", and says the opposite of it."""
    target = LEAD.sub("", normalise(sentence))
    if not target or target not in normalise(text):
        return False
    parts = [LEAD.sub("", normalise(s)) for s in sentences_of(text)]
    for start in range(len(parts)):
        joined = ""
        for part in parts[start:]:  # the run of sentences from here, until it is as long as the target
            joined = f"{joined} {part}" if joined else part
            if len(joined) >= len(target):
                break
        if joined == target:
            return True
    return False


def table_excerpt(sentence: str, text: str) -> bool:
    """Is `sentence` the header row of a table of `text` and some of its rows, in their order ("| Plan |
    Version history |" and "| Business | 180 days |")? A row means something only under its header."""
    lines = [line.strip() for line in sentence.split("\n")]
    if len(lines) < 2 or not all(line.startswith("|") for line in lines):
        return False
    for unit in sentences_of(text):
        parts = table_parts(unit)
        if parts is not None and parts[0] == lines[0]:
            rows = iter(parts[1])
            if all(any(row == line for row in rows) for line in lines[1:]):
                return True
    return False


def verify_draft(
    draft: Draft,
    passages: Mapping[str, str],
    entails: Callable[[str, str], float] | None = None,
) -> Draft:
    """Set each sentence's `support`: 1.0 when it quotes whole sentences of a cited passage verbatim
    (`quoted`) or a table's header with some of its rows (`table_excerpt`), else the entailment
    probability from `entails(sentence, passage text)` (best over its citations), else 0.

    Ids not in `passages` get no support here; the gate reports them as invalid citations.
    """
    checked: list[DraftSentence] = []
    for sentence in draft.sentences:
        texts = [passages[pid] for pid in sentence.passage_ids if pid in passages]
        if not texts:
            checked.append(replace(sentence, support=0.0))
            continue
        if any(quoted(sentence.text, t) or table_excerpt(sentence.text, t) for t in texts):
            support = 1.0
        elif entails is not None:
            support = max(entails(sentence.text, t) for t in texts)
        else:
            support = 0.0
        checked.append(replace(sentence, support=support))
    return Draft(tuple(checked), declined=draft.declined)
