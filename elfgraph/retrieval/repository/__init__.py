"""One async function per file of cypher/retrieval/: the transaction first, keywords after."""
