"""One async function per file of cypher/schema/: the transaction first, keywords after."""
