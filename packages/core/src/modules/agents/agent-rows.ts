import { type Kysely, sql, type Transaction } from 'kysely';
import { ConflictError } from '../../errors/app-error.js';
import type { Database } from '../../store/database.js';
import type { Agent, AgentStatus } from './agents.schema.js';
import './agents.tables.js';

export type Db = Kysely<Database> | Transaction<Database>;

export const INTERRUPTED = 'interrupted: the process running it stopped before it finished';

/**
 * The shown status, derived on read: the operator's control first, then the run. A run whose
 * lease ran out was left by a process that died, so it reads as an error, not as running.
 */
export const STATUS = sql<AgentStatus>`case
  when control <> 'active' then control
  when run_id is not null and run_expires_at > clock_timestamp() then 'running'
  when run_id is not null or last_error is not null then 'error'
  else 'idle' end`;
const LAST_ERROR = sql<string | null>`case
  when run_id is not null and run_expires_at <= clock_timestamp() then ${INTERRUPTED}
  else last_error end`;
export const leaseUntil = (ms: number) =>
  sql<Date>`clock_timestamp() + ${ms} * interval '1 millisecond'`;

const iso = (date: Date | null) => (date ? new Date(date).toISOString() : null);

export function selectAgents(db: Db) {
  return db
    .selectFrom('agents')
    .select([
      'agent_id',
      'name',
      'objective',
      'priority',
      'messages_count',
      'created_at',
      'updated_at',
      'last_active_at',
      STATUS.as('status'),
      LAST_ERROR.as('last_error'),
    ]);
}

type AgentRow = Awaited<ReturnType<ReturnType<typeof selectAgents>['executeTakeFirstOrThrow']>>;

export function toAgent(row: AgentRow): Agent {
  return {
    agent_id: row.agent_id,
    name: row.name,
    objective: row.objective,
    priority: row.priority,
    status: row.status,
    chat_id: chatIdFor(row.agent_id),
    messages_count: row.messages_count,
    last_error: row.last_error,
    created_at: new Date(row.created_at).toISOString(),
    updated_at: new Date(row.updated_at).toISOString(),
    last_active_at: iso(row.last_active_at),
  };
}

/** The conversation a sub-agent works in: its own, so its context never mixes with another's. */
export const chatIdFor = (agentId: string) => `agent:${agentId}`;

/** A second agent whose name differs only in case hits the unique index on lower(name). */
export async function uniqueName<T>(name: string, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if ((error as { code?: string }).code === '23505')
      throw new ConflictError('name_taken', `An agent named "${name}" already exists`);
    throw error;
  }
}

export async function agentOrThrow(db: Db, agentId: string): Promise<Agent> {
  return toAgent(await selectAgents(db).where('agent_id', '=', agentId).executeTakeFirstOrThrow());
}
