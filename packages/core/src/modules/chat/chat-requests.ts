import { z } from 'zod';
import type { Confirmation } from '../confirmations/confirmations.schema.js';
import type { ConfirmationService } from '../confirmations/confirmations.service.js';
import type { TracesRepository } from '../traces/traces.repository.js';
import { stepSchema, TIERS } from '../traces/traces.schema.js';
import type { ChatMessage } from './conversation.repository.js';

/**
 * What a conversation showed live beyond its texts, read back from its traces: the tier that
 * answered, each skill step with how it ended and the confirmation it waited for, and the
 * requests that failed or were stopped (which leave no message). A reload shows what the stream
 * showed.
 */
export const chatRequestRecordSchema = z.object({
  request_id: z.string(),
  status: z.enum(['ok', 'error', 'cancelled']),
  tier: z.enum(TIERS),
  created_at: z.string(),
  input: z.string().describe('The request text, secrets redacted'),
  reply: z.string().describe('The reply, or what was written before it failed or was stopped'),
  error: z.string().nullable(),
  steps: z.array(
    stepSchema.extend({
      confirmation_id: z
        .string()
        .nullable()
        .describe('The confirmation this step waited for, if it asked the operator'),
    }),
  ),
});
export type ChatRequest = z.infer<typeof chatRequestRecordSchema>;

/** Traces a little older than the oldest message still belong to the window it shows. */
const WINDOW_SLACK_MS = 60_000;
const MAX_REQUESTS = 500;

export async function chatRequests(
  deps: { traces: TracesRepository; confirmations: ConfirmationService },
  chatId: string,
  messages: ChatMessage[],
): Promise<ChatRequest[]> {
  const oldest = messages[0]?.created_at;
  const { traces } = await deps.traces.page({
    chat_id: chatId,
    limit: MAX_REQUESTS,
    ...(oldest ? { since: new Date(Date.parse(oldest) - WINDOW_SLACK_MS) } : {}),
  });
  const confirmations = await deps.confirmations.forRequests(traces.map((t) => t.request_id));
  return traces.reverse().map((trace) => {
    // A request's confirmations, in the order its steps asked for them.
    const waiting = confirmations.filter((c) => c.request_id === trace.request_id);
    const take = (skill: string): Confirmation | undefined => {
      const index = waiting.findIndex((confirmation) => confirmation.skill === skill);
      return index < 0 ? undefined : waiting.splice(index, 1)[0];
    };
    return {
      request_id: trace.request_id,
      status: trace.status,
      tier: trace.tier,
      created_at: trace.created_at,
      input: trace.input,
      reply: trace.reply,
      error: trace.error,
      steps: trace.steps.map((step) => ({
        ...step,
        confirmation_id: take(step.skill)?.confirmation_id ?? null,
      })),
    };
  });
}
