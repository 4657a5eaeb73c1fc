import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PendingWrites } from '../../store/pending-writes.js';
import { type KvTestStores, kvTestBackends, openKvTestStores } from '../../testing/services.js';
import { uuidv7 } from '../../util/uuid-v7.js';
import { ConversationRepository, type Exchange } from './conversation.repository.js';

describe.each(await kvTestBackends())('chat history cache ($name)', (setup) => {
  let stores: KvTestStores;
  /** Two replicas' repositories on one database and one key-value store. */
  let mine: ConversationRepository;
  let theirs: ConversationRepository;
  /** A repository with nothing cached, for what the database holds. */
  const fresh = () =>
    new ConversationRepository(stores.sql.db, new PendingWrites(), stores.store.kv);

  beforeAll(async () => {
    stores = await openKvTestStores(setup);
    const other = await stores.store.replica(stores.sql);
    mine = new ConversationRepository(stores.sql.db, new PendingWrites(), stores.store.kv);
    theirs = new ConversationRepository(stores.sql.db, new PendingWrites(), other);
  });
  afterAll(() => stores.destroy());

  const exchange = (chatId: string, text: string): Exchange => ({
    request_id: uuidv7(),
    chat_id: chatId,
    user_id: uuidv7(),
    reply_id: uuidv7(),
    user_text: text,
    reply_text: `answer to ${text}`,
  });
  /** Stores exchanges as the exchange journal does: in a transaction, remembered after commit. */
  const store = async (repository: ConversationRepository, exchanges: Exchange[]) => {
    const stored = await stores.sql.db
      .transaction()
      .execute((trx) => repository.appendExchanges(exchanges, trx));
    repository.remember(stored);
  };
  const wipe = (chatId: string) =>
    stores.sql.db.deleteFrom('chat_messages').where('chat_id', '=', chatId).execute();

  it('serves a running conversation from memory, grown by each exchange this replica stores', async () => {
    const chat = `running-${setup.name}`;
    expect(await mine.history(chat, 10_000)).toEqual([]);
    await store(mine, [exchange(chat, 'one')]);
    await store(mine, [exchange(chat, 'two'), exchange(chat, 'three')]);
    const read = await mine.history(chat, 10_000);
    expect(read.map((m) => m.content)).toEqual([
      'one',
      'answer to one',
      'two',
      'answer to two',
      'three',
      'answer to three',
    ]);
    // The same messages, times to the microsecond, as a read of the database.
    expect(read).toEqual(await fresh().history(chat, 10_000));
    // No query: rows removed behind the repository's back are still served.
    await wipe(chat);
    expect(await mine.history(chat, 10_000)).toEqual(read);
    expect(await fresh().history(chat, 10_000)).toEqual([]);
    mine.forgetRecent();
    expect(await mine.history(chat, 10_000)).toEqual([]);
  });

  it('answers a chat without messages with no read, and reads one another replica opened', async () => {
    const unseen = `unseen-${setup.name}`;
    const opened = `opened-${setup.name}`;
    // The first read starts reading which chats have messages.
    await mine.history(`warm-${setup.name}`, 10_000);
    await new Promise((resolve) => setTimeout(resolve, 100));
    // Stored with no announcement: only a read of the database would find them.
    await stores.sql.db
      .transaction()
      .execute((trx) => fresh().appendExchanges([exchange(unseen, 'hidden')], trx));
    expect(await fresh().history(unseen, 10_000)).toHaveLength(2);
    expect(await mine.history(unseen, 10_000)).toEqual([]);
    await store(theirs, [exchange(opened, 'hello')]);
    await expect
      .poll(async () => (await mine.history(opened, 10_000)).map((m) => m.content))
      .toEqual(['hello', 'answer to hello']);
    // A Panic Reset forgets which chats have messages, so the next read asks the database.
    mine.forgetRecent();
    expect(await mine.history(unseen, 10_000)).toHaveLength(2);
  });

  it("drops a chat's copy when another replica stores an exchange in it", async () => {
    const chat = `shared-${setup.name}`;
    await store(mine, [exchange(chat, 'mine')]);
    expect(await mine.history(chat, 10_000)).toHaveLength(2);
    await store(theirs, [exchange(chat, 'theirs')]);
    await expect
      .poll(async () => (await mine.history(chat, 10_000)).map((m) => m.content))
      .toEqual(['mine', 'answer to mine', 'theirs', 'answer to theirs']);
  });

  it('answers each token budget as a read of the database would, as the copy grows and is trimmed', async () => {
    const chat = `budget-${setup.name}`;
    const texts = Array.from({ length: 12 }, (_, i) => `message ${i} ${'word '.repeat(i * 3)}`);
    await store(mine, [exchange(chat, texts[0] as string)]);
    await mine.history(chat, 40);
    for (const text of texts.slice(1)) {
      await store(mine, [exchange(chat, text)]);
      for (const budget of [5, 40, 120, 10_000])
        expect(await mine.history(chat, budget)).toEqual(await fresh().history(chat, budget));
    }
    // Asked only for a small budget, the copy drops its oldest messages as it grows; a larger
    // budget later reads the database again.
    const small = `small-budget-${setup.name}`;
    await store(mine, [exchange(small, texts[0] as string)]);
    for (const text of texts.slice(1)) {
      await store(mine, [exchange(small, text)]);
      expect(await mine.history(small, 40)).toEqual(await fresh().history(small, 40));
    }
    const whole = await mine.history(small, 10_000);
    expect(whole).toHaveLength(texts.length * 2);
    expect(whole).toEqual(await fresh().history(small, 10_000));
  });
});
