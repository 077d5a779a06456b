"""elfgraph: long-term memory for AI agents, on Neo4j.

from elfgraph import MemorySystem

async with MemorySystem.managed("my-agent") as memory:
    await memory.remember("The staging database is read-only on Fridays.")
    await memory.dream()
"""

import logging

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
    BlockNotActiveError,
    ConfigError,
    ConnectError,
    CurateError,
    CypherFileError,
    DegreeLimitError,
    ElfgraphError,
    FrameError,
    ImportFileError,
    LearnError,
    Neo4jServerError,
    OutcomeError,
    SelfLoopError,
    SessionError,
    StorageError,
)
from elfgraph.feedback.models import OutcomeResult
from elfgraph.history import OperationRecord
from elfgraph.learning.models import LearnResult
from elfgraph.llm.base import BlockAnalysis, LLMService
from elfgraph.llm.mock import MockLLMService
from elfgraph.memory import MemorySystem
from elfgraph.portability.claims import discard_unfinished_imports
from elfgraph.portability.elfmem_import import import_elfmem
from elfgraph.portability.export import export_space
from elfgraph.portability.importing import import_space
from elfgraph.portability.models import ElfmemImportResult, ExportResult, ImportResult, Unmapped
from elfgraph.retrieval.models import FrameResult, ScoredBlock
from elfgraph.spaces.models import SpaceRecord
from elfgraph.spaces.names import validate_space_name
from elfgraph.spaces.registry import drop_space, list_spaces, lock_space_embedding, open_space
from elfgraph.status.models import SystemStatus
from elfgraph.store.database import Database

__version__ = "0.1.0"

# A library logs and never prints: the application decides where `elfgraph.*` goes.
logging.getLogger("elfgraph").addHandler(logging.NullHandler())

__all__ = [
    "BlockAnalysis",
    "BlockNotActiveError",
    "ConfigError",
    "ConnectByQueryResult",
    "ConnectError",
    "ConnectResult",
    "ConnectSpec",
    "ConnectsResult",
    "ConsolidateResult",
    "CurateError",
    "CurateResult",
    "CypherFileError",
    "Database",
    "DegreeLimitError",
    "DisconnectResult",
    "DisplacedEdge",
    "EdgeError",
    "ElfgraphConfig",
    "ElfgraphError",
    "ElfmemImportResult",
    "EmbeddingService",
    "ExportResult",
    "FrameError",
    "FrameResult",
    "ImportFileError",
    "ImportResult",
    "LLMService",
    "LearnError",
    "LearnResult",
    "MemoryConfig",
    "MemorySystem",
    "MockEmbeddingService",
    "MockLLMService",
    "Neo4jServerError",
    "OperationRecord",
    "OutcomeError",
    "OutcomeResult",
    "ScoredBlock",
    "SelfLoopError",
    "SessionError",
    "Settings",
    "SpaceRecord",
    "StorageError",
    "SystemStatus",
    "Unmapped",
    "__version__",
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
