import type { FastifyBaseLogger } from 'fastify';
import { type Kysely, sql } from 'kysely';
import type { Database } from '../../store/database.js';

/** Item writes between two vacuums of the term counts. */
const WRITES_PER_VACUUM = 200;

/**
 * Keeps the term counts (memory_terms) compact on PGlite, which runs no autovacuum: each item
 * written updates the count of every term it holds, and the dead row versions (and their
 * trigram index entries) pile up until a vacuum clears them, slowing every typo lookup. The
 * table is small (one row per distinct term), so its vacuum takes milliseconds. PostgreSQL's
 * autovacuum does this on its own.
 */
export class TermUpkeep {
  private writes = 0;
  private running: Promise<void> | null = null;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly log: FastifyBaseLogger,
  ) {}

  /** Counts a committed write; every WRITES_PER_VACUUM of them, vacuums in the background. */
  written(): void {
    this.writes += 1;
    if (this.writes < WRITES_PER_VACUUM || this.running) return;
    this.writes = 0;
    this.running = this.vacuum()
      .catch((error: unknown) => this.log.warn({ err: error }, 'term counts not vacuumed'))
      .finally(() => {
        this.running = null;
      });
  }

  /** Vacuums now (after a bulk import, and on close so the next start begins compact). */
  async vacuum(): Promise<void> {
    await sql`vacuum memory_terms`.execute(this.db);
  }

  async idle(): Promise<void> {
    await this.running;
  }
}
