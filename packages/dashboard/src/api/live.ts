/** The events of GET /api/live, in the order the runtime lists them. */
export const LIVE_EVENT_NAMES = [
  'request-start',
  'request-finish',
  'skill-start',
  'skill-finish',
  'confirmation-request',
  'confirmation-decide',
  'autonomy-change',
  'error',
] as const;

/** A name the runtime may add later is still shown, with a generic summary. */
export type LiveEventName = (typeof LIVE_EVENT_NAMES)[number] | (string & {});

/** One event off the feed; `data` always carries `ts`, the rest depends on the name. */
export interface LiveEvent {
  /** Local sequence number, unique per page load (list keys). */
  seq: number;
  name: LiveEventName;
  ts: string;
  data: Record<string, unknown>;
}

export type LiveConnection = 'connecting' | 'live' | 'reconnecting';

export interface LiveFeedHandlers {
  onEvent(event: Omit<LiveEvent, 'seq'>): void;
  /** The names the runtime announced in its `ready` event. */
  onReady(names: string[]): void;
  onConnection(state: LiveConnection): void;
  /** EventSource gave up (the runtime refused the connection: a 401, a 5xx). */
  onClosed(): void;
}

function parseData(text: string): Record<string, unknown> | undefined {
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === 'object' && value !== null && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Opens the feed. EventSource reconnects by itself after a dropped connection; it only gives up
 * when the runtime answers with something other than a stream, which `onClosed` reports.
 * Returns the function that closes the feed.
 */
export function openLiveFeed(handlers: LiveFeedHandlers): () => void {
  const source = new EventSource('/api/live', { withCredentials: true });
  handlers.onConnection('connecting');

  source.addEventListener('open', () => handlers.onConnection('live'));
  source.addEventListener('ready', (event) => {
    const data = parseData((event as MessageEvent<string>).data);
    const names = Array.isArray(data?.events)
      ? data.events.filter((name): name is string => typeof name === 'string')
      : [];
    handlers.onReady(names);
  });

  const forward = (name: string) => (event: Event) => {
    const data = parseData((event as MessageEvent<string>).data);
    if (!data) return;
    handlers.onEvent({
      name,
      ts: typeof data.ts === 'string' ? data.ts : new Date().toISOString(),
      data,
    });
  };
  for (const name of LIVE_EVENT_NAMES) {
    if (name !== 'error') source.addEventListener(name, forward(name));
  }

  // The runtime's `error` event and the connection's error share one name: only the first
  // carries data.
  const forwardError = forward('error');
  source.addEventListener('error', (event) => {
    if (event instanceof MessageEvent && typeof event.data === 'string') {
      forwardError(event);
      return;
    }
    if (source.readyState === EventSource.CLOSED) handlers.onClosed();
    else handlers.onConnection('reconnecting');
  });

  return () => source.close();
}
