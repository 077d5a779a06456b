"""Choosing the local embedding model by name (the `ELFGRAPH_EMBEDDER` setting).

Each model loads lazily, so building one here costs nothing until the first embedding.
"""

from __future__ import annotations

from collections.abc import Callable

from elfgraph.embedding.base import EmbeddingService
from elfgraph.errors import ConfigError

#: setting value → the model name a space records when it first embeds with it
LOCAL_MODELS = {
    "minilm": "all-MiniLM-L6-v2-int8",
    "e5-small": "multilingual-e5-small-q4-centred",
}

#: what a person reads: which model a setting value loads
DESCRIPTIONS = {
    "minilm": "all-MiniLM-L6-v2",
    "e5-small": "multilingual-e5-small",
}


def local_embedder(name: str, *, on_load: Callable[[], None] | None = None) -> EmbeddingService:
    """The local embedding service named `name` ("minilm" or "e5-small")."""
    if name == "minilm":
        from elfgraph.embedding.local import LocalEmbeddingService  # heavy: on demand

        return LocalEmbeddingService(on_load=on_load)
    if name == "e5-small":
        from elfgraph.embedding.e5 import E5SmallEmbeddingService

        return E5SmallEmbeddingService(on_load=on_load)
    raise ConfigError(
        f"unknown local embedding model {name!r}",
        recovery=f"Set ELFGRAPH_EMBEDDER to one of {', '.join(LOCAL_MODELS)}.",
    )


def setting_for_model(model_name: str | None) -> str | None:
    """The ELFGRAPH_EMBEDDER value that loads this recorded model, if a local one does."""
    for setting, model in LOCAL_MODELS.items():
        if model == model_name:
            return setting
    return None
