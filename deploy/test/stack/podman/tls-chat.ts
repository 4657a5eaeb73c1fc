// The same images on podman's Docker-compatible API: the stack comes up healthy (stack-e2e.sh
// waits for it), and an operator signs in and chats through TLS.
import { describe, expect, it } from 'vitest';
import { SseReader } from '../../../../packages/core/src/testing/sse-client.js';
import { https, signIn } from '../stack.js';

describe('the stack on podman', () => {
  it('serves the dashboard through TLS and takes the operator’s sign-in', async () => {
    expect((await https('/login', { headers: { accept: 'text/html' } })).status).toBe(200);
    const session = await signIn({ fresh: true });
    expect(session.setCookie.join('\n')).toMatch(/Secure/);
    const health = (await https('/health')).json();
    expect(health.components.sqldb.status).toBe('ok');
    expect(health.components.kvstore.status).toBe('ok');
  });

  it('streams a chat reply through the proxy', async () => {
    const session = await signIn({ fresh: true });
    const response = await session.stream('/chat/stream', {
      body: { text: 'stream 5 100', chat_id: 'podman-chat' },
      headers: { accept: 'text/event-stream' },
    });
    expect(response.status).toBe(200);
    const reader = new SseReader(response);
    const done = (await reader.waitFor((event) => event.event === 'done', 30_000)).data as {
      final: string;
    };
    expect(done.final).toBe('word1 word2 word3 word4 word5');
    expect(reader.named('chunk').length).toBeGreaterThanOrEqual(3);
  });
});
