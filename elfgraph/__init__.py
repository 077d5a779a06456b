"""elfgraph: long-term memory for AI agents, on Neo4j.

from elfgraph import MemorySystem

async with MemorySystem.managed("my-agent") as memory:
    await memory.remember("The staging database is read-only on Fridays.")
    await memory.dream()

The names below are imported when first used, so `import elfgraph` (and `elfgraph
--help`) does not load the Neo4j driver, numpy or the embedding model.
"""

import importlib
import logging
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from elfgraph.client import RemoteMemory, ServiceAdmin, connect, connect_admin
    from elfgraph.config.connection import Settings, load_settings
    from elfgraph.config.loading import ElfgraphConfig
    from elfgraph.config.memory import MemoryConfig
    from elfgraph.consolidation.models import ConsolidateResult
    from elfgraph.curation.models import CurateResult
    from elfgraph.edges.models import (
        ConnectByQueryResult,
        ConnectResult,
        ConnectSpec,
        ConnectsResult,
        DisconnectResult,
        DisplacedEdge,
        EdgeError,
    )
    from elfgraph.embedding.base import EmbeddingService
    from elfgraph.embedding.mock import MockEmbeddingService
    from elfgraph.errors import (
        AccessError,
        AuthError,
        BlockNotActiveError,
        ConfigError,
        ConnectError,
        CorrectError,
        CurateError,
        CypherFileError,
        DegreeLimitError,
        DreamError,
        ElfgraphError,
        ForgetError,
        FrameError,
        ImportFileError,
        LearnError,
        LimitError,
        Neo4jServerError,
        OutcomeError,
        RequestError,
        SelfLoopError,
        ServiceError,
        SessionError,
        StorageError,
    )
    from elfgraph.feedback.models import OutcomeResult
    from elfgraph.forgetting.models import CorrectResult, ForgetResult, ForgottenBlock
    from elfgraph.history import OperationRecord
    from elfgraph.keys.models import KeyRecord, NewKey
    from elfgraph.learning.models import LearnResult
    from elfgraph.llm.base import BlockAnalysis, LLMService
    from elfgraph.llm.mock import MockLLMService
    from elfgraph.memory import MemorySystem
    from elfgraph.portability.claims import discard_unfinished_imports
    from elfgraph.portability.elfmem_import import import_elfmem
    from elfgraph.portability.export import export_space
    from elfgraph.portability.importing import import_space
    from elfgraph.portability.models import (
        ElfmemImportResult,
        ExportResult,
        ImportResult,
        Unmapped,
    )
    from elfgraph.retrieval.models import FrameResult, ScoredBlock
    from elfgraph.spaces.models import SpaceRecord
    from elfgraph.spaces.names import validate_space_name
    from elfgraph.spaces.registry import drop_space, list_spaces, lock_space_embedding, open_space
    from elfgraph.status.models import SystemStatus
    from elfgraph.store.database import Database

__version__ = "0.2.0"

# A library logs and never prints: the application decides where `elfgraph.*` goes.
logging.getLogger("elfgraph").addHandler(logging.NullHandler())

