import { SseReader } from './sse-client.js';
import type { Client } from './test-app.js';

/**
 * Opens POST /chat/stream against a listening runtime as a browser would (cookie and CSRF
 * header) and returns a reader of its events; abort `signal` to disconnect.
 */
export async function openChatStream(
  baseUrl: string,
  client: Client,
  body: { text: string; chat_id: string },
  signal?: AbortSignal,
): Promise<{ response: Response; events: SseReader }> {
  const response = await fetch(`${baseUrl}/chat/stream`, {
    method: 'POST',
    headers: {
      cookie: client.cookie,
      'x-csrf-token': client.csrfToken,
      'content-type': 'application/json',
    },
    body: JSON.stringify(body),
    ...(signal ? { signal } : {}),
  });
  return { response, events: new SseReader(response) };
}
