import { type Kysely, sql } from 'kysely';
import type { Database } from '../../store/database.js';
import { uuidv7 } from '../../util/uuid-v7.js';
import { agentOrThrow, leaseUntil } from './agent-rows.js';
import type { Agent } from './agents.schema.js';
import type { AgentControl, MessageOrigin } from './agents.tables.js';
import './agents.tables.js';

export interface NewMessage {
  origin: MessageOrigin;
  sender: string;
  text: string;
}

export type ClaimResult =
  | { outcome: 'claimed'; agent: Agent; messageId: string }
  | { outcome: 'not_found' | 'busy' }
  | { outcome: 'refused'; control: AgentControl };

export interface RunOutcome {
  /** The message that started the run. */
  messageId: string;
  requestId: string | null;
  /** Recorded on that message (why it got no reply). */
  messageError: string | null;
  /** Recorded on the agent (its status turns error); null leaves it idle. */
  agentError: string | null;
}

/**
 * Runs of sub-agents. A run holds a lease in the agent's row, renewed while it works: the lease
 * is what makes an agent busy across replicas, and one that runs out frees an agent whose
 * process died mid-run.
 */
export class AgentRunsRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /**
   * Starts a run if the agent is active and not already running, and logs the message it was
   * given, in one transaction.
   */
  async claim(
    agentId: string,
    runId: string,
    leaseMs: number,
    message: NewMessage,
  ): Promise<ClaimResult> {
    return this.db.transaction().execute(async (trx): Promise<ClaimResult> => {
      const row = await trx
        .selectFrom('agents')
        .select([
          'control',
          'run_id',
          sql<boolean>`coalesce(run_expires_at > clock_timestamp(), false)`.as('leased'),
        ])
        .where('agent_id', '=', agentId)
        .forUpdate()
        .executeTakeFirst();
      if (!row) return { outcome: 'not_found' };
      if (row.control !== 'active') return { outcome: 'refused', control: row.control };
      if (row.run_id !== null && row.leased) return { outcome: 'busy' };
      await trx
        .updateTable('agents')
        .set({
          run_id: runId,
          run_expires_at: leaseUntil(leaseMs),
          messages_count: sql<number>`messages_count + 1`,
          updated_at: sql<Date>`clock_timestamp()`,
          last_active_at: sql<Date>`clock_timestamp()`,
        })
        .where('agent_id', '=', agentId)
        .execute();
      const messageId = uuidv7();
      await trx
        .insertInto('agent_messages')
        .values({ message_id: messageId, agent_id: agentId, ...message })
        .execute();
      return { outcome: 'claimed', agent: await agentOrThrow(trx, agentId), messageId };
    });
  }

  /** Extends a run's lease; returns the agent's control, or null once the run is not its own. */
  async renew(agentId: string, runId: string, leaseMs: number): Promise<AgentControl | null> {
    const row = await this.db
      .updateTable('agents')
      .set({ run_expires_at: leaseUntil(leaseMs) })
      .where('agent_id', '=', agentId)
      .where('run_id', '=', runId)
      .returning('control')
      .executeTakeFirst();
    return row?.control ?? null;
  }

  /**
   * Ends a run: clears it (while it is still the agent's), records the outcome on the message
   * that started it and logs the reply, in one transaction. Null when the agent was deleted.
   */
  async finish(
    agentId: string,
    runId: string,
    outcome: RunOutcome,
    reply: NewMessage | null,
  ): Promise<{ agent: Agent; ownRun: boolean } | null> {
    return this.db.transaction().execute(async (trx) => {
      const row = await trx
        .selectFrom('agents')
        .select('run_id')
        .where('agent_id', '=', agentId)
        .forUpdate()
        .executeTakeFirst();
      if (!row) return null;
      const ownRun = row.run_id === runId;
      await trx
        .updateTable('agents')
        .set({
          ...(ownRun ? { run_id: null, run_expires_at: null, last_error: outcome.agentError } : {}),
          messages_count: sql<number>`messages_count + ${reply ? 1 : 0}`,
          updated_at: sql<Date>`clock_timestamp()`,
          last_active_at: sql<Date>`clock_timestamp()`,
        })
        .where('agent_id', '=', agentId)
        .execute();
      await trx
        .updateTable('agent_messages')
        .set({ request_id: outcome.requestId, error: outcome.messageError })
        .where('message_id', '=', outcome.messageId)
        .execute();
      if (reply)
        await trx
          .insertInto('agent_messages')
          .values({
            message_id: uuidv7(),
            agent_id: agentId,
            ...reply,
            request_id: outcome.requestId,
          })
          .execute();
      return { agent: await agentOrThrow(trx, agentId), ownRun };
    });
  }
}
