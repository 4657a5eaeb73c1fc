import { z } from 'zod';
import { defineAction, defineIntegration } from '../../integration.js';
import { at, list, pick, pickEach } from '../common.js';

const organization = z
  .string()
  .min(1)
  .describe('Organization slug, as in sentry.io/organizations/<slug>/ (list_organizations)');
const issueId = z.string().min(1).describe('Numeric issue ID, such as "4512345678"');
const issueFields = [
  'id',
  'shortId',
  'title',
  'culprit',
  'level',
  'status',
  'count',
  'userCount',
  'firstSeen',
  'lastSeen',
  'permalink',
  'project:project.slug',
];

const listIssues = z.object({
  organization,
  query: z
    .string()
    .default('is:unresolved')
    .describe('Sentry search, such as "is:unresolved level:error" or "release:1.4.2"'),
  project: z.number().int().optional().describe('Numeric project ID to limit the search to'),
  statsPeriod: z.string().optional().describe('Time window such as "24h" or "14d"'),
  sort: z.enum(['date', 'new', 'freq', 'user']).optional().describe('Sort order (default date)'),
  limit: z.number().int().min(1).max(100).default(25).describe('Issues to return (max 100)'),
});
const org = z.object({ organization });
const issue = org.extend({ issue_id: issueId });
const updateIssue = issue.extend({
  status: z.enum(['resolved', 'unresolved', 'ignored']).describe('New status of the issue'),
});

/** The frames of each exception of an event, innermost last, without the source context. */
function exceptions(event: unknown) {
  const entry = list(event, 'entries').find((item) => at(item, 'type') === 'exception');
  return list(entry, 'data.values').map((value) => ({
    ...pick(value, ['type', 'value']),
    frames: list(value, 'stacktrace.frames')
      .slice(-15)
      .map((frame) => pick(frame, ['filename', 'function', 'lineNo', 'inApp'])),
  }));
}

/** Sentry error tracking, on sentry.io or a self-hosted Sentry (same API under /api/0). */
export default defineIntegration({
  id: 'sentry',
  name: 'Sentry',
  category: 'ops',
  docsUrl: 'https://docs.sentry.io/api/',
  apiVersion: '0',
  baseUrl: 'https://sentry.io/api/0',
  baseUrlOverride: 'optional',
  auth: { type: 'bearer', field: 'auth_token' },
  fields: [
    {
      name: 'auth_token',
      label: 'Auth token (User settings > Personal Tokens, or an organization token)',
      secret: true,
      format: /^(sntry[us]_[A-Za-z0-9+/=_.-]{20,}|[a-f0-9]{64})$/,
      example: 'sntryu_0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef',
    },
  ],
  testAction: 'list_organizations',
  actions: {
    list_organizations: defineAction<Record<string, never>>({
      description: 'List the organizations the token can see (their slugs).',
      risk: 'read',
      method: 'GET',
      path: '/organizations/',
      input: z.object({}),
      result: (body) => pickEach(body, ['slug', 'name', 'id']),
      example: { input: {}, request: 'GET /api/0/organizations/' },
    }),
    list_projects: defineAction<z.infer<typeof org>>({
      description: "List an organization's projects.",
      risk: 'read',
      method: 'GET',
      path: '/organizations/{organization}/projects/',
      input: org,
      result: (body) => pickEach(body, ['id', 'slug', 'name', 'platform']),
      example: {
        input: { organization: 'acme' },
        request: 'GET /api/0/organizations/acme/projects/',
      },
    }),
    list_issues: defineAction<z.input<typeof listIssues>>({
      description: 'Search the issues (grouped errors) of an organization, newest first.',
      risk: 'read',
      method: 'GET',
      path: '/organizations/{organization}/issues/',
      input: listIssues,
      query: ['query', 'project', 'statsPeriod', 'sort', 'limit'],
      result: (body) => pickEach(body, issueFields),
      example: {
        input: { organization: 'acme', query: 'is:unresolved', statsPeriod: '24h', limit: 25 },
        request:
          'GET /api/0/organizations/acme/issues/?query=is%3Aunresolved&statsPeriod=24h&limit=25',
      },
    }),
    get_issue: defineAction<z.infer<typeof issue>>({
      description: 'Get one issue: title, status, counts, first and last seen.',
      risk: 'read',
      method: 'GET',
      path: '/organizations/{organization}/issues/{issue_id}/',
      input: issue,
      result: (body) => pick(body, [...issueFields, 'metadata', 'assignedTo:assignedTo.name']),
      example: {
        input: { organization: 'acme', issue_id: '4512345678' },
        request: 'GET /api/0/organizations/acme/issues/4512345678/',
      },
    }),
    get_latest_event: defineAction<z.infer<typeof issue>>({
      description: "Get an issue's latest event with its exception and stack trace.",
      risk: 'read',
      method: 'GET',
      path: '/organizations/{organization}/issues/{issue_id}/events/latest/',
      input: issue,
      result: (body) => ({
        ...pick(body, ['eventID', 'title', 'message', 'dateCreated', 'platform', 'tags']),
        exceptions: exceptions(body),
      }),
      example: {
        input: { organization: 'acme', issue_id: '4512345678' },
        request: 'GET /api/0/organizations/acme/issues/4512345678/events/latest/',
      },
    }),
    update_issue: defineAction<z.infer<typeof updateIssue>>({
      description: 'Resolve, ignore or reopen an issue.',
      risk: 'write',
      method: 'PUT',
      path: '/organizations/{organization}/issues/{issue_id}/',
      input: updateIssue,
      body: ['status'],
      result: (body) => pick(body, ['id', 'shortId', 'status']),
      example: {
        input: { organization: 'acme', issue_id: '4512345678', status: 'resolved' },
        request: 'PUT /api/0/organizations/acme/issues/4512345678/',
      },
    }),
  },
});
