import { ApiError, csrfToken, errorOf, request } from './client';
import { readSseStream } from './sse';

export const RESET_PHRASE = 'RESET AGENT';

export interface ResetPlan {
  phrase: string;
  running: boolean;
  steps: Array<{ step: number; name: string; description: string }>;
  tables: Array<{ name: string; rows: number }>;
  kv_patterns: string[];
  queues: string[];
  job_queues: string[];
  /** Where records wait before they reach the wiped tables, and how a reset deals with each. */
  held_records: Array<{ name: string; handling: 'cleared' | 'fenced'; what: string }>;
  /** Resets that have wiped the cognitive tables so far. */
  epoch: number;
  reset: Array<{ name: string; what: string }>;
  survives: {
    tables: Array<{ name: string; what: string }>;
    kv: Array<{ pattern: string; what: string }>;
    files: Array<{ path: string; what: string }>;
    job_queues: Array<{ name: string; what: string }>;
  };
  last_run: {
    run_id: string;
    status: 'running' | 'done' | 'failed';
    actor: string;
    started_at: string;
    finished_at: string | null;
    error: string | null;
  } | null;
}

export interface ResetStepEvent {
  step: number;
  name: string;
  status: 'running' | 'done' | 'failed';
  detail: string;
  duration_ms?: number;
  counts?: Record<string, number>;
}

export interface ResetSummary {
  run_id: string;
  started_at: string;
  duration_ms: number;
  steps: Array<Required<Omit<ResetStepEvent, 'status'>>>;
}

export const fetchResetPlan = (signal?: AbortSignal) =>
  request<ResetPlan>('/api/reset/plan', { signal });

/** The reset failed after it started (a failed step), or its stream broke off. */
export class ResetStreamError extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
    this.name = 'ResetStreamError';
  }
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function asStep(value: unknown): ResetStepEvent | undefined {
  if (!isObject(value)) return undefined;
  const { step, name, status, detail, duration_ms: duration, counts } = value;
  if (typeof step !== 'number' || typeof name !== 'string' || typeof detail !== 'string')
    return undefined;
  if (status !== 'running' && status !== 'done' && status !== 'failed') return undefined;
  return {
    step,
    name,
    status,
    detail,
    ...(typeof duration === 'number' ? { duration_ms: duration } : {}),
    ...(isObject(counts) ? { counts: counts as Record<string, number> } : {}),
  };
}

/**
 * POST /api/reset with the typed phrase; each step event is handed to onStep as it arrives.
 * A refusal (400 mismatch, 409 already running, 503) throws an ApiError before any step; a
 * failed run or a stream that ends without `done` throws a ResetStreamError. The runtime owns
 * the run: leaving the page does not stop it.
 */
export async function runReset(
  confirm: string,
  onStep: (event: ResetStepEvent) => void,
): Promise<ResetSummary> {
  const token = csrfToken();
  let response: Response;
  try {
    response = await fetch('/api/reset', {
      method: 'POST',
      headers: {
        Accept: 'text/event-stream',
        'Content-Type': 'application/json',
        ...(token ? { 'X-CSRF-Token': token } : {}),
      },
      credentials: 'same-origin',
      body: JSON.stringify({ confirm }),
    });
  } catch {
    throw new ApiError(0, 'network_error', 'The runtime could not be reached.', [], undefined);
  }
  if (!response.ok) throw await errorOf(response);
  if (!response.body) throw new ResetStreamError('empty_stream', 'The runtime sent no stream.');
  let done: { ok: boolean; summary: Record<string, unknown> } | undefined;
  try {
    await readSseStream(response.body, ({ event, data }) => {
      let payload: unknown;
      try {
        payload = JSON.parse(data);
      } catch {
        return;
      }
      if (event === 'step') {
        const step = asStep(payload);
        if (step) onStep(step);
      } else if (event === 'done' && isObject(payload) && isObject(payload.summary)) {
        done = { ok: payload.ok === true, summary: payload.summary };
      }
    });
  } catch {
    throw new ResetStreamError(
      'connection_lost',
      'The connection broke off before the reset finished; the runtime finishes it anyway. Reload the page to see its outcome.',
    );
  }
  if (!done)
    throw new ResetStreamError('incomplete_stream', 'The reset stream ended without a result.');
  if (!done.ok)
    throw new ResetStreamError(
      'reset_failed',
      typeof done.summary.error === 'string' ? done.summary.error : 'The reset failed.',
    );
  return done.summary as unknown as ResetSummary;
}
