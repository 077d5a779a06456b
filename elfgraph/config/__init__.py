"""Settings (where Neo4j is) and the memory model's configuration."""
