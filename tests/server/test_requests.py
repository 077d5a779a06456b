"""What the service refuses before the memory sees it: a body, a batch or a text over the
limits (413, or the library's own 422), a body that is not a JSON object, an unknown
argument, an unknown route (all JSON errors with a recovery); and a caller that goes away
midway leaves nothing half-written."""

from __future__ import annotations

import json
import socket

import anyio
import httpx2 as httpx
import pytest

from elfgraph.store.database import Database
from tests.support.graph import blocks_by_status, graph, snapshot
from tests.support.service import MakeKey, RunningService

pytestmark = pytest.mark.anyio


def bearer(key: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {key}"}


async def test_a_body_a_batch_or_a_text_over_the_limits_is_refused_and_stores_nothing(
    http: httpx.AsyncClient, make_key: MakeKey, database: Database, space: str
) -> None:
    key = bearer(await make_key("write"))
    await http.post(f"/v1/spaces/{space}/learn", json={"content": "already here"}, headers=key)
    before = await snapshot(database, space)
    huge = {"items": ["x" * 1000] * 5000}  # ~5 MB: over the 4 MB body limit
    response = await http.post(f"/v1/spaces/{space}/learn_many", json=huge, headers=key)
    assert response.status_code == 413
    assert response.json()["error"] == "LimitError"
    assert "max-body-mb" in response.json()["recovery"]
    many = {"items": [f"fact {i}" for i in range(1001)]}  # over the 1,000 batch limit
    response = await http.post(f"/v1/spaces/{space}/learn_many", json=many, headers=key)
    assert (response.status_code, response.json()["error"]) == (413, "LimitError")
    assert "1,001" in response.json()["message"]
    long = {"content": "y" * (32 * 1024 + 1)}  # over learning.max_content_bytes
    response = await http.post(f"/v1/spaces/{space}/learn", json=long, headers=key)
    assert (response.status_code, response.json()["error"]) == (422, "LearnError")
    assert await snapshot(database, space) == before


@pytest.mark.parametrize(
    ("body", "status", "words"),
    [
        (b"{not json", 400, "not JSON"),
        (b"[1, 2]", 400, "not an object"),
        (b'{"content": "x", "colour": "red"}', 400, "no argument 'colour'"),
        (b'{"tags": ["a"]}', 400, "needs 'content'"),
        (b'{"content": "x", "progress": 1}', 400, "no argument 'progress'"),
        (b"\xff\xfe", 400, "not JSON"),
    ],
)
async def test_a_malformed_request_is_a_request_error(
    http: httpx.AsyncClient,
    make_key: MakeKey,
    database: Database,
    space: str,
    body: bytes,
    status: int,
    words: str,
) -> None:
    key = bearer(await make_key("write"))
    response = await http.post(f"/v1/spaces/{space}/learn", content=body, headers=key)
    assert response.status_code == status
    assert response.json()["error"] == "RequestError"
    assert words in response.json()["message"]
    assert response.json()["recovery"]
    assert await blocks_by_status(database, space) == {}


async def test_unknown_routes_and_methods_are_json_errors(
    http: httpx.AsyncClient, make_key: MakeKey, space: str
) -> None:
    key = bearer(await make_key("write"))
    for method, path, status in [
        ("GET", "/nothing/here", 404),
        ("POST", f"/v1/spaces/{space}/forget_everything", 404),
        ("GET", f"/v1/spaces/{space}/learn", 405),  # POST only
        ("PUT", f"/v1/spaces/{space}/learn", 405),
        ("GET", "/v2/spaces", 404),
    ]:
        response = await http.request(method, path, headers=key)
        assert response.status_code == status, (method, path, response.text)
        body = response.json()
        assert body["error"] == "RequestError"
        assert body["recovery"]
    status = await http.get(f"/v1/spaces/{space}/status", headers=key)  # GET for reads
    assert status.status_code == 200


def half_a_request(url: str, path: str, key: str, body: bytes) -> None:
    """Send the headers and half the body, then hang up."""
    host, port = url.removeprefix("http://").split(":")
    with socket.create_connection((host, int(port))) as raw:
        head = (
            f"POST {path} HTTP/1.1\r\nHost: {host}\r\nAuthorization: Bearer {key}\r\n"
            f"Content-Type: application/json\r\nContent-Length: {len(body)}\r\n\r\n"
        )
        raw.sendall(head.encode() + body[: len(body) // 2])


async def test_a_caller_that_hangs_up_midway_leaves_nothing_written(
    service: RunningService, http: httpx.AsyncClient, make_key: MakeKey, database: Database,
    space: str,
) -> None:  # fmt: skip
    key = await make_key("admin")
    lines = [{"record": "header", "format": "elfgraph-export", "version": 1, "space": space}]
    lines += [{"record": "block", "id": f"{i:016x}", "content": f"b {i}"} for i in range(300)]
    export = "".join(json.dumps(line) + "\n" for line in lines).encode()
    await anyio.to_thread.run_sync(
        half_a_request, service.url, f"/v1/spaces/{space}/import", key, export
    )
    items = json.dumps({"items": [f"fact number {i}" for i in range(500)]}).encode()
    await anyio.to_thread.run_sync(
        half_a_request, service.url, f"/v1/spaces/{space}/learn_many", key, items
    )
    await anyio.sleep(1.0)
    assert await blocks_by_status(database, space) == {}
    claims = await graph(database, "MATCH (c:ImportClaim) WHERE c.target = $s RETURN c", s=space)
    assert claims == []
    status = await http.get(f"/v1/spaces/{space}/status", headers=bearer(key))
    assert status.json()["inbox_count"] == 0  # the server still serves the space
