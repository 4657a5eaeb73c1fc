import { z } from 'zod';
import { defineAction, defineIntegration } from '../../integration.js';
import { at, graphqlErrors, list, pick } from '../common.js';

// Every action is one GraphQL document POSTed to /graphql with its variables. GraphQL reports
// failures as 200 with `errors`: an upstream error.
const graphql = (query: string, variables: Record<string, unknown> = {}) => ({ query, variables });
const ISSUE_FIELDS = 'id identifier title url priority updatedAt state { name } assignee { name }';
const issue = (value: unknown) => ({
  ...pick(value, ['id', 'identifier', 'title', 'url', 'priority', 'updatedAt']),
  state: at(value, 'state.name'),
  assignee: at(value, 'assignee.name'),
});
const errors = (body: unknown) => pick(body, ['errors']);

export default defineIntegration({
  id: 'linear',
  name: 'Linear',
  category: 'projects',
  docsUrl: 'https://linear.app/developers/graphql',
  apiVersion: 'GraphQL',
  baseUrl: 'https://api.linear.app',
  // A personal API key goes in Authorization as it is, without "Bearer".
  auth: {
    type: 'api_key',
    placements: [{ in: 'header', name: 'Authorization', field: 'api_key' }],
  },
  fields: [
    {
      name: 'api_key',
      label: 'Personal API key',
      secret: true,
      format: /^lin_api_[A-Za-z0-9]{40}$/,
      example: 'lin_api_AbCdEfGhIjKlMnOpQrStUvWxYz0123456789AbCd',
    },
  ],
  // API keys get 1,500 requests an hour at least.
  rateLimit: { requests: 1200, perSeconds: 3600 },
  failureIn: graphqlErrors,
  testAction: 'viewer',
  actions: {
    viewer: defineAction({
      description: 'Name the user the API key belongs to.',
      risk: 'read',
      method: 'POST',
      path: '/graphql',
      input: z.object({}),
      body: () => graphql('query { viewer { id name email } }'),
      result: (body) => ({
        ...errors(body),
        ...pick(at(body, 'data.viewer'), ['id', 'name', 'email']),
      }),
      example: { input: {}, request: 'POST /graphql' },
    }),
    list_teams: defineAction({
      description: 'List the teams, with the IDs that create_issue needs.',
      risk: 'read',
      method: 'POST',
      path: '/graphql',
      input: z.object({}),
      body: () => graphql('query { teams { nodes { id key name } } }'),
      result: (body) => ({ ...errors(body), teams: list(body, 'data.teams.nodes') }),
      example: { input: {}, request: 'POST /graphql' },
    }),
    list_issues: defineAction({
      description: 'List issues, recently updated first, filtered by team, state or assignee.',
      risk: 'read',
      method: 'POST',
      path: '/graphql',
      input: z.object({
        team_key: z.string().optional().describe('Team key, such as ENG.'),
        state: z.string().optional().describe('Workflow state name, such as "In Progress".'),
        assigned_to_me: z.boolean().optional().describe('Only issues assigned to the key owner.'),
        first: z.number().int().min(1).max(100).default(25).describe('How many issues (1-100).'),
      }),
      body: ({ team_key, state, assigned_to_me, first }) =>
        graphql(
          `query ($filter: IssueFilter, $first: Int) { issues(filter: $filter, first: $first, orderBy: updatedAt) { nodes { ${ISSUE_FIELDS} } } }`,
          {
            first,
            filter: {
              ...(team_key ? { team: { key: { eq: team_key } } } : {}),
              ...(state ? { state: { name: { eq: state } } } : {}),
              ...(assigned_to_me ? { assignee: { isMe: { eq: true } } } : {}),
            },
          },
        ),
      result: (body) => ({ ...errors(body), issues: list(body, 'data.issues.nodes').map(issue) }),
      example: { input: { team_key: 'ENG', first: 25 }, request: 'POST /graphql' },
    }),
    search_issues: defineAction({
      description: 'Search issues by text in their title and description.',
      risk: 'read',
      method: 'POST',
      path: '/graphql',
      input: z.object({
        term: z.string().min(1).describe('Words to search for.'),
        first: z.number().int().min(1).max(50).default(10).describe('How many issues (1-50).'),
      }),
      body: ({ term, first }) =>
        graphql(
          `query ($term: String!, $first: Int) { searchIssues(term: $term, first: $first) { nodes { ${ISSUE_FIELDS} } } }`,
          { term, first },
        ),
      result: (body) => ({
        ...errors(body),
        issues: list(body, 'data.searchIssues.nodes').map(issue),
      }),
      example: { input: { term: 'login timeout', first: 10 }, request: 'POST /graphql' },
    }),
    create_issue: defineAction({
      description: 'Create an issue in a team.',
      risk: 'write',
      method: 'POST',
      path: '/graphql',
      input: z.object({
        team_id: z.string().min(1).describe('Team ID (UUID, from list_teams).'),
        title: z.string().min(1).describe('Issue title.'),
        description: z.string().optional().describe('Issue text, Markdown allowed.'),
        priority: z
          .number()
          .int()
          .min(0)
          .max(4)
          .optional()
          .describe('0 none, 1 urgent, 2 high, 3 normal, 4 low.'),
      }),
      body: ({ team_id, ...issueInput }) =>
        graphql(
          `mutation ($input: IssueCreateInput!) { issueCreate(input: $input) { success issue { ${ISSUE_FIELDS} } } }`,
          { input: { teamId: team_id, ...issueInput } },
        ),
      result: (body) => ({
        ...errors(body),
        ...pick(body, ['success:data.issueCreate.success']),
        issue: issue(at(body, 'data.issueCreate.issue')),
      }),
      example: {
        input: { team_id: '9cfb482a-81e3-4154-b5b9-2c805e70a02d', title: 'Login times out' },
        request: 'POST /graphql',
      },
    }),
    add_comment: defineAction({
      description: 'Comment on an issue.',
      risk: 'write',
      method: 'POST',
      path: '/graphql',
      input: z.object({
        issue: z.string().min(1).describe('Issue identifier (ENG-123) or ID.'),
        body: z.string().min(1).describe('Comment text, Markdown allowed.'),
      }),
      body: ({ issue: issueId, body }) =>
        graphql(
          'mutation ($input: CommentCreateInput!) { commentCreate(input: $input) { success comment { id url } } }',
          { input: { issueId, body } },
        ),
      result: (body) => ({
        ...errors(body),
        ...pick(at(body, 'data.commentCreate'), ['success', 'comment']),
      }),
      example: {
        input: { issue: 'ENG-123', body: 'Reproduced on staging.' },
        request: 'POST /graphql',
      },
    }),
  },
});
