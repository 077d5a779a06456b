// name: record_migration
// mode: write
// returns: none
// params: version, name, checksum, applied_at
// Records that a schema migration ran; idempotent, so two processes migrating at once agree.
MERGE (m:SchemaMigration {version: $version})
ON CREATE SET m.name = $name, m.checksum = $checksum, m.applied_at = $applied_at
