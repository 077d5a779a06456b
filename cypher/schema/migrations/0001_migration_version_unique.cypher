// name: 0001_migration_version_unique
// mode: write
// returns: none
// params:
// Each applied migration is recorded once, as a SchemaMigration node keyed by its version.
CREATE CONSTRAINT schema_migration_version IF NOT EXISTS
FOR (m:SchemaMigration) REQUIRE m.version IS UNIQUE
