import type { FastifyInstance } from 'fastify';
import type { Client } from '../../testing/test-app.js';
import type { RunView, ScheduleView } from './scheduler.schema.js';

/** Test apps poll for due jobs every half second (pg-boss's floor) instead of every two. */
export const fastScheduler = (app: FastifyInstance) =>
  app.scheduler.workers.configure({ pollingIntervalSeconds: 0.5 });

/** An ISO time `ms` from now. */
export const inMs = (ms: number) => new Date(Date.now() + ms).toISOString();

export async function createSchedule(
  client: Client,
  body: Record<string, unknown>,
): Promise<ScheduleView> {
  const response = await client.inject({ method: 'POST', url: '/api/schedules', payload: body });
  if (response.statusCode !== 201)
    throw new Error(`create failed: ${response.statusCode} ${response.body}`);
  return response.json();
}

export async function listRuns(client: Client, scheduleId: string): Promise<RunView[]> {
  const response = await client.inject({
    method: 'GET',
    url: `/api/schedules/${scheduleId}/runs?limit=500`,
  });
  return response.json().runs;
}

/** Waits until the schedule has at least `count` finished runs; returns them, newest first. */
export async function finishedRuns(
  client: Client,
  scheduleId: string,
  count = 1,
  timeoutMs = 15_000,
): Promise<RunView[]> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const runs = (await listRuns(client, scheduleId)).filter((run) => run.status !== 'running');
    if (runs.length >= count) return runs;
    if (Date.now() > deadline)
      throw new Error(`only ${runs.length} of ${count} runs of ${scheduleId} finished in time`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
