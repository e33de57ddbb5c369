"""The OpenAI-compatible client against local scripted servers that misbehave: every failure is one line."""

from __future__ import annotations

import json
import re
import time
from typing import Any

import pytest

from answerable.backends.llm import client as llm
from answerable.backends.llm.client import Client
from answerable.core.errors import ModelError
from tests.llm_server import Server, serve

KEY = "sk-test-0123456789abcdef"


def client(server: Server, timeout: float = 5.0, model: str = "judge") -> Client:
    return Client(model, base_url=server.url, api_key=KEY, timeout=timeout)


def failure(c: Client) -> str:
    with pytest.raises(ModelError) as info:
        c.json_reply("prompt")
    msg = str(info.value)
    assert "\n" not in msg and KEY not in msg, msg
    return msg


def completion(message: dict[str, Any]) -> bytes:
    return json.dumps({"choices": [{"message": {"role": "assistant", **message}}]}).encode()


@pytest.mark.parametrize("status", [301, 302, 303, 307, 308])
def test_a_redirect_is_not_followed_and_the_key_stays_home(server: Server, status: int) -> None:
    with serve() as elsewhere:
        elsewhere.reply({"stolen": True})
        server.redirect(f"{elsewhere.url}/chat/completions?token=abc", status=status)
        msg = failure(client(server))
        assert elsewhere.requests == []
    port = elsewhere.url.split(":")[2].split("/")[0]
    assert f"HTTP {status}" in msg and f"to http://127.0.0.1:{port}" in msg and "token" not in msg
    assert "redirects are not followed" in msg


def test_a_relative_redirect_names_the_endpoints_own_origin(server: Server) -> None:
    server.redirect("/elsewhere")
    assert f"to {server.url.removesuffix('/v1')};" in failure(client(server))


def test_timeout_is_a_total_deadline_for_a_trickling_body(server: Server) -> None:
    body = completion({"content": '{"ok": true}'}) + b" " * 200
    head = f"HTTP/1.0 200 OK\r\nContent-Length: {len(body)}\r\n\r\n".encode()
    server.trickle(head, body, every=0.05)  # each byte well inside the timeout; the whole far beyond it
    start = time.monotonic()
    msg = failure(client(server, timeout=0.6))
    assert "no complete reply within 0.6 s" in msg
    assert time.monotonic() - start < 1.5


def test_timeout_is_a_total_deadline_for_trickling_headers(server: Server) -> None:
    server.trickle(b"", b"HTTP/1.0 200 OK\r\nX-Slow: " + b"a" * 200, every=0.05)
    start = time.monotonic()
    assert "no complete reply within 0.6 s" in failure(client(server, timeout=0.6))
    assert time.monotonic() - start < 1.5


def test_timeout_bounds_the_name_lookup_too(monkeypatch: pytest.MonkeyPatch) -> None:
    def silent_resolver(*args: Any, **kwargs: Any) -> Any:
        time.sleep(3)  # a resolver that does not answer: glibc retries for far longer
        raise OSError("no answer")

    monkeypatch.setattr(llm.socket, "getaddrinfo", silent_resolver)
    start = time.monotonic()
    c = Client("judge", base_url="http://docs-llm.example:8000/v1", api_key=KEY, timeout=0.5)
    assert "no complete reply within 0.5 s" in failure(c)
    assert time.monotonic() - start < 1.5


NESTED = "[" * 100_000 + "]" * 100_000


@pytest.mark.parametrize(
    ("body", "match"),
    [
        (completion({"content": None, "refusal": "I can't help with that.\n\x1b[31m"}), "refused: I can't help with"),
        (completion({"content": None}), "has no content"),
        (completion({"content": [{"type": "refusal", "refusal": "No."}]}), "refused: No.$"),
        (completion({"content": [{"type": "image_url", "image_url": {}}]}), "part that is not text"),
        (completion({"content": ["text"]}), "part that is not text"),
        (completion({"content": {"ok": True}}), "content is a JSON object, not text"),
        (completion({"content": 7}), "content is JSON int, not text"),
        (completion({"content": NESTED}), "not the JSON asked for: nested too deeply"),
        (completion({"content": "[1, 2]"}), "not a JSON object"),
        (completion({"content": '{"n": ' + "9" * 5000 + "}"}), "not the JSON asked for"),
        (b'{"choices": [{"message": {"content": "\xff\xfe"}}]}', "not UTF-8"),
        (NESTED.encode(), "reply body is JSON nested too deeply"),
        (b"<html>busy</html>", "reply body is not JSON"),
        (b'{"choices": []}', "not a chat completion"),
        (b'{"choices": [{"message": "hi"}]}', "not a chat completion"),
        (b"[]", "not a chat completion"),
    ],
    ids=lambda v: "" if isinstance(v, bytes) else v,
)
def test_a_malformed_reply_is_a_one_line_model_error(server: Server, body: bytes, match: str) -> None:
    server.raw(body)
    assert re.search(match, failure(client(server)))


