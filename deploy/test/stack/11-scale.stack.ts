// docs/operations.md's scale-out: agent-core as two replicas behind agent-proxy, on one
// agent-sqldb and agent-kvstore. Each answer names the replica that served it (X-Agent-Replica,
// the container's host name), which is how the suite knows where its requests landed.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SseReader } from '../../../packages/core/src/testing/sse-client.js';
import { runDrill, waitHealthy } from './operations.js';
import { compose, docker, engine, type Session, signIn, sleep } from './stack.js';

const REPLICA = 'x-agent-replica';

/** Host name of each agent-core replica (Docker makes it the container id's first 12 digits). */
async function replicas(): Promise<string[]> {
  const ids = (await compose('ps', '-q', 'agent-core')).split('\n').filter(Boolean);
  return Promise.all(ids.map((id) => docker('inspect', '-f', '{{.Config.Hostname}}', id)));
}

async function servedBy(session: Session, pathname = '/auth/session'): Promise<string> {
  const answer = await session.call(pathname);
  expect(answer.status, answer.body).toBe(200);
  return String(answer.headers[REPLICA]);
}

/** Sends harmless requests until the next one will land on a replica other than `avoid`. */
async function steerAwayFrom(session: Session, avoid: string): Promise<void> {
  // Round robin over two replicas, and the suite is agent-proxy's only client: after a request
  // served by `avoid`, the next goes to the other one.
  for (let i = 0; i < 4; i++) if ((await servedBy(session)) === avoid) return;
  throw new Error(`no request landed on ${avoid}`);
}

describe('agent-core as two replicas', () => {
  let session: Session;
  let names: string[];
  beforeAll(async () => {
    await runDrill('scale-out');
    await waitHealthy(300);
    names = await replicas();
    expect(names).toHaveLength(2);
    session = await signIn();
  }, 600_000);
  afterAll(async () => {
    // One replica again, as the doc says.
    await engine('cd "$run/ops" && ./install.sh --replicas 1 >/dev/null && compose up -d');
  }, 300_000);

  it('spreads one session’s requests over every replica', async () => {
    const seen = new Set<string>();
    for (let i = 0; i < 8; i++) seen.add(await servedBy(session));
    expect([...seen].sort()).toEqual([...names].sort());
  });

  it('approves through one replica a confirmation raised on the other', async () => {
    const chatId = `scale-confirm-${Date.now()}`;
    const stream = await session.stream('/chat/stream', {
      body: { text: 'call shell {"command":"echo approved-across-replicas"}', chat_id: chatId },
      headers: { accept: 'text/event-stream' },
    });
    expect(stream.status).toBe(200);
    const raisedOn = stream.headers.get(REPLICA) ?? '';
    expect(names).toContain(raisedOn);
    const reader = new SseReader(stream);
    let confirmationId = '';
    for (let i = 0; i < 60 && !confirmationId; i++) {
      const pending = (await session.call('/api/confirmations?status=pending')).json()
        .confirmations as { chat_id: string; confirmation_id: string }[];
      confirmationId = pending.find((c) => c.chat_id === chatId)?.confirmation_id ?? '';
      if (!confirmationId) await sleep(500);
    }
    expect(confirmationId).not.toBe('');
    await steerAwayFrom(session, raisedOn);
    const approved = await session.call(`/api/confirmations/${confirmationId}/approve`, {
      method: 'POST',
      body: {},
    });
    expect(approved.status, approved.body).toBe(200);
    expect(approved.headers[REPLICA]).not.toBe(raisedOn);
    await reader.waitFor((event) => event.event === 'done', 60_000);
    const done = reader.named('done')[0] as { final: string };
    expect(done.final).toContain('approved-across-replicas');
  });

  it('ends a session on every replica at once when it signs out on one', async () => {
    const other = await signIn({ fresh: true });
    const landed = new Set<string>();
    for (let i = 0; i < 2; i++) landed.add(await servedBy(other));
    expect(landed.size).toBe(2);
    const out = await other.call('/auth/logout', { method: 'POST', body: {} });
    expect([200, 204]).toContain(out.status);
    const after = await Promise.all([1, 2, 3, 4].map(() => other.call('/auth/session')));
    expect(after.map((answer) => answer.status)).toEqual([401, 401, 401, 401]);
    expect(new Set(after.map((answer) => answer.headers[REPLICA])).size).toBe(2);
  });

  it('loses no acknowledged message when a replica is killed mid-stream', async () => {
    const stamp = Date.now();
    const stream = await session.stream('/chat/stream', {
      body: { text: 'stream 60 100', chat_id: `scale-killed-${stamp}` },
      headers: { accept: 'text/event-stream' },
    });
    const victim = stream.headers.get(REPLICA) ?? '';
    const reader = new SseReader(stream);
    await reader.waitFor((event) => event.event === 'chunk', 30_000);
    // Messages keep coming from the operator while the replica dies.
    const acknowledged: string[] = [];
    const sending = (async () => {
      for (let i = 0; i < 12; i++) {
        const text = `after-kill-${stamp}-${i}`;
        const answer = await session
          .call('/chat', { body: { text, chat_id: `scale-after-${stamp}` } })
          .catch(() => undefined);
        if (answer?.status === 200) acknowledged.push(text);
        await sleep(300);
      }
    })();
    const [id] = (await compose('ps', '-q', 'agent-core'))
      .split('\n')
      .filter((line) => line.startsWith(victim.slice(0, 12)));
    await docker('kill', id ?? victim);
    await sending;
    // The surviving replica answered while the other was gone (a request the dying one had
    // already taken fails with it: it was never acknowledged).
    expect(acknowledged.length).toBeGreaterThanOrEqual(8);
    const stored = JSON.stringify(
      (await session.call(`/api/chats/scale-after-${stamp}/messages`)).json(),
    );
    for (const text of acknowledged) expect(stored).toContain(text);
    await waitHealthy(300);
  }, 300_000);
});
