import { EventEmitter } from 'node:events';
import pg from 'pg';

/**
 * Called with each payload sent on a channel, and with null when payloads may have been missed
 * (the listening connection was lost and is back): listeners that cache then drop everything.
 */
export type NotificationListener = (payload: string | null) => void;

/** Messages between every process that shares one database (cache invalidation, not data). */
export interface Notifications {
  notify(channel: string, payload: string): Promise<void>;
  /** Resolves once listening; the returned function stops it. */
  listen(channel: string, listener: NotificationListener): Promise<() => void>;
  close(): Promise<void>;
}

/**
 * The embedded database belongs to one process, so its notifications never leave it: an
 * emitter carries them, synchronously, to every listener of this store.
 */
export function inProcessNotifications(): Notifications {
  const emitter = new EventEmitter();
  emitter.setMaxListeners(0);
  return {
    async notify(channel, payload) {
      emitter.emit(channel, payload);
    },
    async listen(channel, listener) {
      emitter.on(channel, listener);
      return () => emitter.off(channel, listener);
    },
    async close() {
      emitter.removeAllListeners();
    },
  };
}

const RECONNECT_MS = 1_000;

/**
 * PostgreSQL LISTEN/NOTIFY: one dedicated connection per process listens for every channel
 * (opened on the first listen), and reconnects when it is lost, telling listeners they may have
 * missed something. Channels are prefixed with the schema, so isolated schemas never hear
 * each other.
 */
export function postgresNotifications(
  config: pg.ClientConfig,
  schema: string,
  pool: pg.Pool,
): Notifications {
  const listeners = new Map<string, Set<NotificationListener>>();
  const name = (channel: string) => `${schema}.${channel}`.slice(0, 63);
  let client: pg.Client | undefined;
  let connecting: Promise<pg.Client> | undefined;
  let closed = false;
  let retry: NodeJS.Timeout | undefined;
  /** Channels the current connection listens to. */
  let listened = new Set<string>();

  const everyone = (payload: string | null) => {
    for (const set of listeners.values()) for (const listener of set) listener(payload);
  };

  const connect = (): Promise<pg.Client> => {
    connecting ??= (async () => {
      const next = new pg.Client(config);
      next.on('notification', (message) => {
        const set = listeners.get(message.channel);
        if (set) for (const listener of set) listener(message.payload ?? '');
      });
      next.on('error', () => lost(next));
      next.on('end', () => lost(next));
      await next.connect();
      listened = new Set();
      for (const channel of listeners.keys()) {
        listened.add(channel);
        await next.query(`listen ${quote(channel)}`);
      }
      client = next;
      return next;
    })().finally(() => {
      connecting = undefined;
    });
    return connecting;
  };

  const lost = (which: pg.Client) => {
    if (client !== which || closed) return;
    client = undefined;
    which.end().catch(() => {});
    const again = () => {
      retry = undefined;
      if (closed) return;
      connect().then(
        () => everyone(null),
        () => {
          retry = setTimeout(again, RECONNECT_MS);
          retry.unref();
        },
      );
    };
    again();
  };

  return {
    async notify(channel, payload) {
      await pool.query('select pg_notify($1, $2)', [name(channel), payload]);
    },
    async listen(channel, listener) {
      const full = name(channel);
      let set = listeners.get(full);
      if (!set) {
        set = new Set();
        listeners.set(full, set);
      }
      set.add(listener);
      const current = client ?? (await connect());
      if (!listened.has(full)) {
        listened.add(full);
        await current.query(`listen ${quote(full)}`);
      }
      return () => set.delete(listener);
    },
    async close() {
      closed = true;
      clearTimeout(retry);
      const current = client;
      client = undefined;
      await current?.end().catch(() => {});
    },
  };
}

const quote = (identifier: string) => `"${identifier.replaceAll('"', '""')}"`;
