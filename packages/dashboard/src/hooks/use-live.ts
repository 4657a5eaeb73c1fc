import { useCallback, useEffect, useRef, useState } from 'react';
import { ApiError } from '../api/client';
import { type LiveConnection, type LiveEvent, openLiveFeed } from '../api/live';
import { fetchSession } from '../api/session';
import { handleError } from '../query-client';

/** Rows kept in memory; older ones fall off the end. */
export const LIVE_LIMIT = 500;
/** After EventSource gives up, how long before the page opens a new one. */
const RETRY_MS = [2_000, 5_000, 10_000, 30_000];

/**
 * The runtime's live events, newest first. Events arriving in one animation frame are added in
 * one render, so a burst does not re-render the table once per event. While paused the feed keeps
 * receiving, and the view stays as it was.
 */
export function useLiveFeed() {
  const [connection, setConnection] = useState<LiveConnection>('connecting');
  const [announced, setAnnounced] = useState<string[]>([]);
  const [events, setEvents] = useState<LiveEvent[]>([]);
  const [paused, setPausedState] = useState(false);
  const [frozen, setFrozen] = useState<LiveEvent[]>([]);
  const [buffered, setBuffered] = useState(0);
  const pending = useRef<LiveEvent[]>([]);
  const pausedRef = useRef(false);

  useEffect(() => {
    let seq = 0;
    let frame = 0;
    let close: (() => void) | undefined;
    let retry: number | undefined;
    let failures = 0;
    let stopped = false;

    const flush = () => {
      frame = 0;
      const fresh = pending.current.splice(0).reverse();
      if (fresh.length === 0) return;
      setEvents((previous) => [...fresh, ...previous].slice(0, LIVE_LIMIT));
      if (pausedRef.current) setBuffered((count) => count + fresh.length);
    };

    const connect = () => {
      close = openLiveFeed({
        onEvent: (event) => {
          pending.current.push({ ...event, seq: ++seq });
          frame ||= window.requestAnimationFrame(flush);
        },
        onReady: (names) => {
          failures = 0;
          setAnnounced(names);
        },
        onConnection: setConnection,
        onClosed: () => {
          close?.();
          setConnection('reconnecting');
          // A refused stream says nothing about why: ask the session. A 401 goes to /login, as
          // for every other call; anything else means try again a little later.
          fetchSession()
            .then(() => undefined)
            .catch((error: unknown) => {
              if (error instanceof ApiError && error.status === 401) handleError(error, undefined);
            })
            .finally(() => {
              if (stopped) return;
              const delay = RETRY_MS[Math.min(failures, RETRY_MS.length - 1)];
              failures += 1;
              retry = window.setTimeout(connect, delay);
            });
        },
      });
    };
    connect();

    return () => {
      stopped = true;
      close?.();
      window.clearTimeout(retry);
      if (frame) window.cancelAnimationFrame(frame);
    };
  }, []);

  const setPaused = useCallback(
    (next: boolean) => {
      pausedRef.current = next;
      setPausedState(next);
      setBuffered(0);
      if (next) setFrozen(events);
    },
    [events],
  );

  const clear = useCallback(() => {
    setEvents([]);
    setFrozen([]);
    setBuffered(0);
  }, []);

  return {
    connection,
    /** Event names the runtime announced when the feed opened. */
    announced,
    events: paused ? frozen : events,
    paused,
    setPaused,
    /** Events received since the view was paused. */
    buffered,
    clear,
  };
}
