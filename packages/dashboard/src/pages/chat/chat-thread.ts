import type { ChatMessage, ChatRequest } from '../../api/chat';
import type { TurnStep } from '../../hooks/use-chat';

export type ThreadEntry =
  | { kind: 'user'; key: string; text: string; createdAt: string }
  | {
      kind: 'reply';
      key: string;
      text: string;
      steps: TurnStep[];
      tier: string | undefined;
      requestId: string | null;
      createdAt: string;
      error?: string;
      stopped?: boolean;
    };

function stepsOf(request: ChatRequest | undefined): TurnStep[] {
  return (request?.steps ?? []).map((step, index) => ({
    step: index + 1,
    skill: step.skill,
    status: step.status,
    ...(step.confirmation_id ? { confirmationId: step.confirmation_id } : {}),
    ...(step.error ? { error: step.error } : {}),
  }));
}

/**
 * The conversation as the stream showed it, from what the runtime kept: the saved messages with
 * their request's tier and steps, and the requests that failed or were stopped (which saved no
 * message), each where it happened. `liveFailure` is the text of a failed or stopped turn the
 * stream still shows, so its read-back copy is not shown twice.
 */
export function threadOf(
  messages: ChatMessage[],
  requests: ChatRequest[],
  liveFailure?: string,
): ThreadEntry[] {
  const byId = new Map(requests.map((request) => [request.request_id, request]));
  const entries: ThreadEntry[] = messages.map((message) => {
    if (message.role === 'user')
      return {
        kind: 'user',
        key: message.id,
        text: message.content,
        createdAt: message.created_at,
      };
    const request = message.request_id ? byId.get(message.request_id) : undefined;
    return {
      kind: 'reply',
      key: message.id,
      text: message.content,
      steps: stepsOf(request),
      tier: request?.tier,
      requestId: message.request_id,
      createdAt: message.created_at,
    };
  });
  // The failed or stopped turn still on screen from the stream is its own copy of the last one.
  const unsaved = requests.filter((request) => request.status !== 'ok');
  const shownLive = unsaved.at(-1)?.input === liveFailure ? unsaved.at(-1) : undefined;
  for (const request of unsaved) {
    if (request === shownLive) continue;
    entries.push(
      {
        kind: 'user',
        key: `${request.request_id}:input`,
        text: request.input,
        createdAt: request.created_at,
      },
      {
        kind: 'reply',
        key: `${request.request_id}:reply`,
        text: request.reply,
        steps: stepsOf(request),
        tier: undefined,
        requestId: request.request_id,
        createdAt: request.created_at,
        ...(request.status === 'cancelled'
          ? { stopped: true }
          : { error: request.error ?? 'The request failed.' }),
      },
    );
  }
  // ISO timestamps of one format order as strings; the sort is stable, so a user message stays
  // before the reply stamped with the same time.
  return entries.sort((a, b) =>
    a.createdAt < b.createdAt ? -1 : a.createdAt > b.createdAt ? 1 : 0,
  );
}
