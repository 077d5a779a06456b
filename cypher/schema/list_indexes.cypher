// name: list_indexes
// mode: read
// returns: many
// params:
// Every index of the database with its state (ONLINE, POPULATING, FAILED) and options,
// for `elfgraph db status` and for checking the vector index's dimension.
SHOW INDEXES
YIELD name, type, entityType, labelsOrTypes, properties, state, populationPercent, options
RETURN name, type, entityType AS entity_type, labelsOrTypes AS labels, properties, state,
       populationPercent AS population_percent, options
ORDER BY name
