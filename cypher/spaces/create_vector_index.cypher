// name: create_vector_index
// mode: write
// returns: none
// params: dimensions, ef_construction
// The vector index over block embeddings (cosine), shared by every space; its dimension
// comes from the embedder of the first space that locks a model. Its HNSW graphs are built
// at $ef_construction (elfgraph/core/hnsw.py: half Neo4j's default, half the server's CPU
// per vector); an index made before keeps its own.
CREATE VECTOR INDEX block_embedding IF NOT EXISTS
FOR (b:Block) ON (b.embedding)
OPTIONS {indexConfig: {
  `vector.dimensions`: $dimensions,
  `vector.similarity_function`: 'cosine',
  `vector.hnsw.ef_construction`: $ef_construction
}}
