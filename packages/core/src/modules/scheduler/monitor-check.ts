import { createHash } from 'node:crypto';
import type { SafeFetcher } from '../../net/safe-fetch.js';
import { redactText } from '../../security/redact.js';
import type { AgentEvent } from '../events/event-queue.js';
import type { ScheduleChanges, ScheduleRow } from './scheduler.repository.js';
import type { MonitorState } from './scheduler.tables.js';

/** What one check of a monitor's URL saw. */
export interface Observation {
  state: MonitorState;
  status: number | null;
  /** SHA-256 of the body read (up to the fetch size limit); null when nothing was read. */
  hash: string | null;
  error: string | null;
}

/**
 * Fetches the URL through the SSRF-guarded fetcher (redirects followed, each hop judged). Up:
 * the expected status when one is set, else any status below 400. Anything else is down,
 * including a refused address, a timeout or a network failure.
 */
export async function observe(
  fetcher: SafeFetcher,
  url: string,
  expectedStatus: number | null,
  signal: AbortSignal,
): Promise<Observation> {
  try {
    const response = await fetcher.fetch(url, { signal, headers: { accept: '*/*' } });
    const up = expectedStatus ? response.status === expectedStatus : response.status < 400;
    return {
      state: up ? 'up' : 'down',
      status: response.status,
      hash: createHash('sha256').update(response.body).digest('hex'),
      error: up
        ? null
        : `HTTP ${response.status}${expectedStatus ? `, expected ${expectedStatus}` : ''}`,
    };
  } catch (error) {
    if (signal.aborted) throw error;
    return {
      state: 'down',
      status: null,
      hash: null,
      error: redactText((error as Error).message).slice(0, 500),
    };
  }
}

export type MonitorEventKind = 'monitor.down' | 'monitor.up' | 'monitor.changed';

/**
 * The monitor's new state and the events its transitions raise, from the state before the check.
 * Only transitions raise events: down when a monitor goes down (its first check included), up
 * when a down one answers again, changed when a `changed` monitor's body differs from the last
 * one read while up. A failed check keeps the last body's hash, so coming back with the same
 * content is not a change.
 */
export function applyObservation(
  row: ScheduleRow,
  observation: Observation,
  now: Date,
): { changes: ScheduleChanges; events: MonitorEventKind[] } {
  const events: MonitorEventKind[] = [];
  if (observation.state === 'down' && row.monitor_state !== 'down') events.push('monitor.down');
  if (observation.state === 'up' && row.monitor_state === 'down') events.push('monitor.up');
  const contentChanged =
    observation.state === 'up' &&
    row.content_hash !== null &&
    observation.hash !== null &&
    observation.hash !== row.content_hash;
  if (contentChanged && row.monitor_check === 'changed') events.push('monitor.changed');
  const stateChanged = observation.state !== row.monitor_state;
  return {
    events,
    changes: {
      monitor_state: observation.state,
      monitor_status: observation.status,
      monitor_error: observation.error,
      content_hash: observation.state === 'up' ? observation.hash : row.content_hash,
      last_checked_at: now,
      ...(stateChanged || contentChanged ? { last_change_at: now } : {}),
    },
  };
}

/** The event queue's record of a transition (published with notify, so the operator hears). */
export function monitorEvent(
  kind: MonitorEventKind,
  row: ScheduleRow,
  observation: Observation,
): AgentEvent {
  const titles: Record<MonitorEventKind, string> = {
    'monitor.down': `${row.name} is down${observation.error ? ` (${observation.error})` : ''}`,
    'monitor.up': `${row.name} is up again`,
    'monitor.changed': `${row.name} changed`,
  };
  return {
    kind,
    source: row.schedule_id,
    title: redactText(titles[kind]).slice(0, 300),
    detail: {
      schedule_id: row.schedule_id,
      name: row.name,
      url: row.url,
      previous_state: row.monitor_state,
      state: observation.state,
      status: observation.status,
      error: observation.error,
      content_hash: observation.hash,
    },
    notify: true,
  };
}
