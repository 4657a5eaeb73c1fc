import { z } from 'zod';
import { defineAction, defineIntegration } from '../../integration.js';
import { at, list, pick } from '../common.js';

/** Item text is HTML; the model reads it better as plain text, and shorter. */
const plainText = (html: unknown) =>
  typeof html === 'string'
    ? html
        .replace(/<p>/g, '\n\n')
        .replace(/<[^>]*>/g, '')
        .replace(/&#x27;/g, "'")
        .replace(/&quot;/g, '"')
        .replace(/&gt;/g, '>')
        .replace(/&lt;/g, '<')
        .replace(/&#x2F;/g, '/')
        .replace(/&amp;/g, '&')
        .slice(0, 4000)
    : undefined;

const stories = z.object({
  list: z
    .enum(['topstories', 'newstories', 'beststories', 'askstories', 'showstories', 'jobstories'])
    .default('topstories')
    .describe('Which list; each holds up to 500 (top, new, best) or 200 story IDs'),
});
const item = z.object({
  id: z.number().int().min(1).describe('Item ID (story, comment, job, poll)'),
});
const user = z.object({
  id: z.string().min(1).describe('User name, case-sensitive, such as "pg"'),
});

/** Hacker News' official Firebase API: public, read-only, no credentials and no rate limit. */
export default defineIntegration({
  id: 'hacker-news',
  name: 'Hacker News',
  category: 'public',
  docsUrl: 'https://github.com/HackerNews/API',
  apiVersion: 'v0',
  baseUrl: 'https://hacker-news.firebaseio.com/v0',
  auth: { type: 'none' },
  fields: [],
  testAction: 'list_stories',
  actions: {
    list_stories: defineAction<z.input<typeof stories>>({
      description: 'The IDs of the top, new, best, Ask HN, Show HN or job stories (first 30).',
      risk: 'read',
      method: 'GET',
      path: '/{list}.json',
      input: stories,
      result: (body) => list(body).slice(0, 30),
      example: { input: { list: 'topstories' }, request: 'GET /v0/topstories.json' },
    }),
    get_item: defineAction<z.infer<typeof item>>({
      description: 'A story, comment or job: title, link, score, text and the IDs of its replies.',
      risk: 'read',
      method: 'GET',
      path: '/item/{id}.json',
      input: item,
      result: (body) => ({
        ...pick(body, [
          'id',
          'type',
          'by',
          'time',
          'title',
          'url',
          'score',
          'descendants',
          'parent',
        ]),
        text: plainText(at(body, 'text')),
        kids: list(body, 'kids').slice(0, 30),
      }),
      example: { input: { id: 8863 }, request: 'GET /v0/item/8863.json' },
    }),
    get_user: defineAction<z.infer<typeof user>>({
      description: "A user's karma, age, about text and number of submissions.",
      risk: 'read',
      method: 'GET',
      path: '/user/{id}.json',
      input: user,
      result: (body) => ({
        ...pick(body, ['id', 'created', 'karma']),
        about: plainText(at(body, 'about')),
        submissions: list(body, 'submitted').length,
      }),
      example: { input: { id: 'jl' }, request: 'GET /v0/user/jl.json' },
    }),
    max_item: defineAction<Record<string, never>>({
      description: 'The newest item ID (walk backwards from it for the latest activity).',
      risk: 'read',
      method: 'GET',
      path: '/maxitem.json',
      input: z.object({}),
      example: { input: {}, request: 'GET /v0/maxitem.json' },
    }),
  },
});
