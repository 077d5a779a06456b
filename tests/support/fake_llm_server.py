"""A fake OpenAI/Anthropic HTTP API on 127.0.0.1, so adapter tests need no key or network.

It serves just enough of `POST /v1/embeddings`, `/v1/chat/completions` and `/v1/messages`,
with the response shapes of the real APIs, and records every request it receives. Tests set
its fields to choose the reply: `reply` (the model's text), `api_key` (then a wrong or
missing key gets the real APIs' 401), `status` (force an HTTP error with `error_message`)
or `raw_body` (send these bytes as a 200 body, e.g. something that is not JSON).
"""

from __future__ import annotations

import base64
import hashlib
import json
import threading
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

import numpy as np

KEY = "sk-test-0123456789abcdef"  # what tests send as the API key (or set as `api_key`)


@dataclass
class RecordedRequest:
    path: str
    headers: dict[str, str]  # names lower-cased
    body: dict[str, Any]


def fake_embedding(text: str, dimensions: int) -> list[float]:
    """Deterministic, not unit-norm (so adapters must normalise): bytes of SHA-256 chains."""
    raw = b""
    seed = text.encode()
    while len(raw) < dimensions:
        seed = hashlib.sha256(seed).digest()
        raw += seed
    return [(byte - 127.5) / 12.75 for byte in raw[:dimensions]]


@dataclass
class FakeLLMServer:
    reply: str = '{"alignment_score": 0.5, "tags": [], "summary": "A block."}'
    dimensions: int = 8
    api_key: str | None = None
    status: int | None = None
    error_message: str = "Forced failure."
    raw_body: bytes | None = None
    reverse_embeddings: bool = False  # send data items last-first (indices stay right)
    requests: list[RecordedRequest] = field(default_factory=list)

    def __post_init__(self) -> None:
        self._lock = threading.Lock()
        self._httpd = ThreadingHTTPServer(("127.0.0.1", 0), _handler_for(self))
        self._thread = threading.Thread(
            target=self._httpd.serve_forever, kwargs={"poll_interval": 0.01}, daemon=True
        )

    @property
    def base_url(self) -> str:
        """Root URL; the Anthropic SDK appends /v1/messages itself."""
        host, port = self._httpd.server_address[:2]
        return f"http://{host!s}:{port}"

    @property
    def openai_base_url(self) -> str:
        """What OpenAI-compatible clients take as base_url."""
        return f"{self.base_url}/v1"

    def start(self) -> FakeLLMServer:
        self._thread.start()
        return self

    def stop(self) -> None:
        self._httpd.shutdown()
        self._httpd.server_close()
        self._thread.join(timeout=5)

    def paths(self) -> list[str]:
        with self._lock:
            return [r.path for r in self.requests]

    def record(self, request: RecordedRequest) -> None:
        with self._lock:
            self.requests.append(request)

    def respond(self, request: RecordedRequest) -> tuple[int, bytes]:
        """Status and body for one request."""
        anthropic = request.path == "/v1/messages"
        if self.api_key is not None and sent_key(request) != self.api_key:
            return 401, _json(_auth_error(sent_key(request), anthropic))
        if self.status is not None:
            return self.status, _json(_error(self.status, self.error_message, anthropic))
        if self.raw_body is not None:
            return 200, self.raw_body
        handlers = {
            "/v1/embeddings": self._embeddings,
            "/v1/chat/completions": self._chat,
            "/v1/messages": self._messages,
        }
        handler = handlers.get(request.path)
        if handler is None:
            return 404, _json(_error(404, f"Unknown path {request.path}", anthropic))
        return 200, _json(handler(request.body))

    def _embeddings(self, body: dict[str, Any]) -> dict[str, Any]:
        inputs = body["input"] if isinstance(body["input"], list) else [body["input"]]
        dims = int(body.get("dimensions") or self.dimensions)
        data: list[dict[str, Any]] = []
        for index, text in enumerate(inputs):
            vector: Any = fake_embedding(text, dims)
            if body.get("encoding_format") == "base64":
                vector = base64.b64encode(np.asarray(vector, dtype="<f4").tobytes()).decode()
            data.append({"object": "embedding", "index": index, "embedding": vector})
        if self.reverse_embeddings:
            data.reverse()
        tokens = sum(len(text.split()) for text in inputs)
        return {
            "object": "list",
            "data": data,
            "model": body["model"],
            "usage": {"prompt_tokens": tokens, "total_tokens": tokens},
        }

    def _chat(self, body: dict[str, Any]) -> dict[str, Any]:
        return {
            "id": "chatcmpl-fake",
            "object": "chat.completion",
            "created": 1_700_000_000,
            "model": body["model"],
            "choices": [
                {
                    "index": 0,
                    "message": {"role": "assistant", "content": self.reply, "refusal": None},
                    "logprobs": None,
                    "finish_reason": "stop",
                }
            ],
            "usage": {"prompt_tokens": 50, "completion_tokens": 20, "total_tokens": 70},
        }

    def _messages(self, body: dict[str, Any]) -> dict[str, Any]:
        return {
            "id": "msg_fake",
            "type": "message",
            "role": "assistant",
            "model": body["model"],
            "content": [{"type": "text", "text": self.reply}],
            "stop_reason": "end_turn",
            "stop_sequence": None,
            "usage": {"input_tokens": 50, "output_tokens": 20},
        }


def sent_key(request: RecordedRequest) -> str:
    """The key a client sent: older Anthropic SDKs use x-api-key, the rest a Bearer token."""
    if "x-api-key" in request.headers:
        return request.headers["x-api-key"]
    return request.headers.get("authorization", "").removeprefix("Bearer ")


def _auth_error(sent: str, anthropic: bool) -> dict[str, Any]:
    if anthropic:
        return _error(401, "invalid x-api-key", anthropic)
    # Like OpenAI's own message, which echoes a masked key.
    masked = f"{sent[:5]}***{sent[-4:]}" if len(sent) > 9 else "***"
    return {
        "error": {
            "message": f"Incorrect API key provided: {masked}.",
            "type": "invalid_request_error",
            "param": None,
            "code": "invalid_api_key",
        }
    }


def _error(status: int, message: str, anthropic: bool) -> dict[str, Any]:
    if anthropic:
        kind = {401: "authentication_error", 404: "not_found_error"}.get(status, "api_error")
        return {"type": "error", "error": {"type": kind, "message": message}}
    return {"error": {"message": message, "type": "server_error", "param": None, "code": None}}


def _json(data: dict[str, Any]) -> bytes:
    return json.dumps(data).encode()


def _handler_for(fake: FakeLLMServer) -> type[BaseHTTPRequestHandler]:
    class Handler(BaseHTTPRequestHandler):
        def do_POST(self) -> None:
            length = int(self.headers.get("content-length") or 0)
            raw = self.rfile.read(length)
            request = RecordedRequest(
                path=self.path.split("?", 1)[0],
                headers={name.lower(): value for name, value in self.headers.items()},
                body=json.loads(raw) if raw else {},
            )
            fake.record(request)
            status, body = fake.respond(request)
            self.send_response(status)
            self.send_header("content-type", "application/json")
            self.send_header("content-length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)

        def log_message(self, format: str, *args: Any) -> None:
            """Keep test output quiet."""

    return Handler
