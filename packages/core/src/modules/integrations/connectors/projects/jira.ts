import { z } from 'zod';
import { defineAction, defineIntegration } from '../../integration.js';
import { at, list, pick } from '../common.js';
import { atlassianAuth, atlassianFields, atlassianSite } from '../vendors.js';

const issueKey = z
  .string()
  .regex(/^[A-Z][A-Z0-9_]+-\d+$/)
  .describe('Issue key, such as PROJ-123.');
const SUMMARY_FIELDS = 'summary,status,assignee,priority,issuetype,updated';

/** API v3 writes rich text as Atlassian Document Format: one paragraph per line here. */
const document = (text: string) => ({
  type: 'doc',
  version: 1,
  content: text.split('\n').map((line) => ({
    type: 'paragraph',
    ...(line ? { content: [{ type: 'text', text: line }] } : {}),
  })),
});

/** The plain text of an ADF document, block by block. */
const plainText = (node: unknown): string => {
  if (at(node, 'type') === 'text') return String(at(node, 'text') ?? '');
  const children = list(node, 'content').map(plainText);
  return children.join(at(node, 'type') === 'doc' ? '\n' : '');
};

const issue = (value: unknown) => ({
  ...pick(value, ['key', 'fields.summary', 'fields.updated']),
  status: at(value, 'fields.status.name'),
  assignee: at(value, 'fields.assignee.displayName'),
  priority: at(value, 'fields.priority.name'),
  type: at(value, 'fields.issuetype.name'),
});

export default defineIntegration({
  id: 'jira',
  name: 'Jira',
  category: 'projects',
  docsUrl: 'https://developer.atlassian.com/cloud/jira/platform/rest/v3/intro/',
  apiVersion: '3',
  // Jira Cloud site; override for a different host name.
  baseUrl: 'https://{site}.atlassian.net',
  baseUrlOverride: 'optional',
  auth: atlassianAuth,
  fields: [atlassianSite, ...atlassianFields],
  testAction: 'myself',
  actions: {
    myself: defineAction({
      description: 'Name the account the token belongs to.',
      risk: 'read',
      method: 'GET',
      path: '/rest/api/3/myself',
      input: z.object({}),
      result: (body) => pick(body, ['accountId', 'displayName', 'emailAddress', 'timeZone']),
      example: { input: {}, request: 'GET /rest/api/3/myself' },
    }),
    search_issues: defineAction({
      description: 'Find issues with a JQL query.',
      risk: 'read',
      method: 'GET',
      path: '/rest/api/3/search/jql',
      input: z.object({
        jql: z
          .string()
          .min(1)
          .describe(
            'JQL, such as "project = PROJ AND statusCategory != Done ORDER BY updated DESC".',
          ),
        max_results: z
          .number()
          .int()
          .min(1)
          .max(100)
          .default(20)
          .describe('How many issues (1-100).'),
        next_page_token: z.string().optional().describe('nextPageToken of the previous page.'),
      }),
      query: ({ jql, max_results, next_page_token }) => ({
        jql,
        fields: SUMMARY_FIELDS,
        maxResults: max_results,
        nextPageToken: next_page_token,
      }),
      result: (body) => ({
        ...pick(body, ['nextPageToken', 'isLast']),
        issues: list(body, 'issues').map(issue),
      }),
      example: {
        input: { jql: 'project = PROJ', max_results: 20 },
        request:
          'GET /rest/api/3/search/jql?jql=project+%3D+PROJ&fields=summary%2Cstatus%2Cassignee%2Cpriority%2Cissuetype%2Cupdated&maxResults=20',
      },
    }),
    get_issue: defineAction({
      description: 'Read an issue: its fields, description and latest comments.',
      risk: 'read',
      method: 'GET',
      path: '/rest/api/3/issue/{issue_key}',
      input: z.object({ issue_key: issueKey }),
      query: () => ({ fields: `${SUMMARY_FIELDS},description,comment` }),
      result: (body) => ({
        ...issue(body),
        description: plainText(at(body, 'fields.description')),
        comments: list(body, 'fields.comment.comments')
          .slice(-10)
          .map((comment) => ({
            author: at(comment, 'author.displayName'),
            created: at(comment, 'created'),
            text: plainText(at(comment, 'body')),
          })),
      }),
      example: {
        input: { issue_key: 'PROJ-123' },
        request:
          'GET /rest/api/3/issue/PROJ-123?fields=summary%2Cstatus%2Cassignee%2Cpriority%2Cissuetype%2Cupdated%2Cdescription%2Ccomment',
      },
    }),
    create_issue: defineAction({
      description: 'Create an issue in a project.',
      risk: 'write',
      method: 'POST',
      path: '/rest/api/3/issue',
      input: z.object({
        project_key: z
          .string()
          .regex(/^[A-Z][A-Z0-9_]+$/)
          .describe('Project key, such as PROJ.'),
        summary: z.string().min(1).max(255).describe('Issue title.'),
        issue_type: z.string().default('Task').describe('Issue type name: Task, Bug, Story...'),
        description: z.string().optional().describe('Issue text, one paragraph per line.'),
      }),
      body: ({ project_key, summary, issue_type, description }) => ({
        fields: {
          project: { key: project_key },
          summary,
          issuetype: { name: issue_type },
          ...(description ? { description: document(description) } : {}),
        },
      }),
      result: (body) => pick(body, ['id', 'key']),
      example: {
        input: { project_key: 'PROJ', summary: 'Login times out', issue_type: 'Bug' },
        request: 'POST /rest/api/3/issue',
      },
    }),
    add_comment: defineAction({
      description: 'Comment on an issue.',
      risk: 'write',
      method: 'POST',
      path: '/rest/api/3/issue/{issue_key}/comment',
      input: z.object({
        issue_key: issueKey,
        text: z.string().min(1).describe('Comment text, one paragraph per line.'),
      }),
      body: ({ text }) => ({ body: document(text) }),
      result: (body) => pick(body, ['id', 'created']),
      example: {
        input: { issue_key: 'PROJ-123', text: 'Reproduced on staging.' },
        request: 'POST /rest/api/3/issue/PROJ-123/comment',
      },
    }),
    list_transitions: defineAction({
      description: 'List the workflow transitions an issue can take now (for transition_issue).',
      risk: 'read',
      method: 'GET',
      path: '/rest/api/3/issue/{issue_key}/transitions',
      input: z.object({ issue_key: issueKey }),
      result: (body) =>
        list(body, 'transitions').map((transition) => ({
          ...pick(transition, ['id', 'name']),
          to: at(transition, 'to.name'),
        })),
      example: {
        input: { issue_key: 'PROJ-123' },
        request: 'GET /rest/api/3/issue/PROJ-123/transitions',
      },
    }),
    transition_issue: defineAction({
      description: 'Move an issue to another status through a transition.',
      risk: 'write',
      method: 'POST',
      path: '/rest/api/3/issue/{issue_key}/transitions',
      input: z.object({
        issue_key: issueKey,
        transition_id: z.string().regex(/^\d+$/).describe('Transition ID, from list_transitions.'),
      }),
      body: ({ transition_id }) => ({ transition: { id: transition_id } }),
      example: {
        input: { issue_key: 'PROJ-123', transition_id: '31' },
        request: 'POST /rest/api/3/issue/PROJ-123/transitions',
      },
    }),
  },
});
