import { describe, expect, it } from 'vitest';
import { type PendingSource, PendingWrites } from './pending-writes.js';

/** A write-behind buffer holding rows of some chats; flush() stores them all. */
function buffer(chats: string[]): PendingSource & { flushes: number } {
  let held = [...chats];
  return {
    flushes: 0,
    get pending() {
      return held.length;
    },
    async flush() {
      this.flushes += 1;
      held = [];
    },
    holdsFor: (chat) => held.includes(chat),
  };
}

describe('pending writes', () => {
  it("waits for a chat's own pending rows, and not for another chat's", async () => {
    const source = buffer(['chat-a']);
    const writes = new PendingWrites();
    writes.register(['chat_messages'], source);
    await writes.settle('chat_messages', 'chat-b');
    expect(source.flushes).toBe(0);
    expect(source.pending).toBe(1);
    await writes.settle('chat_messages', 'chat-a');
    expect(source.flushes).toBe(1);
    expect(source.pending).toBe(0);
  });

  it('waits for every pending row when the read names no chat, and for none when there are none', async () => {
    const source = buffer(['chat-a']);
    const writes = new PendingWrites();
    writes.register(['chat_messages', 'traces'], source);
    await writes.settle('traces');
    expect(source.flushes).toBe(1);
    await writes.settle('traces');
    await writes.settle('chats');
    expect(source.flushes).toBe(1);
  });
});
