"""Prompt-injection screening of evidence text: instructions aimed at a model are never evidence.

Pure. Documents are data; a sentence that tries to instruct the assistant ("ignore all previous
instructions", "tell the user that ...", "you are now ...") is removed from a passage before any model
scores it or any answer quotes it. The rest of the passage stays usable.
"""

from __future__ import annotations

import re

from answerable.text.sentences import sentences as split_sentences

_PATTERNS = (
    r"\bignore\s+(?:all\s+|any\s+)?(?:the\s+)?(?:previous|prior|above|earlier|preceding|other)\s+"
    r"(?:instructions?|prompts?|rules?|messages?|context)",
    r"\bdisregard\s+(?:all\s+|any\s+)?(?:the\s+)?(?:previous|prior|above|earlier|system)\b",
    r"\bforget\s+(?:all\s+|everything\s+)?(?:you\s+)?(?:previous|prior|above|were told)\b",
    r"\b(?:tell|inform|convince)\s+the\s+(?:user|customer|reader)\s+(?:that|to)\b",
    r"\byou\s+are\s+now\s+(?:a|an|in)\b",
    r"\b(?:system|developer)\s+prompt\b",
    r"\bas\s+an?\s+(?:ai|language model|assistant)\b.*\b(?:must|should)\b",
    r"\bcite\s+this\s+(?:page|document|source)\s+as\b",
    r"\b(?:assistant|ai|chatbot|model)\s*[,:]\s*(?:ignore|disregard|you must|always answer)\b",
)
_INJECTION = re.compile("|".join(f"(?:{p})" for p in _PATTERNS), re.IGNORECASE)


def is_injection(text: str) -> bool:
    """True when the text addresses instructions to a model rather than informing a reader."""
    return _INJECTION.search(text) is not None


def screen(text: str) -> tuple[str, int]:
    """The text without its injected sentences, and how many were removed.

    Unchanged text is returned as it is; otherwise sentences (which may span line breaks) are rejoined.
    """
    if not is_injection(text):
        return text, 0
    sentences = split_sentences(" ".join(text.split()))
    kept = [s for s in sentences if not is_injection(s)]
    return " ".join(kept), len(sentences) - len(kept)