def test_text_parts_are_joined(server: Server) -> None:
    server.raw(completion({"content": [{"type": "text", "text": '{"a": '}, {"type": "text", "text": "1}"}]}))
    assert client(server).json_reply("p") == {"a": 1}


def test_a_reply_over_the_cap_is_refused_by_its_length(server: Server) -> None:
    body = completion({"content": json.dumps({"pad": "x" * llm.MAX_REPLY_BYTES})})
    server.raw(body)
    assert f"reply of {len(body)} bytes is larger than {llm.MAX_REPLY_BYTES} bytes" in failure(client(server))


def test_an_endless_reply_is_cut_at_the_cap(server: Server, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(llm, "MAX_REPLY_BYTES", 256 * 1024)
    server.endless(b"HTTP/1.0 200 OK\r\nContent-Type: application/json\r\n\r\n")  # no length: read to the end
    start = time.monotonic()
    assert "reply is larger than 262144 bytes" in failure(client(server))
    assert time.monotonic() - start < 2


def test_an_http_error_quotes_the_providers_message(server: Server) -> None:
    server.reply(json.dumps({"error": {"message": "invalid api key", "type": "invalid_request_error"}}), status=401)
    assert failure(client(server)).endswith(f"HTTP 401 from {server.url}: invalid api key")


def test_an_http_error_excerpt_is_short_single_line_and_keyless(server: Server) -> None:
    server.reply(f"bad gateway\r\n\x1b[2J\u202e key {KEY} " + "x" * 5000, status=502)
    msg = failure(client(server))
    excerpt = msg.split(f"HTTP 502 from {server.url}: ")[1]
    assert excerpt.startswith("bad gateway [2J key *** xxx") and len(excerpt) <= 200
    assert "\x1b" not in msg and "\u202e" not in msg


@pytest.mark.parametrize("key", ["abc123", "k"])
def test_a_short_key_echoed_by_the_provider_is_masked_where_it_stands_alone(server: Server, key: str) -> None:
    server.reply(json.dumps({"error": {"message": f"invalid api key {key}; check your key"}}), status=401)
    with pytest.raises(ModelError) as info:
        Client("judge", base_url=server.url, api_key=key).json_reply("prompt")
    msg = str(info.value)
    assert msg.endswith("invalid api key ***; check your key"), msg  # "key" keeps its "k"


def test_a_password_in_the_base_url_is_redacted(server: Server) -> None:
    server.reply("boom", status=500)
    url = server.url.replace("http://", "http://user:hunter2@")
    msg = failure(Client("judge", base_url=url, api_key=KEY))
    assert "hunter2" not in msg and server.url.replace("http://", "http://user:***@") in msg
    assert server.requests[0]["auth"] == f"Bearer {KEY}"  # userinfo is not sent; the key is
    unreachable = Client("judge", base_url="http://u:hunter2@127.0.0.1:9/v1", api_key=KEY, timeout=2)
    msg = failure(unreachable)
    assert "cannot reach http://u:***@127.0.0.1:9/v1" in msg and "hunter2" not in msg


@pytest.mark.parametrize("model", ["writer", "splitter"])
def test_messages_name_the_model_not_a_judge(model: str) -> None:
    msg = failure(Client(model, base_url="http://127.0.0.1:9/v1", api_key=KEY, timeout=2))
    assert msg.startswith(f"LLM {model}: cannot reach") and "judge" not in msg


def test_a_base_url_that_is_not_http_is_a_model_error() -> None:
    assert "not an http(s) URL" in failure(Client("m", base_url="file:///etc", api_key=KEY))
