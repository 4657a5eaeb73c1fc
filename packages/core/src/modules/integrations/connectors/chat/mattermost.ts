import { z } from 'zod';
import { defineAction, defineIntegration } from '../../integration.js';
import { at, list, pageSize, pick, pickEach } from '../common.js';

const id = z.string().regex(/^[a-z0-9]{26}$/);
const post = ['id', 'channel_id', 'user_id', 'message', 'create_at', 'root_id'];

/** A PostList keeps posts in a map and their order in a list of IDs. */
const postList = (body: unknown) =>
  list(body, 'order').map((postId) => pick(at(body, `posts.${String(postId)}`), post));

export default defineIntegration({
  id: 'mattermost',
  name: 'Mattermost',
  category: 'chat',
  docsUrl: 'https://developers.mattermost.com/api-documentation/',
  apiVersion: 'v4',
  // Self-hosted: the operator sets the address of their own server.
  baseUrl: 'https://mattermost.example.com',
  baseUrlOverride: 'required',
  auth: { type: 'bearer', field: 'access_token' },
  fields: [
    {
      name: 'access_token',
      label: 'Personal access token or bot token',
      secret: true,
      format: /^[a-z0-9]{26}$/,
      example: 'c3kg8hs7aif9xbw1ezm4ptgn5r',
    },
  ],
  // The server's default rate limit is 10 requests a second per client.
  rateLimit: { requests: 8, perSeconds: 1 },
  testAction: 'get_me',
  actions: {
    get_me: defineAction({
      description: 'Name the user the token belongs to.',
      risk: 'read',
      method: 'GET',
      path: '/api/v4/users/me',
      input: z.object({}),
      result: (body) => pick(body, ['id', 'username', 'email', 'roles']),
      example: { input: {}, request: 'GET /api/v4/users/me' },
    }),
    list_teams: defineAction({
      description: 'List the teams the user belongs to.',
      risk: 'read',
      method: 'GET',
      path: '/api/v4/users/me/teams',
      input: z.object({}),
      result: (body) => pickEach(body, ['id', 'name', 'display_name']),
      example: { input: {}, request: 'GET /api/v4/users/me/teams' },
    }),
    list_channels: defineAction({
      description: "List the user's channels in a team.",
      risk: 'read',
      method: 'GET',
      path: '/api/v4/users/me/teams/{team_id}/channels',
      input: z.object({ team_id: id.describe('Team ID.') }),
      result: (body) => pickEach(body, ['id', 'name', 'display_name', 'type', 'purpose']),
      example: {
        input: { team_id: 'o1f7kx5zb3ne8mq9htyrd4jw6c' },
        request: 'GET /api/v4/users/me/teams/o1f7kx5zb3ne8mq9htyrd4jw6c/channels',
      },
    }),
    channel_posts: defineAction({
      description: 'Read the latest posts of a channel, newest first.',
      risk: 'read',
      method: 'GET',
      path: '/api/v4/channels/{channel_id}/posts',
      input: z.object({
        channel_id: id.describe('Channel ID.'),
        per_page: pageSize(200, 'posts'),
        page: z.number().int().min(0).optional().describe('Page number, from 0.'),
      }),
      query: ['page', 'per_page'],
      result: postList,
      example: {
        input: { channel_id: 'r9wdj3qh1pbx7tcsk5ezmy8gna', per_page: 30 },
        request: 'GET /api/v4/channels/r9wdj3qh1pbx7tcsk5ezmy8gna/posts?per_page=30',
      },
    }),
    create_post: defineAction({
      description: 'Post a message to a channel, or reply in a thread.',
      risk: 'write',
      method: 'POST',
      path: '/api/v4/posts',
      input: z.object({
        channel_id: id.describe('Channel ID.'),
        message: z.string().min(1).max(16_383).describe('Message text, Markdown allowed.'),
        root_id: id.optional().describe('ID of the thread root post to reply to.'),
      }),
      body: ['channel_id', 'message', 'root_id'],
      result: (body) => pick(body, post),
      example: {
        input: { channel_id: 'r9wdj3qh1pbx7tcsk5ezmy8gna', message: 'Deploy finished.' },
        request: 'POST /api/v4/posts',
      },
    }),
    search_posts: defineAction({
      description: 'Search the posts of a team (from:user and in:channel work in the terms).',
      risk: 'read',
      method: 'POST',
      path: '/api/v4/teams/{team_id}/posts/search',
      input: z.object({
        team_id: id.describe('Team ID.'),
        terms: z.string().min(1).describe('Search terms, such as "outage in:town-square".'),
        is_or_search: z.boolean().default(false).describe('Match any term instead of all.'),
      }),
      body: ['terms', 'is_or_search'],
      result: postList,
      example: {
        input: { team_id: 'o1f7kx5zb3ne8mq9htyrd4jw6c', terms: 'outage', is_or_search: false },
        request: 'POST /api/v4/teams/o1f7kx5zb3ne8mq9htyrd4jw6c/posts/search',
      },
    }),
  },
});
