// name: create_vector_index
// mode: write
// returns: none
// params: dimensions
// The vector index over block embeddings (cosine), shared by every space; its dimension
// comes from the embedder of the first space that locks a model.
CREATE VECTOR INDEX block_embedding IF NOT EXISTS
FOR (b:Block) ON (b.embedding)
OPTIONS {indexConfig: {`vector.dimensions`: $dimensions, `vector.similarity_function`: 'cosine'}}
