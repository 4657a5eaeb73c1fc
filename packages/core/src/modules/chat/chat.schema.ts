import { z } from 'zod';
import { TIERS } from '../traces/traces.schema.js';
import { CHAT_ORIGINS } from './chat-origin.js';

export const chatIdSchema = z
  .string()
  .min(1)
  .max(128)
  .regex(/^[A-Za-z0-9._:-]+$/, 'must be 1-128 of A-Z a-z 0-9 . _ : -');

export const chatRequestSchema = z.object({
  text: z.string().min(1).max(32_000).describe('The user message'),
  chat_id: chatIdSchema.describe('Conversation identifier'),
});

export const chatReplySchema = z.object({
  request_id: z.string(),
  chat_id: z.string(),
  tier: z.enum(TIERS),
  reply: z.string(),
});

export const chatSummarySchema = z.object({
  chat_id: z.string(),
  origin: z
    .enum(CHAT_ORIGINS)
    .describe(
      'operator, or the background run it belongs to: goal (goal:), agent (agent:), schedule (schedule:), messaging (telegram:)',
    ),
  title: z.string(),
  message_count: z.number().int(),
  created_at: z.string(),
  updated_at: z.string(),
});

export const chatMessageSchema = z.object({
  id: z.string(),
  role: z.enum(['user', 'assistant']),
  content: z.string(),
  request_id: z.string().nullable(),
  created_at: z.string(),
});
