"""An LLM over an OpenAI-compatible endpoint splits a question into its required claims (`--decomposer llm:MODEL`)."""

from __future__ import annotations

from answerable.backends.llm.client import Client
from answerable.core.errors import ModelError
from answerable.core.types import Claim

DECOMPOSE_PROMPT = """List the separate facts that a complete answer to the QUESTION must state.
Reply with JSON: {{ "claims": ["the first fact asked for", ...] }}
One entry for a question that asks one thing; one per part for a question with several parts.
Rephrase each part as a short question or statement. Do not answer the question.

QUESTION:
{question}"""

MAX_LLM_CLAIMS = 8


class LLMDecomposer:
    """An LLM over an OpenAI-compatible endpoint splits the question into required claims.

    A reply that is not a non-empty list of strings is a `ModelError` (never a silent fallback that would
    change which claims the gate requires).
    """

    def __init__(self, model: str, client: Client | None = None) -> None:
        self.client: Client = client if client is not None else Client(model)
        self.model = model
        self.name = f"llm:{model}"  # the decision log names the model that split the question

    def decompose(self, question: str) -> tuple[Claim, ...]:
        if not question.strip():
            return ()
        reply = self.client.json_reply(DECOMPOSE_PROMPT.format(question=question.strip()))
        raw = reply.get("claims")
        if not isinstance(raw, list) or not raw or not all(isinstance(c, str) and c.strip() for c in raw):
            raise ModelError(f"LLM decomposer {self.model}: reply is not a non-empty list of claims")
        parts: list[str] = []
        for c in raw:
            text = " ".join(c.split())
            if text.lower() not in (p.lower() for p in parts):
                parts.append(text)
        if len(parts) > MAX_LLM_CLAIMS:
            # Dropping the rest would answer a question without its last parts ever being required.
            raise ModelError(
                f"LLM decomposer {self.model}: {len(parts)} claims, more than the {MAX_LLM_CLAIMS} a question may "
                "require; ask the parts separately"
            )
        return tuple(Claim(f"c{i}", text) for i, text in enumerate(parts, start=1))
