"""The LLM judge against a local in-process OpenAI-compatible server serving canned replies."""

from __future__ import annotations

import json

import pytest

from answerable.backends.llm.client import Client, LLMReranker, LLMVerifier
from answerable.core.errors import ModelError
from answerable.core.types import Claim, Label, Passage
from tests.llm_server import Server


def test_verifier_checks_claim_by_claim(server: Server) -> None:
    server.reply({"claims": [{"id": 1, "label": "supported", "confidence": 0.9}]})
    server.reply({"claims": [{"id": 1, "supported": False}]})  # the seed's two-way reply is understood too
    v = LLMVerifier("judge", client=Client("judge", base_url=server.url, api_key="k"))
    verdicts = v.verify(
        Claim("c1", "Keys rotate from Settings > API."),
        [
            Passage(id="a#1", document_id="a", text="Open Settings > API and click Rotate."),
            Passage(id="b#1", document_id="b", text="Billing is monthly."),
        ],
    )
    assert [(x.label, x.strength) for x in verdicts] == [(Label.SUPPORTED, 0.9), (Label.INSUFFICIENT, 1.0)]
    req = server.requests[0]
    assert req["path"] == "/v1/chat/completions" and req["auth"] == "Bearer k"
    prompt = req["body"]["messages"][0]["content"]
    assert "You are a fact-checker" in prompt and "1. Keys rotate from Settings > API." in prompt


def test_reranker_uses_the_judges_confidence(server: Server) -> None:
    server.reply({"answerable": True, "confidence": 0.8})
    server.reply({"answerable": False, "confidence": 0.9})
    r = LLMReranker("judge", client=Client("judge", base_url=server.url, api_key="k"))
    assert r.score("q", ["a", "b"]) == pytest.approx([0.8, 0.1])


@pytest.mark.parametrize(
    ("status", "content", "match"),
    [
        (500, "boom", "HTTP 500"),
        (200, "not json", "not the JSON"),
        (200, json.dumps({"claims": [{"id": 1, "label": "maybe"}]}), "unknown label"),
        (200, json.dumps({"claims": []}), "no verdict"),
    ],
)
def test_failures_are_model_errors_not_abstentions(server: Server, status: int, content: str, match: str) -> None:
    server.replies.append((status, content))
    v = LLMVerifier("judge", client=Client("judge", base_url=server.url, api_key="k"))
    with pytest.raises(ModelError, match=match):
        v.probs_pairs([("claim", "passage")])


def test_unreachable_endpoint_is_a_model_error() -> None:
    v = LLMVerifier("judge", client=Client("judge", base_url="http://127.0.0.1:9/v1", api_key="k", timeout=2))
    with pytest.raises(ModelError, match="cannot reach"):
        v.probs_pairs([("claim", "passage")])
