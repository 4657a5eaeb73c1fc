import { EventEmitter } from 'node:events';
import type { PGlite } from '@electric-sql/pglite';
import { serialize } from 'pg-protocol';
import { Parser } from 'pg-protocol/dist/parser.js';
import { hintedSettings, settingStatements } from './statement-hints.js';

/**
 * Statements kept prepared in the embedded database's session, the least recently used closed
 * first. A message's path and the job queues' polls repeat a few dozen; each prepared statement
 * holds about 35 KB of the engine's memory (26 columns, its generic plan included), which
 * WebAssembly never hands back.
 */
export const PREPARED_STATEMENTS = 100;
/** Texts counted towards preparation; the count starts over past this. */
const SIGHTINGS_KEPT = 2_000;

type ParseOptions = Parameters<typeof serialize.parse>[0];
type BindOptions = NonNullable<Parameters<typeof serialize.bind>[0]>;
type PortalOptions = Parameters<typeof serialize.describe>[0];
interface BackendMessage {
  name: string;
  code?: string;
  text?: string;
  status?: string;
}

/** A transaction's opening statement as Kysely, pg-boss and our own code send it. */
const BEGIN = /^\s*begin\s*;?\s*$/i;

/**
 * node-postgres's connection to the embedded database, in place of PGlite's own adapter
 * (`@electric-sql/pglite/node-postgres`), for two savings that matter when every statement runs
 * on the request's thread:
 *
 * - A query's messages (parse, bind, describe, execute, sync) reach PGlite as one buffer at the
 *   sync, not as five calls into its WebAssembly. The backend reads them in order, as it would
 *   from a socket, so errors and transactions behave as over the wire.
 * - A statement text seen a second time is parsed once under a name and bound by that name from
 *   then on, so PostgreSQL skips parsing and, once its plan cache judges a generic plan as good,
 *   planning. node-postgres still sees unnamed statements; at most PREPARED_STATEMENTS are kept.
 * - The replies are read by node-postgres's own protocol parser from PGlite's raw answer, not
 *   by PGlite's copy of it, which copies every field's bytes before decoding them (a third of a
 *   millisecond a message, in a profile of the chat path).
 * - A plain `begin` is answered at once and sent ahead of the transaction's first statement, in
 *   its buffer: a transaction costs one call into PGlite less. The backend still runs it first,
 *   so the statement runs inside the transaction; were it to fail (it cannot, outside an aborted
 *   transaction, which the pool never hands out), the connection reports an error.
 * - A statement's hinted settings (statement-hints.ts) are set before it and reset after it in
 *   the same buffer: a planner setting stays the statement's own without a transaction around
 *   it. In a transaction that is already aborted the set fails as the statement will; should
 *   the statement fail inside a transaction, the reset fails too, and the rollback undoes the set.
 *
 * One connection per PGlite instance, and nothing else sends it statements: PGlite is a single
 * session, the pool above it has one client, and once its raw answers are read here PGlite's own
 * result reader is left unset for any other caller.
 */
export class PgliteConnection extends EventEmitter {
  /** What node-postgres reads and writes on a connection. */
  readonly parsedStatements: Record<string, string> = {};
  readonly submittedNamedStatements: Record<string, string> = {};
  readonly stream = { destroy: () => this.end() };
  _connecting = false;

  private pending: Buffer[] = [];
  private readonly parser = new Parser();
  private chain: Promise<unknown>;
  /** Statement texts (with their parameter types) prepared under a name, least recent first. */
  private readonly prepared = new Map<string, string>();
  private readonly sightings = new Map<string, number>();
  private nextName = 0;
  /** The named statement this query binds instead of the unnamed one it asked for. */
  private statement: string | null = null;
  /** A statement this query's parse prepares, kept once the backend confirms it. */
  private preparing: { key: string; name: string } | null = null;
  /** Closes of evicted statements sent ahead of this query: their replies are not node-postgres's. */
  private closes = 0;
  /** A `begin` already answered, sent ahead of the next query. */
  private begin: Buffer | null = null;
  /** The settings this query's hint names. */
  private settings: Array<[string, string]> | null = null;

  constructor(private readonly pglite: PGlite) {
    super();
    this.chain = pglite.waitReady;
  }

  async connect(): Promise<void> {
    this._connecting = true;
    await this.pglite.waitReady;
    process.nextTick(() => this.emit('readyForQuery'));
  }

  parse(query: ParseOptions): void {
    this.settings = hintedSettings(query.text);
    if (query.name) {
      this.pending.push(serialize.parse(query));
      return;
    }
    const key = `${query.types?.join(',') ?? ''}|${query.text}`;
    const name = this.prepared.get(key);
    if (name) {
      this.prepared.delete(key);
      this.prepared.set(key, name);
      this.statement = name;
      return;
    }
    const seen = (this.sightings.get(key) ?? 0) + 1;
    if (this.sightings.size >= SIGHTINGS_KEPT) this.sightings.clear();
    this.sightings.set(key, seen);
    if (seen < 2) {
      this.pending.push(serialize.parse(query));
      return;
    }
    this.evictLeastRecent();
    this.preparing = { key, name: `pglite_${++this.nextName}` };
    this.statement = this.preparing.name;
    this.pending.push(serialize.parse({ ...query, name: this.preparing.name }));
  }

  bind(config: BindOptions): void {
    const statement = !config.statement && this.statement ? this.statement : config.statement;
    this.pending.push(serialize.bind({ ...config, statement }));
  }

