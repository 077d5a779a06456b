"""A proxy in front of a test's server that loses replies: for the requests whose path it is
told, the first `drop` replies never reach the caller (the server did the work; the
connection closes). For tests of retries that must apply a write once."""

from __future__ import annotations

import asyncio
import contextlib
import threading
from dataclasses import dataclass, field


@dataclass
class LossyProxy:
    target: tuple[str, int]
    lose_path: str
    drop: int = 1
    port: int = 0
    forwarded: list[str] = field(default_factory=list)
    _loop: asyncio.AbstractEventLoop | None = None
    _ready: threading.Event = field(default_factory=threading.Event)

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def start(self) -> LossyProxy:
        threading.Thread(target=self._run, daemon=True).start()
        self._ready.wait(10)
        return self

    def stop(self) -> None:
        if self._loop is not None:
            self._loop.call_soon_threadsafe(self._loop.stop)

    def _run(self) -> None:
        self._loop = asyncio.new_event_loop()
        server = self._loop.run_until_complete(
            asyncio.start_server(self._serve, "127.0.0.1", self.port)
        )
        self.port = server.sockets[0].getsockname()[1]
        self._ready.set()
        self._loop.run_forever()

    async def _serve(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        with contextlib.suppress(ConnectionError, asyncio.IncompleteReadError):
            while True:
                head = await reader.readuntil(b"\r\n\r\n")
                length = 0
                for line in head.split(b"\r\n"):
                    if line.lower().startswith(b"content-length:"):
                        length = int(line.split(b":")[1])
                body = await reader.readexactly(length)
                path = head.split(b" ")[1].decode()
                reply = await self._forward(head, body)
                self.forwarded.append(path)
                if path.endswith(self.lose_path) and self.drop > 0:
                    self.drop -= 1
                    break  # the server did it; the caller never hears
                writer.write(reply)
                await writer.drain()
        writer.close()

    async def _forward(self, head: bytes, body: bytes) -> bytes:
        lines = [
            line for line in head.rstrip(b"\r\n").split(b"\r\n")
            if not line.lower().startswith(b"connection:")
        ]  # fmt: skip
        request = b"\r\n".join([*lines, b"Connection: close"]) + b"\r\n\r\n" + body
        upstream_reader, upstream = await asyncio.open_connection(*self.target)
        upstream.write(request)
        await upstream.drain()
        reply = await upstream_reader.read()
        upstream.close()
        # The caller keeps its connection: drop the server's "close".
        return reply.replace(b"connection: close\r\n", b"")
