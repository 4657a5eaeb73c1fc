import { z } from 'zod';
import { defineAction, defineIntegration } from '../../integration.js';
import { at, list, pick } from '../common.js';
import { googleAuth, googleFields } from '../vendors.js';

const calendarId = z
  .string()
  .min(1)
  .default('primary')
  .describe('Calendar ID: "primary" (default) or an address from list_calendars.');
const dateTime = z.iso.datetime({ offset: true });
const when = z
  .union([
    z.object({ dateTime: dateTime.describe('RFC 3339 time, such as 2026-12-01T09:00:00+01:00.') }),
    z.object({ date: z.iso.date().describe('All-day date, YYYY-MM-DD.') }),
  ])
  .describe('A time ({dateTime}) or an all-day date ({date}).');

const event = (value: unknown) => ({
  ...pick(value, ['id', 'summary', 'location', 'status', 'htmlLink']),
  start: at(value, 'start.dateTime') ?? at(value, 'start.date'),
  end: at(value, 'end.dateTime') ?? at(value, 'end.date'),
  attendees: list(value, 'attendees').map((attendee) => at(attendee, 'email')),
});

export default defineIntegration({
  id: 'google-calendar',
  name: 'Google Calendar',
  category: 'docs',
  docsUrl: 'https://developers.google.com/workspace/calendar/api/v3/reference',
  apiVersion: 'v3',
  baseUrl: 'https://www.googleapis.com/calendar/v3',
  auth: googleAuth,
  fields: googleFields,
  // 600 requests a minute per user by default.
  rateLimit: { requests: 500, perSeconds: 60 },
  testAction: 'list_calendars',
  actions: {
    list_calendars: defineAction({
      description: "List the calendars on the user's calendar list.",
      risk: 'read',
      method: 'GET',
      path: '/users/me/calendarList',
      input: z.object({}),
      result: (body) =>
        list(body, 'items').map((calendar) =>
          pick(calendar, ['id', 'summary', 'primary', 'accessRole', 'timeZone']),
        ),
      example: { input: {}, request: 'GET /calendar/v3/users/me/calendarList' },
    }),
    list_events: defineAction({
      description: 'List the events of a calendar between two times, in start order.',
      risk: 'read',
      method: 'GET',
      path: '/calendars/{calendar_id}/events',
      input: z.object({
        calendar_id: calendarId,
        time_min: dateTime.describe('Start of the window, RFC 3339.'),
        time_max: dateTime.optional().describe('End of the window, RFC 3339.'),
        q: z.string().optional().describe('Words to find in the events.'),
        max_results: z.number().int().min(1).max(250).default(50).describe('How many (1-250).'),
      }),
      query: ({ time_min, time_max, q, max_results }) => ({
        timeMin: time_min,
        timeMax: time_max,
        q,
        singleEvents: true,
        orderBy: 'startTime',
        maxResults: max_results,
      }),
      result: (body) => ({
        ...pick(body, ['nextPageToken']),
        events: list(body, 'items').map(event),
      }),
      example: {
        input: {
          calendar_id: 'primary',
          time_min: '2026-12-01T00:00:00Z',
          time_max: '2026-12-02T00:00:00Z',
          max_results: 50,
        },
        request:
          'GET /calendar/v3/calendars/primary/events?timeMin=2026-12-01T00%3A00%3A00Z&timeMax=2026-12-02T00%3A00%3A00Z&singleEvents=true&orderBy=startTime&maxResults=50',
      },
    }),
    create_event: defineAction({
      description: 'Create an event, inviting attendees by email.',
      risk: 'write',
      method: 'POST',
      path: '/calendars/{calendar_id}/events',
      input: z.object({
        calendar_id: calendarId,
        summary: z.string().min(1).describe('Event title.'),
        start: when,
        end: when,
        description: z.string().optional().describe('Event notes.'),
        location: z.string().optional().describe('Where it happens.'),
        attendees: z.array(z.email()).optional().describe('Emails of the people to invite.'),
        notify: z.boolean().default(false).describe('Email the invitation to the attendees.'),
      }),
      query: ({ notify }) => ({ sendUpdates: notify ? 'all' : 'none' }),
      body: ({ summary, start, end, description, location, attendees }) => ({
        summary,
        start,
        end,
        description,
        location,
        attendees: attendees?.map((email) => ({ email })),
      }),
      result: event,
      example: {
        input: {
          calendar_id: 'primary',
          summary: 'Post-incident review',
          start: { dateTime: '2026-12-01T10:00:00+01:00' },
          end: { dateTime: '2026-12-01T10:30:00+01:00' },
          notify: false,
        },
        request: 'POST /calendar/v3/calendars/primary/events?sendUpdates=none',
      },
    }),
    delete_event: defineAction({
      description: 'Delete an event (cancelling it for the attendees).',
      risk: 'destructive',
      method: 'DELETE',
      path: '/calendars/{calendar_id}/events/{event_id}',
      input: z.object({
        calendar_id: calendarId,
        event_id: z
          .string()
          .regex(/^[A-Za-z0-9_]+$/)
          .describe('Event ID.'),
        notify: z.boolean().default(false).describe('Email the cancellation to the attendees.'),
      }),
      query: ({ notify }) => ({ sendUpdates: notify ? 'all' : 'none' }),
      example: {
        input: { calendar_id: 'primary', event_id: '7cbh8rpc10lrc0ckih9tafss99', notify: false },
        request:
          'DELETE /calendar/v3/calendars/primary/events/7cbh8rpc10lrc0ckih9tafss99?sendUpdates=none',
      },
    }),
    free_busy: defineAction({
      description: 'Find the busy times of calendars between two times.',
      risk: 'read',
      method: 'POST',
      path: '/freeBusy',
      input: z.object({
        time_min: dateTime.describe('Start of the window, RFC 3339.'),
        time_max: dateTime.describe('End of the window, RFC 3339.'),
        calendars: z
          .array(z.string())
          .min(1)
          .default(['primary'])
          .describe('Calendar IDs to check.'),
      }),
      body: ({ time_min, time_max, calendars }) => ({
        timeMin: time_min,
        timeMax: time_max,
        items: calendars.map((id) => ({ id })),
      }),
      result: (body) => at(body, 'calendars'),
      example: {
        input: {
          time_min: '2026-12-01T08:00:00Z',
          time_max: '2026-12-01T18:00:00Z',
          calendars: ['primary'],
        },
        request: 'POST /calendar/v3/freeBusy',
      },
    }),
  },
});
