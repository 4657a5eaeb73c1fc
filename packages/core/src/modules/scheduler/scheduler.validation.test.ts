import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Client, createTestApp, type TestApp } from '../../testing/test-app.js';
import { inMs } from './scheduler-testing.js';

/** Validation happens before storage, so one backend is enough here. */
describe('scheduler API: validation', () => {
  let t: TestApp;
  let client: Client;
  beforeAll(async () => {
    t = await createTestApp();
    client = await t.login();
  });
  afterAll(() => t.close());

  const post = (payload: Record<string, unknown>) =>
    client.inject({ method: 'POST', url: '/api/schedules', payload });
  const get = (url: string) => client.inject({ method: 'GET', url });

  it('refuses invalid fields with 400 validation_error naming each field', async () => {
    const problems = async (payload: Record<string, unknown>) => {
      const response = await post(payload);
      expect(response.statusCode).toBe(400);
      expect(response.json().error).toBe('validation_error');
      return response.json().details.map((d: { path: string }) => d.path);
    };
    const action = { type: 'prompt', text: 'hi' };
    expect(await problems({ kind: 'recurring', action })).toEqual(['/cron']);
    expect(await problems({ kind: 'recurring', cron: '61 * * * *', action })).toEqual(['/cron']);
    expect(await problems({ kind: 'recurring', cron: '0 0 30 2 *', action })).toEqual(['/cron']);
    expect(
      await problems({ kind: 'recurring', cron: '0 9 * * *', time_zone: 'Mars/Base', action }),
    ).toEqual(['/time_zone']);
    expect(await problems({ kind: 'once', run_at: '2020-01-01T00:00:00Z', action })).toEqual([
      '/run_at',
    ]);
    expect(await problems({ kind: 'once', run_at: 'tomorrow', action })).toEqual(['/run_at']);
    expect(await problems({ kind: 'reminder', run_at: inMs(60_000) })).toEqual(['/message']);
    expect(
      await problems({ kind: 'monitor', url: 'https://example.com', cron: '* * * * *' }),
    ).toEqual(['/cron']);
    expect(
      await problems({ kind: 'monitor', url: 'https://example.com', interval_seconds: 10 }),
    ).toEqual(['/interval_seconds']);
    expect(await problems({ kind: 'monitor', url: 'ftp://example.com/file' })).toEqual(['/url']);
    expect(await problems({ kind: 'monitor', url: 'https://user:pw@example.com/' })).toEqual([
      '/url',
    ]);
    expect(await problems({ kind: 'weekly' })).toEqual(['/kind']);
    expect(
      await problems({ kind: 'recurring', cron: '* * * * *', action: { type: 'shell' } }),
    ).not.toEqual([]);
  });

  it('stores a time zone as Intl spells it', async () => {
    const created = await post({
      kind: 'recurring',
      cron: '0 9 * * *',
      time_zone: 'asia/tokyo',
      action: { type: 'prompt', text: 'morning' },
    });
    expect(created.statusCode).toBe(201);
    expect(created.json().time_zone).toBe('Asia/Tokyo');
    expect(new Date(created.json().next_run_at).getUTCHours()).toBe(0);
  });

  it('refuses a monitor URL on a private address that is not allowlisted', async () => {
    for (const url of [
      'http://127.0.0.1:8080/',
      'http://169.254.169.254/latest',
      'http://[::1]/',
    ]) {
      const response = await post({ kind: 'monitor', url });
      expect(response.statusCode, url).toBe(400);
      expect(response.json().error).toBe('url_blocked');
    }
    expect((await get('/api/schedules?kind=monitor')).json().schedules).toEqual([]);
  });

  it('previews the next occurrences of a cron expression', async () => {
    const preview = await get(
      `/api/schedules/preview?cron=${encodeURIComponent('0 9 * * 1-5')}&time_zone=Asia/Tokyo&count=3`,
    );
    expect(preview.statusCode).toBe(200);
    expect(preview.json().occurrences).toHaveLength(3);
    for (const at of preview.json().occurrences) {
      const date = new Date(at);
      expect(date.getUTCHours()).toBe(0);
      expect([1, 2, 3, 4, 5]).toContain(date.getUTCDay());
    }
    const badCron = await get('/api/schedules/preview?cron=nonsense');
    expect(badCron.statusCode).toBe(400);
    expect(badCron.json().details[0]).toMatchObject({ path: '/cron' });
    const badZone = await get('/api/schedules/preview?cron=*%20*%20*%20*%20*&time_zone=Nowhere');
    expect(badZone.json().details[0]).toMatchObject({ path: '/time_zone' });
    const tooMany = await get('/api/schedules/preview?cron=*%20*%20*%20*%20*&count=51');
    expect(tooMany.statusCode).toBe(400);
  });

  it('documents its routes in the OpenAPI document', async () => {
    const doc = (await get('/api/openapi.json')).json();
    expect(Object.keys(doc.paths).filter((path) => path.startsWith('/api/schedules'))).toEqual([
      '/api/schedules',
      '/api/schedules/preview',
      '/api/schedules/{schedule_id}',
      '/api/schedules/{schedule_id}/run',
      '/api/schedules/{schedule_id}/runs',
    ]);
  });
});
