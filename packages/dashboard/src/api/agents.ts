import { request } from './client';
import type { TraceTier } from './traces';

export const AGENT_STATUSES = ['idle', 'running', 'paused', 'stopped', 'error'] as const;
export type AgentStatus = (typeof AGENT_STATUSES)[number];
export type AgentCommand = 'pause' | 'resume' | 'stop';
export type MessageOrigin = 'operator' | 'main_agent' | 'sub_agent';

/** A sub-agent, as `GET /api/agents/{agent_id}` returns it. */
export interface Agent {
  agent_id: string;
  name: string;
  objective: string;
  /** 1-10, 10 most urgent */
  priority: number;
  status: AgentStatus;
  /** `agent:<agent_id>`: its conversation and the chat id of its traces */
  chat_id: string;
  messages_count: number;
  /** Why the last run failed (redacted); null after a run that succeeded or was cancelled. */
  last_error: string | null;
  created_at: string;
  updated_at: string;
  last_active_at: string | null;
}

/** One entry of an agent's message log (both directions). */
export interface AgentMessage {
  message_id: string;
  agent_id: string;
  from: MessageOrigin;
  /** The operator's user name, the main agent's or a sub-agent's name */
  sender: string;
  text: string;
  /** The decision trace of the run; null while the run is still going. */
  request_id: string | null;
  /** On a message whose run got no reply: why. */
  error: string | null;
  /** ISO 8601, UTC, microseconds */
  created_at: string;
}

export interface AgentMessagePage {
  messages: AgentMessage[];
  /** `<timestamp>|<message_id>` of the last row; null on the last page. */
  next_cursor: string | null;
}

export interface NewAgent {
  name: string;
  objective: string;
  priority: number;
}

export type AgentChange = Partial<NewAgent>;

export interface DelegationResult {
  request_id: string;
  chat_id: string;
  tier: TraceTier;
  reply: string;
  agent: Agent;
}

/** `agent-change` off the live feed; `status` is `deleted` when the agent is gone. */
export interface AgentChangeEvent {
  agent_id: string;
  name: string;
  status: AgentStatus | 'deleted';
  ts: string;
}

const agentPath = (id: string) => `/api/agents/${encodeURIComponent(id)}`;

export const fetchAgents = (signal?: AbortSignal) =>
  request<{ agents: Agent[] }>('/api/agents', { signal });

export const fetchAgent = (id: string, signal?: AbortSignal) =>
  request<Agent>(agentPath(id), { signal });

export const createAgent = (agent: NewAgent) =>
  request<Agent>('/api/agents', { method: 'POST', body: agent });

export const updateAgent = (id: string, change: AgentChange) =>
  request<Agent>(agentPath(id), { method: 'PATCH', body: change });

export const deleteAgent = (id: string) =>
  request<{ ok: true }>(agentPath(id), { method: 'DELETE' });

export const commandAgent = (id: string, command: AgentCommand) =>
  request<{ ok: true; agent: Agent }>(`${agentPath(id)}/${command}`, { method: 'POST' });

/** Waits for the agent's reply: as long as the run takes. */
export const sendAgentMessage = (id: string, text: string) =>
  request<DelegationResult>(`${agentPath(id)}/messages`, { method: 'POST', body: { text } });

export const fetchAgentMessages = (
  id: string,
  query: { limit?: number; cursor?: string | undefined },
  signal?: AbortSignal,
) => request<AgentMessagePage>(`${agentPath(id)}/messages`, { query, signal });

function parseChange(text: string): AgentChangeEvent | undefined {
  try {
    const value = JSON.parse(text) as Partial<AgentChangeEvent> | null;
    return value && typeof value.agent_id === 'string' && typeof value.status === 'string'
      ? (value as AgentChangeEvent)
      : undefined;
  } catch {
    return undefined;
  }
}

/**
 * `agent-change` events off `GET /api/live`, so the pages follow agents the main agent or another
 * operator changes. EventSource reconnects by itself; the pages also poll, so a feed that gives
 * up costs freshness, not correctness. Returns the function that closes the feed.
 */
export function openAgentChanges(onChange: (event: AgentChangeEvent) => void): () => void {
  const source = new EventSource('/api/live', { withCredentials: true });
  source.addEventListener('agent-change', (event) => {
    const change = parseChange((event as MessageEvent<string>).data);
    if (change) onChange(change);
  });
  return () => source.close();
}
