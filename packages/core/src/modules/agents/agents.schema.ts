import { z } from 'zod';
import { cursorSchema, limitSchema } from '../../http/paging.js';
import { TIERS } from '../traces/traces.schema.js';

export const AGENT_STATUSES = ['idle', 'running', 'paused', 'stopped', 'error'] as const;
export type AgentStatus = (typeof AGENT_STATUSES)[number];
export const MESSAGE_ORIGINS = ['operator', 'main_agent', 'sub_agent'] as const;

/** Delegations in a row a request may be at: operator (0) -> agent (1) -> agent (2), no further. */
export const MAX_DELEGATION_DEPTH = 2;

export const agentNameSchema = z
  .string()
  .trim()
  .min(1)
  .max(64)
  // Control characters would break the one-line standing instruction the name goes into.
  .regex(/^[^\p{Cc}]+$/u, 'must not contain control characters');
export const objectiveSchema = z.string().trim().min(1).max(2000);
export const prioritySchema = z.number().int().min(1).max(10);

export const agentSchema = z.object({
  agent_id: z.string(),
  name: z.string(),
  objective: z.string(),
  priority: z.number().int().describe('1-10, 10 most urgent'),
  status: z.enum(AGENT_STATUSES),
  chat_id: z.string().describe('The conversation the agent works in (agent:<agent_id>)'),
  messages_count: z.number().int(),
  last_error: z.string().nullable().describe('Why the last run failed, while status is error'),
  created_at: z.string(),
  updated_at: z.string(),
  last_active_at: z.string().nullable(),
});
export type Agent = z.infer<typeof agentSchema>;

export const agentMessageSchema = z.object({
  message_id: z.string(),
  agent_id: z.string(),
  from: z.enum(MESSAGE_ORIGINS),
  sender: z.string().describe("The operator's user name, the main agent's or a sub-agent's name"),
  text: z.string(),
  request_id: z.string().nullable(),
  error: z.string().nullable().describe('On a message whose run failed: why'),
  created_at: z.string().describe('ISO 8601, UTC, microseconds'),
});
export type AgentMessage = z.infer<typeof agentMessageSchema>;

export const createAgentBody = z.object({
  name: agentNameSchema,
  objective: objectiveSchema,
  priority: prioritySchema.default(5),
});
export type CreateAgentInput = z.input<typeof createAgentBody>;

export const updateAgentBody = z
  .object({
    name: agentNameSchema.optional(),
    objective: objectiveSchema.optional(),
    priority: prioritySchema.optional(),
  })
  .refine((patch) => Object.values(patch).some((value) => value !== undefined), {
    message: 'send name, objective or priority',
  });
export type UpdateAgentInput = z.output<typeof updateAgentBody>;

export const agentIdParams = z.object({ agent_id: z.string().min(1).max(64) });

export const agentListQuery = z.object({ status: z.enum(AGENT_STATUSES).optional() });

export const messageBody = z.object({ text: z.string().min(1).max(32_000) });

export const messagePageQuery = z.object({
  limit: limitSchema(50, 500).describe('Default 50, capped at 500'),
  cursor: cursorSchema.optional(),
});
export type MessagePageQuery = z.output<typeof messagePageQuery>;

export const messagePageSchema = z.object({
  messages: z.array(agentMessageSchema),
  next_cursor: z.string().nullable(),
});

export const statusChangeResponse = z.object({ ok: z.literal(true), agent: agentSchema });

export const delegationResponse = z.object({
  request_id: z.string(),
  chat_id: z.string(),
  tier: z.enum(TIERS),
  reply: z.string(),
  agent: agentSchema,
});
