import { z } from 'zod';
import { defineAction, defineIntegration } from '../../integration.js';
import { at, list, pick } from '../common.js';

/** Titles go in the path with underscores for spaces, as Wikipedia writes them. */
const title = z
  .string()
  .min(1)
  .max(255)
  .transform((text) => text.trim().replace(/ /g, '_'))
  .describe('Page title, such as "Alan Turing" (titles with a "/" cannot be fetched)');
const withoutTags = (html: unknown) =>
  typeof html === 'string' ? html.replace(/<[^>]*>/g, '') : html;

const search = z.object({
  q: z.string().min(1).describe('Search words'),
  limit: z.number().int().min(1).max(100).default(10).describe('Pages to return'),
});
const summary = z.object({
  title: title
    .default('Wikipedia')
    .describe('Page title, such as "Alan Turing" (default Wikipedia)'),
});
const page = z.object({ title });
const ON_THIS_DAY = ['selected', 'events', 'births', 'deaths', 'holidays'] as const;
const onThisDay = z.object({
  type: z.enum(ON_THIS_DAY).default('selected').describe('What happened on that day'),
  month: z
    .string()
    .regex(/^\d{2}$/)
    .describe('Month, two digits: "07"'),
  day: z
    .string()
    .regex(/^\d{2}$/)
    .describe('Day, two digits: "20"'),
});

/**
 * Wikipedia's REST APIs (the page content service under /api/rest_v1 and MediaWiki's core REST
 * API under /w/rest.php), in the language the operator picks. No credentials.
 */
export default defineIntegration({
  id: 'wikipedia',
  name: 'Wikipedia',
  category: 'public',
  docsUrl: 'https://api.wikimedia.org/wiki/Core_REST_API',
  apiVersion: 'core REST v1, rest_v1',
  baseUrl: 'https://{language}.wikipedia.org',
  auth: { type: 'none' },
  fields: [
    {
      name: 'language',
      label: 'Wikipedia language code, such as en, de or simple',
      secret: false,
      format: /^[a-z][a-z-]{1,20}$/,
      example: 'en',
      default: 'en',
    },
  ],
  // Wikimedia asks clients to stay well under 200 requests a second.
  rateLimit: { requests: 50, perSeconds: 1 },
  testAction: 'get_summary',
  actions: {
    search: defineAction<z.input<typeof search>>({
      description: 'Search pages by words; returns titles and short excerpts.',
      risk: 'read',
      method: 'GET',
      path: '/w/rest.php/v1/search/page',
      input: search,
      query: ['q', 'limit'],
      result: (body) =>
        list(body, 'pages').map((item) => ({
          ...pick(item, ['title', 'key', 'description']),
          excerpt: withoutTags(at(item, 'excerpt')),
        })),
      example: {
        input: { q: 'enigma machine', limit: 5 },
        request: 'GET /w/rest.php/v1/search/page?q=enigma+machine&limit=5',
      },
    }),
    get_summary: defineAction<z.input<typeof summary>>({
      description: "A page's lead summary in plain text, with its URL.",
      risk: 'read',
      method: 'GET',
      path: '/api/rest_v1/page/summary/{title}',
      input: summary,
      result: (body) =>
        pick(body, [
          'title',
          'description',
          'extract',
          'url:content_urls.desktop.page',
          'timestamp',
        ]),
      example: {
        input: { title: 'Alan Turing' },
        request: 'GET /api/rest_v1/page/summary/Alan_Turing',
      },
    }),
    get_page_source: defineAction<z.input<typeof page>>({
      description: "A page's full wikitext (cut at 20,000 characters).",
      risk: 'read',
      method: 'GET',
      path: '/w/rest.php/v1/page/{title}',
      input: page,
      result: (body) => {
        const source = at(body, 'source');
        return {
          ...pick(body, ['title', 'latest.timestamp']),
          source: typeof source === 'string' ? source.slice(0, 20000) : source,
        };
      },
      example: {
        input: { title: 'Enigma machine' },
        request: 'GET /w/rest.php/v1/page/Enigma_machine',
      },
    }),
    on_this_day: defineAction<z.input<typeof onThisDay>>({
      description: 'Events, births, deaths or holidays on a day of the year.',
      risk: 'read',
      method: 'GET',
      path: '/api/rest_v1/feed/onthisday/{type}/{month}/{day}',
      input: onThisDay,
      result: (body) => {
        // The answer holds one list, named after the type asked for.
        const entries = ON_THIS_DAY.map((type) => at(body, type)).find(Array.isArray);
        return list(entries)
          .slice(0, 30)
          .map((entry) => pick(entry, ['year', 'text']));
      },
      example: {
        input: { type: 'events', month: '07', day: '20' },
        request: 'GET /api/rest_v1/feed/onthisday/events/07/20',
      },
    }),
  },
});
