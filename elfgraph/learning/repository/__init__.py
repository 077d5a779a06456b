"""One async function per file of cypher/learning/: the transaction first, keywords after."""
