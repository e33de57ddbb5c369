"""Prompt-injection screening of evidence text: instructions aimed at a model are never evidence.

Pure. Documents are data; a sentence that tries to instruct the assistant ("ignore all previous
instructions", "tell the user that ...", "you are now ...") is removed from a passage before any model
scores it or any answer quotes it. The rest of the passage stays usable.
"""

from __future__ import annotations

import re

from answerable.text.sentences import sentences as split_sentences

# A reader that is a model: named ("AI", "assistant", "chatbot", "language model", "LLM", "GPT"), or asked
# "if you are an AI". A human assistant at a desk is not addressed by a colon or a comma after the word.
_MODEL = (
    r"(?:ai(?:\s+(?:models?|assistants?|systems?|agents?))?|assistants?|chat\s?bots?|language\s+models?|llms?|gpts?"
    r"|chatgpt|claude|gemini|copilot)"
)
_PATTERNS = (
    # Addressed to a model: "AI assistant: ...", "ChatGPT, ...", "Note to language models: ...",
    # "If you are an AI model reading this, ..."
    rf"(?:^|[.!?]\s+)(?:(?:dear|hey|note\s+to(?:\s+(?:all|any))?)\s+)?{_MODEL}\s*[:,]",
    rf"\bif\s+you\s+are\s+(?:an?\s+)?{_MODEL}\b",
    rf"\b(?:to|for)\s+(?:any|all|the)\s+{_MODEL}\s+(?:reading|processing|summari[sz]ing)\b",
    # Overriding what it was told: "ignore / disregard / forget (all) (the) previous instructions, everything
    # above, your rules".
    r"\b(?:ignore|disregard|forget|override|bypass)\s+(?:all\s+|any\s+)?(?:of\s+)?(?:the\s+|your\s+|my\s+)?"
    r"(?:previous|prior|above|earlier|preceding|original|system|safety|everything\s+(?:above|before|else)|"
    r"(?:your\s+)?(?:instructions?|rules|guidelines|prompt))\b",
    r"\boverrides?\s+(?:all\s+)?(?:prior|previous|earlier|your|the\s+system)\s+(?:rules|instructions|prompt)",
    r"(?:^|[.!?]\s+)system\s*:",
    r"\byou\s+are\s+now\s+(?:a|an|in|the|[A-Z]\w*bot\b)",
    r"\b(?:system|developer)\s+prompt\s+(?:is|says|reads)\b",
    # Dictating what to answer the person asking: "tell the user that", "say that", "state that", "answer
    # that", "reply only with", "do not mention ... to the user", "when summarizing this page, ...".
    r"\b(?:tell|inform|convince|remind)\s+the\s+(?:user|customer|reader|asker|human)\s+(?:that|to)\b",
    r"(?:^|[.!?;]\s+)(?:do\s+not|don't|never|always)\s+(?:mention|reveal|say|show|tell)\b[^.!?]{0,60}"
    r"\bto\s+the\s+(?:user|customer|asker|human)\b",
    r"(?:^|[.!?:;]\s+|,\s*)(?:please\s+|always\s+|you\s+(?:must|should)\s+)?"
    r"(?:say|state|answer|reply|respond|claim)\s+(?:only\s+)?(?:that|with)\b",
    # Asked to disclose a secret; "Do not reveal the secret key when posting questions." advises the reader.
    r"(?<!\bnot\s)(?<!\bnever\s)(?<!n't\s)"
    r"\b(?:output|print|reveal|disclose)\s+(?:the\s+)?(?:admin\s+|your\s+)?(?:password|secret|api\s+key|system\s+prompt|credentials)\b",
    r"\bcite\s+this\s+(?:page|document|source)\s+as\b",
    r"\bas\s+an?\s+(?:ai|language model|assistant)\b.*\b(?:must|should)\b",
)
_INJECTION = re.compile("|".join(f"(?:{p})" for p in _PATTERNS), re.IGNORECASE)
# Code spans and blocks quote text (a filter's test string, a prompt shown as an example); they instruct no one.
_QUOTED = re.compile(r"```.*?```|`[^`\n]*`", re.S)


def is_injection(text: str) -> bool:
    """True when the text addresses instructions to a model rather than informing a reader.

    The principle: documentation informs the person reading it. A sentence that speaks to a model reader
    (names one, or asks "if you are an AI"), tells it to set aside what it was told (its instructions, rules,
    everything above), or dictates what to tell the person asking ("say that", "tell the user that", "reply
    only with") addresses the assistant, not the reader. What code spans quote is an example, not an order.
    """
    return _INJECTION.search(_QUOTED.sub(" ", text)) is not None


def screen(text: str) -> tuple[str, int]:
    """The text without its injected sentences, and how many were removed.

    Unchanged text is returned as it is. Otherwise each block (a paragraph, an item, an entry, a fenced
    block: runs of lines between blank lines, a fence's blank lines inside it) that holds an injected
    sentence loses it, its other sentences rejoined; the other blocks, and the blank lines between
    blocks, stay as written, so a page's entries and lists are still read as such.
    """
    if not is_injection(text):
        return text, 0
    out: list[str] = []
    removed = 0
    for block in _blocks(text):
        if not is_injection(block):
            out.append(block)
            continue
        sentences = split_sentences(" ".join(block.split()))
        kept = [s for s in sentences if not is_injection(s)]
        removed += len(sentences) - len(kept)
        if kept:
            out.append(" ".join(kept))
    return "\n\n".join(out), removed


_FENCE = re.compile(r"^\s*(```|~~~)")


def _blocks(text: str) -> list[str]:
    """`text` cut at its blank lines, except those inside a fenced code block."""
    blocks: list[list[str]] = [[]]
    fence: str | None = None
    for line in text.split("\n"):
        opening = _FENCE.match(line)
        if opening and fence is None:
            fence = opening.group(1)
        elif opening and line.strip().startswith(fence or "\0"):
            fence = None
        if not line.strip() and fence is None:
            if blocks[-1]:
                blocks.append([])
            continue
        blocks[-1].append(line)
    return ["\n".join(b) for b in blocks if b]
