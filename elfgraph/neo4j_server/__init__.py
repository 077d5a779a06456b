"""A local Neo4j Community server (5.26, or a calendar release) assembled from Maven Central, for
machines without Docker."""

from elfgraph.neo4j_server.distribution import BROWSER_VERSION, NEO4J_VERSION, ensure_distribution
from elfgraph.neo4j_server.java import find_java
from elfgraph.neo4j_server.server import LocalNeo4j, ServerStatus
from elfgraph.neo4j_server.state import ServerState, default_instance_home

__all__ = [
    "BROWSER_VERSION",
    "NEO4J_VERSION",
    "LocalNeo4j",
    "ServerState",
    "ServerStatus",
    "default_instance_home",
    "ensure_distribution",
    "find_java",
]
