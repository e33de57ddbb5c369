"""Generators: what writes a draft answer from the authorized context, behind a one-method protocol.

A generator sees only the authorized context and the claims to answer; it returns a `Draft` whose sentences
cite passage ids. It never writes a URL: citations become links from stored metadata. Built in: the
extractive generator (the default, no LLM) and an LLM over an OpenAI-compatible endpoint.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol

from answerable.core.types import Claim, Draft, Passage


class Generator(Protocol):
    """Writes an answer for the covered claims from the context passages only."""

    name: str

    def generate(self, question: str, claims: Sequence[tuple[Claim, Sequence[Passage]]]) -> Draft: ...


__all__ = ["Generator"]