  describe(target: PortalOptions): void {
    this.pending.push(serialize.describe(target));
  }

  execute(config: Parameters<typeof serialize.execute>[0]): void {
    this.pending.push(serialize.execute(config));
  }

  close(target: PortalOptions): void {
    this.pending.push(serialize.close(target));
  }

  sync(): void {
    this.send(serialize.sync());
  }

  /** Sends what is queued without ending the query (node-postgres's cursors): no hint applies. */
  flush(): void {
    this.settings = null;
    this.send(serialize.flush());
  }

  query(text: string): void {
    if (BEGIN.test(text) && !this.begin && this.pending.length === 0) {
      this.begin = serialize.query(text);
      // Answered in order after what is queued before it, as the backend would.
      this.enqueue(() => {
        this.emit('commandComplete', { name: 'commandComplete', text: 'BEGIN' });
        this.emit('readyForQuery', { name: 'readyForQuery', status: 'T' });
      });
      return;
    }
    this.settings = hintedSettings(text);
    this.send(serialize.query(text));
  }

  sendCopyFromChunk(chunk: Buffer): void {
    this.send(serialize.copyData(chunk));
  }

  endCopyFrom(): void {
    this.send(serialize.copyDone());
  }

  sendCopyFail(message: string): void {
    this.send(serialize.copyFail(message));
  }

  end(): void {
    this.chain = this.chain.then(() => this.emit('end'));
    for (const event of this.eventNames())
      if (event !== 'newListener') this.removeAllListeners(event);
  }

  // The socket-level calls of node-postgres's own connection mean nothing in process.
  requestSsl(): void {}
  startup(): void {}
  cancel(): void {}
  password(): void {}
  ref(): void {}
  unref(): void {}

  /** Prepares room for one more statement: the least recently used one is closed with this query. */
  private evictLeastRecent(): void {
    if (this.prepared.size < PREPARED_STATEMENTS) return;
    const [key, name] = this.prepared.entries().next().value as [string, string];
    this.prepared.delete(key);
    this.pending.push(serialize.close({ type: 'S', name }));
    this.closes++;
  }

  /** Sends what this query queued, ending with `last`, as one buffer; replays the replies in order. */
  private send(last: Buffer): void {
    this.pending.push(last);
    const settings = this.settings && settingStatements(this.settings);
    if (settings) {
      this.pending.unshift(serialize.query(settings.set));
      this.pending.push(serialize.query(settings.reset));
    }
    if (this.begin) this.pending.unshift(this.begin);
    /** Simple queries of the connection's own ahead of the query's messages, each answered once. */
    let leading = (this.begin ? 1 : 0) + (settings ? 1 : 0);
    /** Once the query is answered, what follows is the reset's. */
    let answered = false;
    this.begin = null;
    this.settings = null;
    const batch = Buffer.concat(this.pending);
    this.pending = [];
    const preparing = this.preparing;
    const bound = this.statement;
    let closes = this.closes;
    this.preparing = null;
    this.statement = null;
    this.closes = 0;
    this.enqueue(async () => {
      // Copied as they come: a chunk is a view of the engine's memory, which the next reuses.
      const chunks: Buffer[] = [];
      await this.pglite.execProtocolRawStream(batch, {
        onRawData: (chunk) => chunks.push(Buffer.from(chunk)),
      });
      const replies: BackendMessage[] = [];
      this.parser.parse(Buffer.concat(chunks), (reply) => replies.push(reply as BackendMessage));
      for (const reply of replies) {
        // The replies to a `begin` answered earlier and to the hint's settings, each ending in
        // a readyForQuery. Only an aborted transaction may refuse them: the query fails as well.
        if (leading > 0) {
          if (reply.name === 'error' && reply.code !== '25P02')
            throw new Error(`the connection's own begin or set failed (${reply.code})`);
          if (reply.name === 'readyForQuery') leading--;
          continue;
        }
        if (answered) continue;
        if (reply.name === 'readyForQuery' && settings) answered = true;
        if (reply.name === 'closeComplete' && closes > 0) {
          closes--;
          continue;
        }
        if (reply.name === 'parseComplete' && preparing) {
          this.prepared.set(preparing.key, preparing.name);
          this.sightings.delete(preparing.key);
        }
        if (reply.name === 'error') this.forgetOnError(reply, bound);
        if (this.listenerCount('message') > 0) this.emit('message', reply);
        this.emit(reply.name === 'error' ? 'errorMessage' : reply.name, reply);
      }
    });
  }

  /**
   * Runs `work` after everything queued before it; a failure (PGlite's, or a begin's) reaches
   * node-postgres as the connection's error, and the chain goes on.
   */
  private enqueue(work: () => unknown): void {
    this.chain = this.chain.then(work).catch((error: unknown) => this.emit('error', error));
  }

  /**
   * A prepared statement the backend no longer has (26000), or whose result columns changed
   * under it (0A000, after a table it reads was altered), is parsed afresh next time.
   */
  private forgetOnError(reply: BackendMessage, bound: string | null): void {
    if (!bound || (reply.code !== '26000' && reply.code !== '0A000')) return;
    for (const [key, name] of this.prepared)
      if (name === bound) {
        this.prepared.delete(key);
        // The backend still holds a statement whose columns changed: closed ahead of the next query.
        if (reply.code === '0A000') {
          this.pending.push(serialize.close({ type: 'S', name }));
          this.closes++;
        }
      }
  }
}
