import { sql } from 'kysely';

/** Timestamps leave the database as text: JavaScript dates would drop the microseconds a cursor needs. */
export const isoMicros = (column: string) =>
  sql<string>`to_char(${sql.ref(column)} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;
