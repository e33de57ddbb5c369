"""A local in-process OpenAI-compatible chat server serving canned replies, for tests of LLM backends.

A scripted reply is `(status, content)` (see `Server.reply`) or a callable that writes the whole
response itself, for replies no honest server sends: redirects, raw bytes, trickling, endless bodies.
"""

from __future__ import annotations

import json
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from http.server import BaseHTTPRequestHandler, HTTPServer
from typing import Any

import pytest

Script = Callable[["Server", BaseHTTPRequestHandler], None]


class Server:
    def __init__(self) -> None:
        self.replies: list[tuple[int, Any] | Script] = []
        self.requests: list[dict[str, Any]] = []
        self.closing = threading.Event()  # set at teardown: a slow scripted reply stops writing
        outer = self

        class Handler(BaseHTTPRequestHandler):
            def do_POST(self) -> None:
                body = json.loads(self.rfile.read(int(self.headers["Content-Length"])))
                self.answer(body)

            def do_GET(self) -> None:  # what a client following a 302/303 sends
                self.answer(None)

            def answer(self, body: Any) -> None:
                outer.requests.append({"path": self.path, "auth": self.headers["Authorization"], "body": body})
                item = outer.replies.pop(0)
                if callable(item):
                    try:
                        item(outer, self)
                    except OSError:  # the client gave up, as it should
                        self.close_connection = True
                    return
                status, content = item
                payload = (
                    content
                    if isinstance(content, str) and status != 200
                    else {"choices": [{"message": {"role": "assistant", "content": content}}]}
                )
                data = (payload if isinstance(payload, str) else json.dumps(payload)).encode()
                self.send_response(status)
                self.send_header("Content-Type", "application/json")
                self.send_header("Content-Length", str(len(data)))
                self.end_headers()
                self.wfile.write(data)

            def log_message(self, *args: Any) -> None:
                pass

        self.httpd = HTTPServer(("127.0.0.1", 0), Handler)
        self.url = f"http://127.0.0.1:{self.httpd.server_port}/v1"

    def reply(self, obj: Any, status: int = 200) -> None:
        self.replies.append((status, obj if isinstance(obj, str) else json.dumps(obj)))

    def raw(self, data: bytes, status: int = 200, headers: dict[str, str] | None = None) -> None:
        """Reply with exactly these body bytes (Content-Length set unless `headers` gives one)."""

        def script(server: Server, h: BaseHTTPRequestHandler) -> None:
            h.send_response(status)
            extra = headers or {}
            for k, v in extra.items():
                h.send_header(k, v)
            if "Content-Length" not in extra:
                h.send_header("Content-Length", str(len(data)))
            h.end_headers()
            h.wfile.write(data)

        self.replies.append(script)

    def redirect(self, location: str, status: int = 302) -> None:
        self.raw(b"", status=status, headers={"Location": location, "Content-Length": "0"})

    def trickle(self, head: bytes, body: bytes, every: float, limit: float = 4.0) -> None:
        """Send `head` at once, then `body` one byte every `every` seconds, for at most `limit` seconds."""

        def script(server: Server, h: BaseHTTPRequestHandler) -> None:
            h.wfile.write(head)
            h.wfile.flush()
            end = time.monotonic() + limit
            for i in range(len(body)):
                if server.closing.is_set() or time.monotonic() > end:
                    break
                h.wfile.write(body[i : i + 1])
                h.wfile.flush()
                time.sleep(every)
            h.close_connection = True

        self.replies.append(script)

    def endless(self, head: bytes, limit: float = 4.0) -> None:
        """Send `head`, then JSON-ish bytes as fast as the client takes them, for at most `limit` seconds."""

        def script(server: Server, h: BaseHTTPRequestHandler) -> None:
            h.wfile.write(head)
            end = time.monotonic() + limit
            block = b" " * 65536
            while not server.closing.is_set() and time.monotonic() < end:
                h.wfile.write(block)
            h.close_connection = True

        self.replies.append(script)


@contextmanager
def serve() -> Iterator[Server]:
    """A scripted server running in a thread for the length of the block."""
    s = Server()
    t = threading.Thread(target=s.httpd.serve_forever, daemon=True)
    t.start()
    try:
        yield s
    finally:
        s.closing.set()
        s.httpd.shutdown()
        s.httpd.server_close()


@pytest.fixture
def server() -> Iterator[Server]:
    with serve() as s:
        yield s
