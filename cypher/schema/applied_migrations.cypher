// name: applied_migrations
// mode: read
// returns: many
// params:
// Every recorded schema migration, oldest first.
MATCH (m:SchemaMigration)
RETURN m.version AS version, m.name AS name, m.checksum AS checksum, m.applied_at AS applied_at
ORDER BY m.version
