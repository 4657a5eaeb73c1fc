import type { Kysely, Migration } from 'kysely';

/** The OpenTelemetry trace id of each request, so the traces page links to the operator's tools. */
export const otelTraceIdMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('traces').addColumn('otel_trace_id', 'text').execute();
  },
};
