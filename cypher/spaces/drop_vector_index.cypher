// name: drop_vector_index
// mode: write
// returns: none
// params:
// Drops the shared vector index. Only done on a database without spaces (after the server
// warm-up's scratch space is gone), so the first real space's embedder chooses its dimension.
DROP INDEX block_embedding IF EXISTS
