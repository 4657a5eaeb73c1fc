import { type Kysely, sql } from 'kysely';
import type { Database } from '../../store/database.js';
import { isoMicros } from '../../store/sql-time.js';
import { uuidv7 } from '../../util/uuid-v7.js';
import { agentOrThrow, STATUS, selectAgents, toAgent, uniqueName } from './agent-rows.js';
import type { Agent, AgentMessage, AgentStatus, MessagePageQuery } from './agents.schema.js';
import type { AgentControl } from './agents.tables.js';
import './agents.tables.js';

export interface AgentPatch {
  name?: string | undefined;
  objective?: string | undefined;
  priority?: number | undefined;
}

/** Agent records and their message log; runs are in AgentRunsRepository. */
export class AgentsRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async insert(input: { name: string; objective: string; priority: number }): Promise<Agent> {
    const agentId = uuidv7();
    await uniqueName(input.name, () =>
      this.db
        .insertInto('agents')
        .values({ agent_id: agentId, ...input })
        .execute(),
    );
    return agentOrThrow(this.db, agentId);
  }

  /** Most urgent first, then oldest first. */
  async list(status?: AgentStatus): Promise<Agent[]> {
    let query = selectAgents(this.db).orderBy('priority', 'desc').orderBy('created_at', 'asc');
    if (status) query = query.where(STATUS, '=', status);
    return (await query.execute()).map(toAgent);
  }

  async get(agentId: string): Promise<Agent | null> {
    const row = await selectAgents(this.db).where('agent_id', '=', agentId).executeTakeFirst();
    return row ? toAgent(row) : null;
  }

  async getByName(name: string): Promise<Agent | null> {
    const row = await selectAgents(this.db)
      .where(sql<string>`lower(name)`, '=', name.trim().toLowerCase())
      .executeTakeFirst();
    return row ? toAgent(row) : null;
  }

  /** The agent after the change, or null when there is no such agent. */
  async update(agentId: string, patch: AgentPatch): Promise<Agent | null> {
    const set = Object.fromEntries(Object.entries(patch).filter(([, v]) => v !== undefined));
    const result = await uniqueName(patch.name ?? '', () =>
      this.db
        .updateTable('agents')
        .set({ ...set, updated_at: sql<Date>`clock_timestamp()` })
        .where('agent_id', '=', agentId)
        .executeTakeFirst(),
    );
    return result.numUpdatedRows > 0n ? agentOrThrow(this.db, agentId) : null;
  }

  /** Deletes the agent and its message log; returns it as it was, or null. */
  async delete(agentId: string): Promise<Agent | null> {
    return this.db.transaction().execute(async (trx) => {
      const row = await selectAgents(trx)
        .where('agent_id', '=', agentId)
        .forUpdate()
        .executeTakeFirst();
      if (row) await trx.deleteFrom('agents').where('agent_id', '=', agentId).execute();
      return row ? toAgent(row) : null;
    });
  }

  /**
   * Moves the operator's control from one of `from` to `to`, atomically. `before` is null when
   * there is no such agent; `after` is null when the change is not allowed from its state.
   */
  async setControl(
    agentId: string,
    from: AgentControl[],
    to: AgentControl,
  ): Promise<{ before: Agent | null; after: Agent | null }> {
    return this.db.transaction().execute(async (trx) => {
      const row = await trx
        .selectFrom('agents')
        .select('control')
        .where('agent_id', '=', agentId)
        .forUpdate()
        .executeTakeFirst();
      if (!row) return { before: null, after: null };
      const before = await agentOrThrow(trx, agentId);
      if (!from.includes(row.control)) return { before, after: null };
      await trx
        .updateTable('agents')
        .set({ control: to, updated_at: sql<Date>`clock_timestamp()` })
        .where('agent_id', '=', agentId)
        .execute();
      return { before, after: await agentOrThrow(trx, agentId) };
    });
  }

  /** Newest first, keyset-paged on (created_at, message_id). */
  async messages(
    agentId: string,
    query: MessagePageQuery,
  ): Promise<{ messages: AgentMessage[]; next_cursor: string | null }> {
    let select = this.db
      .selectFrom('agent_messages')
      .select([
        'message_id',
        'agent_id',
        'origin',
        'sender',
        'text',
        'request_id',
        'error',
        isoMicros('created_at').as('created_at'),
      ])
      .where('agent_id', '=', agentId)
      .orderBy('agent_messages.created_at', 'desc')
      .orderBy('message_id', 'desc')
      .limit(query.limit + 1);
    if (query.cursor) {
      const { ts, id } = query.cursor;
      select = select.where(({ eb, refTuple, tuple }) =>
        eb(refTuple('created_at', 'message_id'), '<', tuple(sql<Date>`${ts}::timestamptz`, id)),
      );
    }
    const rows = await select.execute();
    const messages = rows
      .slice(0, query.limit)
      .map(({ origin, ...row }) => ({ ...row, from: origin }));
    const last = messages[messages.length - 1];
    return {
      messages,
      next_cursor:
        rows.length > query.limit && last ? `${last.created_at}|${last.message_id}` : null,
    };
  }
}
