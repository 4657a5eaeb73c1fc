import { pino } from 'pino';
import { describe, expect, it } from 'vitest';
import { SearchService, type SearchSource } from './search.service.js';

const result = (id: string) => ({ id, title: id, detail: null, url: `/x/${id}`, at: null });

const source = (name: string, search: SearchSource['search']): SearchSource => ({
  name,
  label: name.toUpperCase(),
  search,
});

describe('search service', () => {
  it('reports a failing or slow source in its own group and still answers from the rest', async () => {
    const service = new SearchService(pino({ level: 'silent' }), 50);
    let aborted = false;
    service.register(
      source('fine', async ({ limit }) => ['a', 'b', 'c'].slice(0, limit).map(result)),
    );
    service.register(
      source('broken', async () => {
        throw new Error('relation does not exist');
      }),
    );
    service.register(
      source(
        'slow',
        ({ signal }) =>
          new Promise((resolve) => {
            signal.addEventListener('abort', () => {
              aborted = true;
              resolve([result('late')]);
            });
          }),
      ),
    );
    const response = await service.search({ text: 'x', limit: 2 });
    expect(response).toEqual({
      query: 'x',
      groups: [
        { source: 'fine', label: 'FINE', results: [result('a'), result('b')], error: null },
        { source: 'broken', label: 'BROKEN', results: [], error: 'source_failed' },
        { source: 'slow', label: 'SLOW', results: [], error: 'source_timeout' },
      ],
    });
    expect(aborted).toBe(true);
  });

  it('keeps a source to the limit even when it returns more', async () => {
    const service = new SearchService(pino({ level: 'silent' }));
    service.register(source('greedy', async () => ['a', 'b', 'c'].map(result)));
    const { groups } = await service.search({ text: 'x', limit: 1 });
    expect(groups[0]?.results).toEqual([result('a')]);
  });

  it('refuses a second source of the same name', () => {
    const service = new SearchService(pino({ level: 'silent' }));
    service.register(source('goals', async () => []));
    expect(() => service.register(source('goals', async () => []))).toThrow(/registered twice/);
  });
});
