import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { kvTestBackends } from '../../testing/services.js';
import { type Client, createTestApp, type TestApp } from '../../testing/test-app.js';
import { EventQueue } from './event-queue.js';
import { RuntimeEvents } from './runtime-events.js';

describe.each(await kvTestBackends())('event queues ($name)', ({ kv, sql }) => {
  let t: TestApp;
  let client: Client;
  beforeAll(async () => {
    t = await createTestApp({ kv, sql });
    client = await t.login();
    await t.app.eventQueue.stop(); // the test drains by hand, to see the queues fill first
  });
  afterAll(() => t.close());

  const health = async () => (await client.inject({ method: 'GET', url: '/health' })).json();

  it('queues events, reports the depth, logs them, and notifies the operator when asked', async () => {
    const seen: string[] = [];
    const unsubscribe = t.app.events.subscribe((event) => seen.push(event.name));
    const quiet = await t.app.eventQueue.publish({
      kind: 'feed.item',
      source: 'feed-1',
      title: 'New post',
    });
    const loud = await t.app.eventQueue.publish({
      kind: 'monitor.down',
      source: 'monitor-1',
      title: 'example.com is down',
      detail: { status: 503, token: 'sk-proj-AbCdEfGhIjKlMnOpQrStUvWx0123' },
      notify: true,
    });
    expect((await health()).components.queues.events_incoming).toBe(2);

    await t.app.eventQueue.drain();
    unsubscribe();
    expect((await health()).components.queues).toMatchObject({
      events_incoming: 0,
      events_outgoing: 0,
    });
    expect(seen).toEqual(['event-receive', 'event-receive', 'notification-send']);

    const events = (await client.inject({ method: 'GET', url: '/api/events?limit=10' })).json()
      .events;
    expect(events.map((e: { event_id: string }) => e.event_id)).toEqual([loud, quiet]);
    expect(JSON.stringify(events)).not.toContain('sk-proj-AbCd');
    const inbox = (await client.inject({ method: 'GET', url: '/api/notifications' })).json();
    expect(inbox.unread_count).toBe(1);
    expect(inbox.notifications[0]).toMatchObject({
      event_id: loud,
      kind: 'monitor.down',
      read_at: null,
    });

    const read = await client.inject({
      method: 'POST',
      url: `/api/notifications/${inbox.notifications[0].notification_id}/read`,
    });
    expect(read.statusCode).toBe(200);
    expect(
      (await client.inject({ method: 'GET', url: '/api/notifications?unread=true' })).json(),
    ).toMatchObject({
      notifications: [],
      unread_count: 0,
    });
    const missing = await client.inject({ method: 'POST', url: '/api/notifications/nope/read' });
    expect(missing.statusCode).toBe(404);
  });

  it('filters and pages the event log', async () => {
    for (let i = 0; i < 7; i++)
      await t.app.eventQueue.publish({ kind: 'schedule.run', source: 'sched', title: `run ${i}` });
    await t.app.eventQueue.drain();
    const first = (
      await client.inject({ method: 'GET', url: '/api/events?kind=schedule.run&limit=4' })
    ).json();
    expect(first.events).toHaveLength(4);
    const second = (
      await client.inject({
        method: 'GET',
        url: `/api/events?kind=schedule.run&limit=4&cursor=${encodeURIComponent(first.next_cursor)}`,
      })
    ).json();
    expect(second.events).toHaveLength(3);
    expect(second.next_cursor).toBeNull();
    expect([...first.events, ...second.events].map((e: { title: string }) => e.title)).toEqual([
      'run 6',
      'run 5',
      'run 4',
      'run 3',
      'run 2',
      'run 1',
      'run 0',
    ]);
  });

  it('delivers an event at once on a running replica, which does not poll while idle', async () => {
    const live = new RuntimeEvents();
    let pops = 0;
    const kv = new Proxy(t.app.kv, {
      get(target, property, receiver) {
        if (property === 'pop') pops += 1;
        const value = Reflect.get(target, property, receiver);
        return typeof value === 'function' ? value.bind(target) : value;
      },
    });
    const replica = new EventQueue(kv, t.app.sql.db, live, t.app.log);
    await replica.start();
    try {
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      expect(pops).toBe(0);
      const received = new Promise<string>((resolve) =>
        live.subscribe((event) => {
          if (event.name === 'event-receive')
            resolve((event.data as { event_id: string }).event_id);
        }),
      );
      const started = Date.now();
      const id = await t.app.eventQueue.publish({ kind: 'feed.item', source: 'f', title: 'now' });
      expect(await received).toBe(id);
      expect(Date.now() - started).toBeLessThan(2_000);
      expect(pops).toBeGreaterThan(0);
    } finally {
      await replica.stop();
    }
  });
});
