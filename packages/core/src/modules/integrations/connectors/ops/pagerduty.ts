import { z } from 'zod';
import { defineAction, defineIntegration } from '../../integration.js';
import { at, pick, pickEach } from '../common.js';

const incidentId = z.string().min(1).describe('Incident ID, such as "PT4KHLK"');
const incidentFields = [
  'id',
  'incident_number',
  'title',
  'status',
  'urgency',
  'created_at',
  'service:service.summary',
  'escalation_policy:escalation_policy.summary',
  'html_url',
];

const listIncidents = z.object({
  status: z
    .enum(['triggered', 'acknowledged', 'resolved'])
    .optional()
    .describe('Only incidents in this status (default: triggered and acknowledged)'),
  urgency: z.enum(['high', 'low']).optional().describe('Only incidents of this urgency'),
  since: z.string().optional().describe('Start of the date range, ISO 8601'),
  until: z.string().optional().describe('End of the date range, ISO 8601'),
  limit: z.number().int().min(1).max(100).default(25).describe('Incidents to return (max 100)'),
});
const incident = z.object({ id: incidentId });
const updateIncident = incident.extend({
  status: z.enum(['acknowledged', 'resolved']).describe('New status of the incident'),
});
const addNote = incident.extend({
  content: z.string().min(1).max(25000).describe('Text of the note'),
});
const listOncalls = z.object({
  schedule_id: z.string().optional().describe('Only this schedule, such as "PI7DH85"'),
  escalation_policy_id: z.string().optional().describe('Only this escalation policy'),
});

/**
 * PagerDuty REST API v2. Changes (acknowledge, resolve, notes) carry the `From` header: the
 * email of a PagerDuty user, required with an account API key.
 */
export default defineIntegration({
  id: 'pagerduty',
  name: 'PagerDuty',
  category: 'ops',
  docsUrl: 'https://developer.pagerduty.com/api-reference/',
  apiVersion: '2',
  baseUrl: 'https://api.pagerduty.com',
  auth: {
    type: 'api_key',
    placements: [
      { in: 'header', name: 'Authorization', field: 'api_key', prefix: 'Token token=' },
      { in: 'header', name: 'From', field: 'from_email' },
    ],
  },
  fields: [
    {
      name: 'api_key',
      label: 'REST API key (Integrations > API Access Keys, or a user API key)',
      secret: true,
      format: /^[A-Za-z0-9_+-]{20}$/,
      example: 'e_Xmpl3Key+0000aBcDe',
    },
    {
      name: 'from_email',
      label: 'Email of the PagerDuty user who makes changes (the From header)',
      secret: false,
      format: /^[^\s@]+@[^\s@]+$/,
      example: 'oncall-bot@example.com',
    },
  ],
  headers: { Accept: 'application/vnd.pagerduty+json;version=2' },
  // 960 requests a minute per key.
  rateLimit: { requests: 900, perSeconds: 60 },
  testAction: 'list_incidents',
  actions: {
    list_incidents: defineAction<z.input<typeof listIncidents>>({
      description: 'List incidents, open ones (triggered and acknowledged) by default.',
      risk: 'read',
      method: 'GET',
      path: '/incidents',
      input: listIncidents,
      query: (input) => ({
        'statuses[]': input.status,
        'urgencies[]': input.urgency,
        since: input.since,
        until: input.until,
        limit: input.limit,
      }),
      result: (body) => pickEach(body, incidentFields, 'incidents'),
      example: {
        input: { status: 'triggered', limit: 25 },
        request: 'GET /incidents?statuses%5B%5D=triggered&limit=25',
      },
    }),
    get_incident: defineAction<z.infer<typeof incident>>({
      description: 'Get one incident.',
      risk: 'read',
      method: 'GET',
      path: '/incidents/{id}',
      input: incident,
      result: (body) => pick(at(body, 'incident'), incidentFields),
      example: { input: { id: 'PT4KHLK' }, request: 'GET /incidents/PT4KHLK' },
    }),
    update_incident: defineAction<z.infer<typeof updateIncident>>({
      description: 'Acknowledge or resolve an incident.',
      risk: 'write',
      method: 'PUT',
      path: '/incidents/{id}',
      input: updateIncident,
      body: (input) => ({ incident: { type: 'incident_reference', status: input.status } }),
      result: (body) => pick(body, ['incident.id', 'incident.status']),
      example: {
        input: { id: 'PT4KHLK', status: 'acknowledged' },
        request: 'PUT /incidents/PT4KHLK',
      },
    }),
    add_note: defineAction<z.infer<typeof addNote>>({
      description: 'Add a note to an incident.',
      risk: 'write',
      method: 'POST',
      path: '/incidents/{id}/notes',
      input: addNote,
      body: (input) => ({ note: { content: input.content } }),
      result: (body) => pick(body, ['note.id', 'note.created_at']),
      example: {
        input: { id: 'PT4KHLK', content: 'Rolled back the deploy; error rate is dropping.' },
        request: 'POST /incidents/PT4KHLK/notes',
      },
    }),
    list_oncalls: defineAction<z.infer<typeof listOncalls>>({
      description: 'Who is on call now, per schedule and escalation level.',
      risk: 'read',
      method: 'GET',
      path: '/oncalls',
      input: listOncalls,
      query: (input) => ({
        earliest: true,
        'schedule_ids[]': input.schedule_id,
        'escalation_policy_ids[]': input.escalation_policy_id,
      }),
      result: (body) =>
        pickEach(
          body,
          [
            'user:user.summary',
            'schedule:schedule.summary',
            'escalation_policy:escalation_policy.summary',
            'escalation_level',
            'start',
            'end',
          ],
          'oncalls',
        ),
      example: {
        input: { schedule_id: 'PI7DH85' },
        request: 'GET /oncalls?earliest=true&schedule_ids%5B%5D=PI7DH85',
      },
    }),
  },
});
