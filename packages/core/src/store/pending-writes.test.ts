import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import { PendingWrites } from './pending-writes.js';
import { WriteBehind } from './write-behind.js';

interface Row {
  chat: string | null;
}

const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0)) await cleanup();
});

/** A write-behind buffer that stores nothing on its own (a long interval) and counts its batches. */
async function buffer(scoped: boolean) {
  const journalDir = await mkdtemp(path.join(tmpdir(), 'pending-writes-'));
  const stored: Row[][] = [];
  const writer = await WriteBehind.open<Row>({
    name: 'test',
    journalDir,
    logger: pino({ level: 'silent' }),
    parse: (value) => value as Row,
    apply: async (batch) => {
      stored.push([...batch]);
    },
    flushIntervalMs: 3_600_000,
    ...(scoped ? { scopeOf: (row: Row) => row.chat } : {}),
  });
  cleanups.push(async () => {
    await writer.close();
    await rm(journalDir, { recursive: true, force: true });
  });
  return { writer, stored };
}

describe('pending writes', () => {
  it("waits for a chat's own pending rows, and not for another chat's", async () => {
    const { writer, stored } = await buffer(true);
    const writes = new PendingWrites();
    writes.register(['chat_messages'], writer);
    writer.append({ chat: 'chat-a' });
    writer.append({ chat: null });
    await writes.settle('chat_messages', 'chat-b');
    expect(stored).toEqual([]);
    expect(writer.pending).toBe(2);
    await writes.settle('chat_messages', 'chat-a');
    expect(stored).toEqual([[{ chat: 'chat-a' }, { chat: null }]]);
    expect(writer.pending).toBe(0);
  });

  it('waits for every pending row when the read names no chat or rows have none, and for none when there are none', async () => {
    const { writer, stored } = await buffer(false);
    const writes = new PendingWrites();
    writes.register(['chat_messages', 'traces'], writer);
    writer.append({ chat: 'chat-a' });
    await writes.settle('chat_messages', 'chat-b');
    expect(stored).toHaveLength(1);
    writer.append({ chat: 'chat-a' });
    await writes.settle('traces');
    expect(stored).toHaveLength(2);
    await writes.settle('traces');
    await writes.settle('chats');
    expect(stored).toHaveLength(2);
  });
});
