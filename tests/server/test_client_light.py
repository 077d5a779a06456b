"""A program that only talks to a service loads no driver, model or numpy: the client runs
in a fresh interpreter against the session's server, and those modules stay unloaded."""

from __future__ import annotations

import json
import sys

import anyio
import pytest

from tests.support.service import MakeKey, RunningService, service_env

pytestmark = pytest.mark.anyio

PROGRAM = """
import asyncio, json, sys
import elfgraph

async def main(url, space, key):
    async with await elfgraph.connect(url, space, key=key) as memory:
        await memory.learn("a light client learned this")
        found = await memory.recall("light client")
    heavy = sorted(m for m in sys.modules
                   if m.split(".")[0] in ("neo4j", "numpy", "onnxruntime", "tokenizers",
                                          "starlette", "uvicorn", "mcp")
                   or m.startswith(("elfgraph.store", "elfgraph.memory", "elfgraph.embedding",
                                    "elfgraph.server")))
    print(json.dumps({"found": [b.content for b in found], "heavy": heavy}))

asyncio.run(main(*sys.argv[1:]))
"""


async def test_the_client_loads_no_driver_model_or_numpy(
    service: RunningService, make_key: MakeKey, space: str
) -> None:
    key = await make_key("write")
    with anyio.fail_after(120):
        done = await anyio.run_process(
            [sys.executable, "-c", PROGRAM, service.url, space, key], env=service_env(), check=False
        )
    assert done.returncode == 0, done.stderr.decode()
    answer = json.loads(done.stdout)
    assert answer == {"found": ["a light client learned this"], "heavy": []}