# Public name → the module that defines it.
_EXPORTS: dict[str, str] = {
    "BlockAnalysis": "elfgraph.llm.base",
    "BlockNotActiveError": "elfgraph.errors",
    "ConfigError": "elfgraph.errors",
    "ConnectByQueryResult": "elfgraph.edges.models",
    "ConnectError": "elfgraph.errors",
    "ConnectResult": "elfgraph.edges.models",
    "ConnectSpec": "elfgraph.edges.models",
    "ConnectsResult": "elfgraph.edges.models",
    "ConsolidateResult": "elfgraph.consolidation.models",
    "CorrectError": "elfgraph.errors",
    "CorrectResult": "elfgraph.forgetting.models",
    "CurateError": "elfgraph.errors",
    "CurateResult": "elfgraph.curation.models",
    "CypherFileError": "elfgraph.errors",
    "Database": "elfgraph.store.database",
    "DegreeLimitError": "elfgraph.errors",
    "DisconnectResult": "elfgraph.edges.models",
    "DreamError": "elfgraph.errors",
    "DisplacedEdge": "elfgraph.edges.models",
    "EdgeError": "elfgraph.edges.models",
    "ElfgraphConfig": "elfgraph.config.loading",
    "ElfgraphError": "elfgraph.errors",
    "ElfmemImportResult": "elfgraph.portability.models",
    "EmbeddingService": "elfgraph.embedding.base",
    "ExportResult": "elfgraph.portability.models",
    "ForgetError": "elfgraph.errors",
    "ForgetResult": "elfgraph.forgetting.models",
    "ForgottenBlock": "elfgraph.forgetting.models",
    "FrameError": "elfgraph.errors",
    "FrameResult": "elfgraph.retrieval.models",
    "ImportFileError": "elfgraph.errors",
    "ImportResult": "elfgraph.portability.models",
    "LLMService": "elfgraph.llm.base",
    "LearnError": "elfgraph.errors",
    "LearnResult": "elfgraph.learning.models",
    "MemoryConfig": "elfgraph.config.memory",
    "MemorySystem": "elfgraph.memory",
    "MockEmbeddingService": "elfgraph.embedding.mock",
    "MockLLMService": "elfgraph.llm.mock",
    "Neo4jServerError": "elfgraph.errors",
    "OperationRecord": "elfgraph.history",
    "OutcomeError": "elfgraph.errors",
    "OutcomeResult": "elfgraph.feedback.models",
    "ScoredBlock": "elfgraph.retrieval.models",
    "SelfLoopError": "elfgraph.errors",
    "SessionError": "elfgraph.errors",
    "Settings": "elfgraph.config.connection",
    "SpaceRecord": "elfgraph.spaces.models",
    "StorageError": "elfgraph.errors",
    "SystemStatus": "elfgraph.status.models",
    "Unmapped": "elfgraph.portability.models",
    "discard_unfinished_imports": "elfgraph.portability.claims",
    "drop_space": "elfgraph.spaces.registry",
    "export_space": "elfgraph.portability.export",
    "import_elfmem": "elfgraph.portability.elfmem_import",
    "import_space": "elfgraph.portability.importing",
    "list_spaces": "elfgraph.spaces.registry",
    "load_settings": "elfgraph.config.connection",
    "lock_space_embedding": "elfgraph.spaces.registry",
    "open_space": "elfgraph.spaces.registry",
    "connect": "elfgraph.client",
    "connect_admin": "elfgraph.client",
    "RemoteMemory": "elfgraph.client",
    "ServiceAdmin": "elfgraph.client",
    "ServiceError": "elfgraph.errors",
    "KeyRecord": "elfgraph.keys.models",
    "NewKey": "elfgraph.keys.models",
    "AuthError": "elfgraph.errors",
    "AccessError": "elfgraph.errors",
    "RequestError": "elfgraph.errors",
    "LimitError": "elfgraph.errors",
    "validate_space_name": "elfgraph.spaces.names",
}


def __getattr__(name: str) -> Any:
    module = _EXPORTS.get(name)
    if module is None:
        raise AttributeError(f"module 'elfgraph' has no attribute {name!r}")
    value = getattr(importlib.import_module(module), name)
    globals()[name] = value  # the next lookup is a plain attribute
    return value


def __dir__() -> list[str]:
    return sorted([*globals(), *_EXPORTS])


__all__ = [
    "AccessError",
    "AuthError",
    "BlockAnalysis",
    "BlockNotActiveError",
    "ConfigError",
    "ConnectByQueryResult",
    "ConnectError",
    "ConnectResult",
    "ConnectSpec",
    "ConnectsResult",
    "ConsolidateResult",
    "CorrectError",
    "CorrectResult",
    "CurateError",
    "CurateResult",
    "CypherFileError",
    "Database",
    "DegreeLimitError",
    "DisconnectResult",
    "DisplacedEdge",
    "DreamError",
    "EdgeError",
    "ElfgraphConfig",
    "ElfgraphError",
    "ElfmemImportResult",
    "EmbeddingService",
    "ExportResult",
    "ForgetError",
    "ForgetResult",
    "ForgottenBlock",
    "FrameError",
    "FrameResult",
    "ImportFileError",
    "ImportResult",
    "KeyRecord",
    "LLMService",
    "LearnError",
    "LearnResult",
    "LimitError",
    "MemoryConfig",
    "MemorySystem",
    "MockEmbeddingService",
    "MockLLMService",
    "Neo4jServerError",
    "NewKey",
    "OperationRecord",
    "OutcomeError",
    "OutcomeResult",
    "RemoteMemory",
    "RequestError",
    "ScoredBlock",
    "SelfLoopError",
    "ServiceAdmin",
    "ServiceError",
    "SessionError",
    "Settings",
    "SpaceRecord",
    "StorageError",
    "SystemStatus",
    "Unmapped",
    "__version__",
    "connect",
    "connect_admin",
    "discard_unfinished_imports",
    "drop_space",
    "export_space",
    "import_elfmem",
    "import_space",
    "list_spaces",
    "load_settings",
    "lock_space_embedding",
    "open_space",
    "validate_space_name",
]
