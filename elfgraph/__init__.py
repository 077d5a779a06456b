"""elfgraph: long-term memory for AI agents, on Neo4j."""

from elfgraph.config import Settings, load_settings
from elfgraph.database import Database
from elfgraph.errors import (
    ConfigError,
    CypherFileError,
    ElfgraphError,
    Neo4jServerError,
    StorageError,
)
from elfgraph.models import SpaceRecord
from elfgraph.spaces import (
    drop_space,
    list_spaces,
    lock_space_embedding,
    open_space,
    validate_space_name,
)

__version__ = "0.1.0"

__all__ = [
    "ConfigError",
    "CypherFileError",
    "Database",
    "ElfgraphError",
    "Neo4jServerError",
    "Settings",
    "SpaceRecord",
    "StorageError",
    "__version__",
    "drop_space",
    "list_spaces",
    "load_settings",
    "lock_space_embedding",
    "open_space",
    "validate_space_name",
]
