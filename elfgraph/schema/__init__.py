"""The schema: migrations under cypher/schema/migrations, applied as an explicit step."""
