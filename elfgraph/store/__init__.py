"""How queries reach Neo4j: the connection, the query-file loader, transactions."""
