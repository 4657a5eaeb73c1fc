import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { openSse, type SseStream } from '../../http/sse.js';
import { eventLogRoutes } from './event-log.routes.js';
import { EventQueue } from './event-queue.js';
import { LiveRelay } from './live-relay.js';
import { RUNTIME_EVENT_NAMES, RuntimeEvents } from './runtime-events.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The live feed's in-process bus. */
    events: RuntimeEvents;
    /** Events raised outside requests, delivered to the event log and notifications. */
    eventQueue: EventQueue;
  }
}

export const eventsPlugin = fp(
  async (app: FastifyInstance) => {
    const events = new RuntimeEvents();
    app.decorate('events', events);
    const eventQueue = new EventQueue(
      app.kv,
      app.sql.db,
      events,
      app.log.child({ module: 'events' }),
    );
    app.decorate('eventQueue', eventQueue);
    app.addHook('onReady', async () => eventQueue.start());
    app.addHook('preClose', () => eventQueue.stop());
    await app.register(eventLogRoutes);
    const relay = new LiveRelay(app.kv, events, app.replicaId, app.log.child({ module: 'live' }));
    app.addHook('onReady', async () => {
      // Without the store, each feed still shows its own replica's events.
      await relay.start().catch((error) => app.log.warn({ err: error }, 'live relay not started'));
    });
    app.addHook('preClose', async () => relay.stop());
    const liveStreams = app.pressure.work('live_streams');
    const open = new Set<SseStream>();
    // Shutting down ends every open feed, so the server can close.
    app.addHook('preClose', async () => {
      for (const stream of open) stream.close();
    });

    app.get(
      '/api/live',
      {
        schema: {
          tags: ['live'],
          summary: `Server-Sent Events feed of runtime events: ${RUNTIME_EVENT_NAMES.join(', ')}`,
          produces: ['text/event-stream'],
        },
      },
      async (request, reply) => {
        const stream = openSse(request, reply);
        stream.send('ready', { events: RUNTIME_EVENT_NAMES, ts: new Date().toISOString() });
        const unsubscribe = relay.watch((event) => stream.send(event.name, event.data));
        open.add(stream);
        stream.onEnd(liveStreams.acquire().release);
        stream.onEnd(() => {
          unsubscribe();
          open.delete(stream);
        });
      },
    );
  },
  { name: 'events', dependencies: ['context', 'health'] },
);
