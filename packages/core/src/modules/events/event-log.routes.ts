import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { sql } from 'kysely';
import { z } from 'zod';
import { NotFoundError } from '../../errors/app-error.js';
import { cursorSchema, limitSchema } from '../../http/paging.js';
import { isoMicros } from '../../store/sql-time.js';
import './event-log.tables.js';

const eventSchema = z.object({
  event_id: z.string(),
  kind: z.string(),
  source: z.string(),
  title: z.string(),
  detail: z.record(z.string(), z.unknown()),
  created_at: z.string(),
});
const notificationSchema = z.object({
  notification_id: z.string(),
  event_id: z.string(),
  kind: z.string(),
  title: z.string(),
  detail: z.record(z.string(), z.unknown()),
  created_at: z.string(),
  read_at: z.string().nullable(),
});

/** The event log (keyset-paged like the audit log) and the operator's notifications. */
export async function eventLogRoutes(app: FastifyInstance): Promise<void> {
  const db = app.sql.db;
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.get(
    '/api/events',
    {
      schema: {
        tags: ['events'],
        summary: 'Events raised outside requests (feeds, monitors, reminders), newest first',
        querystring: z.object({
          kind: z.string().max(100).optional(),
          source: z.string().max(200).optional(),
          limit: limitSchema(50, 500),
          cursor: cursorSchema.optional(),
        }),
        response: {
          200: z.object({ events: z.array(eventSchema), next_cursor: z.string().nullable() }),
        },
      },
    },
    async (request) => {
      const { kind, source, limit, cursor } = request.query;
      let query = db
        .selectFrom('event_log')
        .select([
          'event_id',
          'kind',
          'source',
          'title',
          'detail',
          isoMicros('created_at').as('created_at'),
        ])
        .orderBy('event_log.created_at', 'desc')
        .orderBy('event_id', 'desc')
        .limit(limit + 1);
      if (kind) query = query.where('kind', '=', kind);
      if (source) query = query.where('source', '=', source);
      if (cursor)
        query = query.where(({ eb, refTuple, tuple }) =>
          eb(
            refTuple('event_log.created_at', 'event_id'),
            '<',
            tuple(sql<Date>`${cursor.ts}::timestamptz`, cursor.id),
          ),
        );
      const rows = await query.execute();
      const events = rows
        .slice(0, limit)
        .map((row) => ({ ...row, detail: row.detail as Record<string, unknown> }));
      const last = events.at(-1);
      return {
        events,
        next_cursor: rows.length > limit && last ? `${last.created_at}|${last.event_id}` : null,
      };
    },
  );

  routes.get(
    '/api/notifications',
    {
      schema: {
        tags: ['events'],
        summary: 'Notifications for the operator, newest first, with the unread count',
        querystring: z.object({
          unread: z.enum(['true', 'false']).optional(),
          limit: z.coerce.number().int().min(1).max(200).default(50),
        }),
        response: {
          200: z.object({
            notifications: z.array(notificationSchema),
            unread_count: z.number().int(),
          }),
        },
      },
    },
    async (request) => {
      let query = db
        .selectFrom('notifications')
        .selectAll()
        .orderBy('created_at', 'desc')
        .limit(request.query.limit);
      if (request.query.unread === 'true') query = query.where('read_at', 'is', null);
      const [rows, unread] = await Promise.all([
        query.execute(),
        db
          .selectFrom('notifications')
          .select((eb) => eb.fn.countAll<string>().as('count'))
          .where('read_at', 'is', null)
          .executeTakeFirstOrThrow(),
      ]);
      return {
        notifications: rows.map((row) => ({
          ...row,
          detail: row.detail as Record<string, unknown>,
          created_at: new Date(row.created_at).toISOString(),
          read_at: row.read_at ? new Date(row.read_at).toISOString() : null,
        })),
        unread_count: Number(unread.count),
      };
    },
  );

  routes.post(
    '/api/notifications/:notification_id/read',
    {
      schema: {
        tags: ['events'],
        summary: 'Mark one notification read',
        params: z.object({ notification_id: z.string().min(1).max(64) }),
        response: { 200: z.object({ ok: z.literal(true) }) },
      },
    },
    async (request) => {
      const result = await db
        .updateTable('notifications')
        .set({ read_at: sql<Date>`coalesce(read_at, now())` })
        .where('notification_id', '=', request.params.notification_id)
        .executeTakeFirst();
      if (Number(result.numUpdatedRows) === 0) throw new NotFoundError('No such notification');
      return { ok: true as const };
    },
  );

  routes.post(
    '/api/notifications/read-all',
    {
      schema: {
        tags: ['events'],
        summary: 'Mark every notification read',
        response: { 200: z.object({ ok: z.literal(true), marked: z.number().int() }) },
      },
    },
    async () => {
      const result = await db
        .updateTable('notifications')
        .set({ read_at: sql<Date>`now()` })
        .where('read_at', 'is', null)
        .executeTakeFirst();
      return { ok: true as const, marked: Number(result.numUpdatedRows) };
    },
  );
}
