"""A local in-process OpenAI-compatible chat server serving canned replies, for tests of LLM backends."""

from __future__ import annotations

import json
import threading
from collections.abc import Iterator
from http.server import BaseHTTPRequestHandler, HTTPServer
from typing import Any

import pytest


class Server:
    def __init__(self) -> None:
        self.replies: list[tuple[int, Any]] = []
        self.requests: list[dict[str, Any]] = []
        outer = self

        class Handler(BaseHTTPRequestHandler):
            def do_POST(self) -> None:
                body = json.loads(self.rfile.read(int(self.headers["Content-Length"])))
                outer.requests.append({"path": self.path, "auth": self.headers["Authorization"], "body": body})
                status, content = outer.replies.pop(0)
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


@pytest.fixture
def server() -> Iterator[Server]:
    s = Server()
    t = threading.Thread(target=s.httpd.serve_forever, daemon=True)
    t.start()
    yield s
    s.httpd.shutdown()
