import { z } from 'zod';
import { defineAction, defineIntegration } from '../../integration.js';

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

/** The text of an XML element's content, entities decoded and whitespace folded. */
const text = (xml: string) =>
  xml
    .replace(/&(amp|lt|gt|quot|apos);/g, (_entity, name: string) => ENTITIES[name] ?? '')
    .replace(/\s+/g, ' ')
    .trim();
const element = (xml: string, name: string) =>
  text(new RegExp(`<${name}[^>]*>([\\s\\S]*?)</${name}>`).exec(xml)?.[1] ?? '');
const attribute = (xml: string, pattern: RegExp) => pattern.exec(xml)?.[1];

/**
 * The Atom feed arXiv answers with, as the fields a reader wants. The runtime hands XML over as
 * text; the feed's shape is fixed and flat, so a few patterns read it.
 */
function papersOf(feed: unknown) {
  const xml = typeof feed === 'string' ? feed : '';
  const entries = xml.match(/<entry>[\s\S]*?<\/entry>/g) ?? [];
  return {
    total: Number(element(xml, 'opensearch:totalResults')) || entries.length,
    papers: entries.map((entry) => ({
      id: element(entry, 'id').replace(/^https?:\/\/arxiv\.org\/abs\//, ''),
      title: element(entry, 'title'),
      authors: [...entry.matchAll(/<name>([\s\S]*?)<\/name>/g)].map((match) =>
        text(match[1] ?? ''),
      ),
      published: element(entry, 'published'),
      updated: element(entry, 'updated'),
      category: attribute(entry, /<arxiv:primary_category[^>]*term="([^"]+)"/),
      pdf: attribute(entry, /<link[^>]*title="pdf"[^>]*href="([^"]+)"/),
      abstract: element(entry, 'summary').slice(0, 1500),
    })),
  };
}

const search = z.object({
  search_query: z
    .string()
    .min(1)
    .default('cat:cs.AI')
    .describe(
      'arXiv query: fields ti:, au:, abs:, cat:, all: joined by AND/OR/ANDNOT, such as "ti:diffusion AND cat:cs.CV"',
    ),
  start: z.number().int().min(0).default(0).describe('Results to skip'),
  max_results: z.number().int().min(1).max(100).default(10).describe('Papers to return'),
  sortBy: z
    .enum(['relevance', 'lastUpdatedDate', 'submittedDate'])
    .default('submittedDate')
    .describe('Sort key'),
  sortOrder: z.enum(['ascending', 'descending']).default('descending').describe('Sort order'),
});
const papers = z.object({
  id_list: z
    .string()
    .min(1)
    .describe('Comma-separated arXiv IDs, such as "2401.00001,1706.03762v7"'),
});

/** arXiv's export API (Atom): search preprints and read their abstracts. Public, no key. */
export default defineIntegration({
  id: 'arxiv',
  name: 'arXiv',
  category: 'public',
  docsUrl: 'https://info.arxiv.org/help/api/user-manual.html',
  apiVersion: '1.0 (Atom)',
  baseUrl: 'https://export.arxiv.org/api',
  auth: { type: 'none' },
  fields: [],
  headers: { Accept: 'application/atom+xml' },
  // arXiv asks for no more than one request every three seconds.
  rateLimit: { requests: 1, perSeconds: 3 },
  testAction: 'search',
  actions: {
    search: defineAction<z.input<typeof search>>({
      description: 'Search preprints by title, author, abstract or category; newest first.',
      risk: 'read',
      method: 'GET',
      path: '/query',
      input: search,
      query: ['search_query', 'start', 'max_results', 'sortBy', 'sortOrder'],
      result: papersOf,
      example: {
        input: { search_query: 'ti:transformer AND cat:cs.CL', max_results: 5 },
        request:
          'GET /api/query?search_query=ti%3Atransformer+AND+cat%3Acs.CL&start=0&max_results=5&sortBy=submittedDate&sortOrder=descending',
      },
    }),
    get_papers: defineAction<z.infer<typeof papers>>({
      description: 'Title, authors, abstract and PDF link of papers by arXiv ID.',
      risk: 'read',
      method: 'GET',
      path: '/query',
      input: papers,
      query: ['id_list'],
      result: papersOf,
      example: {
        input: { id_list: '1706.03762' },
        request: 'GET /api/query?id_list=1706.03762',
      },
    }),
  },
});
