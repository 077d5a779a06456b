"""Every route refuses a request without a valid key for its space and scope: no key, a
wrong, malformed or revoked one is 401; a key of another space or of too narrow a scope is
403; both as `{error, message, recovery}`, the same whether the other space exists or
not, and the graph is unchanged."""

from __future__ import annotations

import httpx2 as httpx
import pytest

from elfgraph.keys.manage import revoke_key
from elfgraph.keys.secrets import split_key
from elfgraph.store.database import Database
from elfgraph.wire import OPERATIONS
from tests.support.graph import snapshot
from tests.support.service import MakeKey

pytestmark = pytest.mark.anyio


def routes(space: str) -> list[tuple[str, str, str]]:
    """(method, path, least scope) of every route of a space, and the database's."""
    found = [("POST", f"/v1/spaces/{space}/{name}", op.scope) for name, op in OPERATIONS.items()]
    found += [
        ("GET", f"/v1/spaces/{space}/export", "read"),
        ("POST", f"/v1/spaces/{space}/import", "admin"),
        ("GET", f"/v1/spaces/{space}/guide", "read"),
        ("POST", f"/v1/spaces/{space}/mcp", "write"),
    ]
    return found


DATABASE_ROUTES = [("GET", "/v1/spaces"), ("POST", "/v1/spaces"), ("DELETE", "/v1/spaces/{}")]


def bearer(key: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {key}"}


def check_refusal(response: httpx.Response, status: int, error: str) -> None:
    assert response.status_code == status, (response.request.url, response.text)
    body = response.json()
    assert body["error"] == error
    assert body["message"]
    assert body["recovery"]


async def test_no_key_a_wrong_or_malformed_key_is_401_on_every_route(
    http: httpx.AsyncClient, make_key: MakeKey, database: Database, space: str
) -> None:
    good = await make_key("admin")
    _key_id, secret = split_key(good)  # type: ignore[misc]
    await http.post(f"/v1/spaces/{space}/learn", json={"content": "x"}, headers=bearer(good))
    before = await snapshot(database, space)
    wrong = [
        {},
        {"Authorization": "Basic dXNlcjpwYXNz"},
        bearer("not-a-key"),
        bearer(good[:-2] + ("AA" if not good.endswith("AA") else "BB")),  # wrong secret
        bearer(f"eg_{'a' * 12}_{secret}"),  # unknown id
    ]
    for method, path, _ in routes(space):
        for headers in wrong:
            response = await http.request(method, path, headers=headers, json={})
            check_refusal(response, 401, "AuthError")
    for method, path in DATABASE_ROUTES:
        for headers in wrong:
            response = await http.request(method, path.format(space), headers=headers)
            check_refusal(response, 401, "AuthError")
    assert await snapshot(database, space) == before


async def test_a_revoked_key_is_refused(
    http: httpx.AsyncClient, make_key: MakeKey, database: Database, space: str
) -> None:
    key = await make_key("write")
    ok = await http.post(f"/v1/spaces/{space}/status", headers=bearer(key))
    assert ok.status_code == 200
    await revoke_key(database, split_key(key)[0])  # type: ignore[index]
    for method, path, _ in routes(space):
        check_refusal(await http.request(method, path, headers=bearer(key)), 401, "AuthError")


async def test_a_key_of_another_space_is_403_and_says_nothing_about_that_space(
    http: httpx.AsyncClient, make_key: MakeKey, database: Database, space: str
) -> None:
    mine = await make_key("admin")
    other = f"{space}-other"
    other_key = await make_key("admin", for_space=other)
    created = await http.post(
        f"/v1/spaces/{other}/learn", json={"content": "secret of the other"},
        headers=bearer(other_key),
    )  # fmt: skip
    assert created.status_code == 200
    try:
        before = await snapshot(database, other)
        missing = f"{space}-nobody"
        for method, path, _ in routes(other):
            existing = await http.request(method, path, headers=bearer(mine), json={})
            check_refusal(existing, 403, "AccessError")
            path_missing = path.replace(other, missing)
            absent = await http.request(method, path_missing, headers=bearer(mine), json={})
            check_refusal(absent, 403, "AccessError")
            assert absent.json()["message"].replace(missing, other) == existing.json()["message"]
        for method, path in DATABASE_ROUTES:
            response = await http.request(method, path.format(other), headers=bearer(mine))
            check_refusal(response, 403, "AccessError")
        assert await snapshot(database, other) == before
    finally:
        from elfgraph.spaces.registry import drop_space

        await drop_space(database, other)


async def test_a_key_of_too_narrow_a_scope_is_403(
    http: httpx.AsyncClient, make_key: MakeKey, database: Database, space: str
) -> None:
    scopes = {"read": await make_key("read"), "write": await make_key("write")}
    order = ["read", "write", "admin"]
    before = await snapshot(database, space)
    for method, path, needed in routes(space):
        for scope, key in scopes.items():
            if order.index(scope) < order.index(needed):
                response = await http.request(method, path, headers=bearer(key), json={})
                check_refusal(response, 403, "AccessError")
                assert needed in response.json()["message"]
    assert await snapshot(database, space) == before
    read = await http.post(f"/v1/spaces/{space}/recall", headers=bearer(scopes["read"]), json={})
    assert read.status_code == 200


async def test_health_ready_and_the_documents_need_no_key(http: httpx.AsyncClient) -> None:
    assert (await http.get("/health")).json() == {"status": "ok"}
    ready = await http.get("/ready")
    assert ready.json() == {"ready": True, "neo4j": True, "schema": True, "model": True}
    assert (await http.get("/openapi.json")).status_code == 200
    assert "swagger" in (await http.get("/docs")).text.lower()
