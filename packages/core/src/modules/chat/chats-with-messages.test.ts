import { describe, expect, it } from 'vitest';
import { ChatsWithMessages } from './chats-with-messages.js';

const tick = () => new Promise((resolve) => setImmediate(resolve));

/** List reads the test answers by hand: `answer(n, ids)` ends the n-th and lets it land. */
function pendingList() {
  const reads: Array<(ids: string[]) => void> = [];
  const list = () => new Promise<string[]>((resolve) => reads.push(resolve));
  const answer = async (index: number, ids: string[]) => {
    reads[index]?.(ids);
    await tick();
  };
  return { list, reads, answer };
}

describe('ChatsWithMessages', () => {
  it('is certain of nothing until the list is read, then only of chats not in it', async () => {
    const { list, reads, answer } = pendingList();
    const chats = new ChatsWithMessages(list, 60_000);
    expect(chats.certainlyEmpty('new')).toBe(false);
    expect(chats.certainlyEmpty('new')).toBe(false);
    expect(reads).toHaveLength(1);
    await answer(0, ['old']);
    expect(chats.certainlyEmpty('new')).toBe(true);
    expect(chats.certainlyEmpty('old')).toBe(false);
    chats.gained(['new']);
    expect(chats.certainlyEmpty('new')).toBe(false);
  });

  it('keeps the chats that gained messages while the list was being read', async () => {
    const { list, answer } = pendingList();
    const chats = new ChatsWithMessages(list, 60_000);
    chats.certainlyEmpty('a');
    chats.gained(['during']);
    await answer(0, []);
    expect(chats.certainlyEmpty('during')).toBe(false);
    expect(chats.certainlyEmpty('a')).toBe(true);
  });

  it('drops a list read before it was forgotten, and reads it again', async () => {
    const { list, reads, answer } = pendingList();
    const chats = new ChatsWithMessages(list, 60_000);
    chats.certainlyEmpty('a');
    chats.forget();
    await answer(0, []);
    expect(chats.certainlyEmpty('a')).toBe(false);
    expect(reads).toHaveLength(2);
    await answer(1, ['a']);
    expect(chats.certainlyEmpty('a')).toBe(false);
    expect(chats.certainlyEmpty('b')).toBe(true);
  });

  it('keeps no list past its bound, and tries again after a failed read', async () => {
    const many = Array.from({ length: 50_001 }, (_, i) => `chat-${i}`);
    const big = new ChatsWithMessages(async () => many, 60_000);
    big.certainlyEmpty('x');
    await tick();
    expect(big.certainlyEmpty('x')).toBe(false);

    let calls = 0;
    const flaky = new ChatsWithMessages(async () => {
      calls += 1;
      if (calls === 1) throw new Error('store away');
      return [];
    }, 60_000);
    flaky.certainlyEmpty('x');
    await tick();
    expect(flaky.certainlyEmpty('x')).toBe(false);
    await tick();
    expect(flaky.certainlyEmpty('x')).toBe(true);
    expect(calls).toBe(2);
  });

  it('reads the list again once it is older than its age limit', async () => {
    const { list, reads, answer } = pendingList();
    const chats = new ChatsWithMessages(list, 30);
    chats.certainlyEmpty('a');
    await answer(0, []);
    expect(chats.certainlyEmpty('a')).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 40));
    expect(chats.certainlyEmpty('a')).toBe(false);
    expect(reads).toHaveLength(2);
    await answer(1, ['a']);
    expect(chats.certainlyEmpty('a')).toBe(false);
    expect(chats.certainlyEmpty('b')).toBe(true);
  });
});
