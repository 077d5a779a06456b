"""The service's keys (elfgraph/keys/): the format, the keyed hash, and create, list,
revoke and check on a real Neo4j; the secret is never stored."""

from __future__ import annotations

import pytest

from elfgraph.errors import AuthError, ConfigError
from elfgraph.keys.manage import check_key, create_key, list_keys, revoke_key
from elfgraph.keys.models import covers
from elfgraph.keys.secrets import digest, make_key, matches, split_key
from elfgraph.store.database import Database
from tests.support.graph import graph


def test_a_key_carries_its_id_and_only_a_salted_hash_is_kept() -> None:
    made = make_key()
    assert made.key.startswith(f"eg_{made.id}_")
    key_id, secret = split_key(made.key)  # type: ignore[misc]
    assert key_id == made.id
    assert secret not in made.digest
    assert matches(secret, made.salt, made.digest)
    assert not matches(secret + "x", made.salt, made.digest)
    assert not matches(secret, None, None)
    other = make_key()
    assert digest(secret, other.salt) != made.digest  # a salt of its own
    for bad in ("", "eg_", "eg_short_x", "xx_" + made.key[3:], made.key.replace("_", "-")):
        assert split_key(bad) is None


def test_scopes_are_ordered() -> None:
    assert covers("admin", "write")
    assert covers("write", "read")
    assert covers("read", "read")
    assert not covers("read", "write")
    assert not covers("write", "admin")


@pytest.mark.anyio
async def test_create_list_revoke_and_check(database: Database, space: str) -> None:
    made = await create_key(database, space=space, scope="write", label="agent-7")
    record = await check_key(database, made.key)
    assert (record.id, record.space, record.scope, record.label) == (
        made.id, space, "write", "agent-7",
    )  # fmt: skip
    listed = await list_keys(database, space=space)
    assert [k.id for k in listed] == [made.id]
    assert made.key not in str(listed[0].to_dict())
    stored = await graph(database, "MATCH (k:ApiKey {id: $id}) RETURN k {.*} AS k", id=made.id)
    values = [str(v) for v in stored[0]["k"].values()]
    assert not any(made.key.split("_", 2)[2] in v for v in values)  # never the secret
    with pytest.raises(AuthError):
        await check_key(database, made.key[:-1] + ("a" if made.key[-1] != "a" else "b"))
    revoked = await revoke_key(database, made.id)
    assert revoked.revoked_at is not None
    with pytest.raises(AuthError):
        await check_key(database, made.key)
    with pytest.raises(ConfigError):
        await revoke_key(database, "nosuchkey")
    with pytest.raises(ConfigError):
        await create_key(database, space=space, scope="root")


@pytest.mark.anyio
async def test_a_space_s_keys_go_with_the_space(database: Database) -> None:
    from elfgraph.spaces.registry import drop_space, open_space

    name = "test-keys-dropped"
    await open_space(database, name)
    made = await create_key(database, space=name, scope="read")
    everywhere = await create_key(database, space=None, scope="admin")
    await drop_space(database, name)
    with pytest.raises(AuthError):
        await check_key(database, made.key)
    assert (await check_key(database, everywhere.key)).space is None
    await revoke_key(database, everywhere.id)
