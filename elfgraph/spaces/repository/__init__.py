"""One async function per file of cypher/spaces/: the transaction first, keywords after."""
