import type { FastifyBaseLogger } from 'fastify';
import type { SearchGroup, SearchResponse, SearchResult } from './search.schema.js';

export interface SearchRequest {
  /** The operator's text, trimmed, never empty. */
  text: string;
  /** Most results this source should return. */
  limit: number;
  /** Aborted when the source runs out of time. */
  signal: AbortSignal;
}

/**
 * What a module contributes to the search: it answers from its own records through its own
 * service, so the search never reads another module's tables.
 */
export interface SearchSource {
  /** Stable machine name (`goals`, `traces`), used by `?sources=`. */
  name: string;
  /** Group heading in the palette. */
  label: string;
  search(request: SearchRequest): Promise<SearchResult[]>;
}

/** A source slower than this is reported as timed out, so one slow table never stalls the palette. */
const SOURCE_TIMEOUT_MS = 3_000;

/** The registry of search sources and the one search that asks them all at once. */
export class SearchService {
  private readonly registered = new Map<string, SearchSource>();

  constructor(
    private readonly log: FastifyBaseLogger,
    private readonly timeoutMs = SOURCE_TIMEOUT_MS,
  ) {}

  register(source: SearchSource): void {
    if (this.registered.has(source.name))
      throw new Error(`search source ${source.name} is registered twice`);
    this.registered.set(source.name, source);
  }

  sources(): Array<{ source: string; label: string }> {
    return [...this.registered.values()].map(({ name, label }) => ({ source: name, label }));
  }

  /** Every source (or the named ones) in registration order; a failing source fails alone. */
  async search(query: {
    text: string;
    limit: number;
    sources?: string[];
  }): Promise<SearchResponse> {
    const wanted = query.sources ? new Set(query.sources) : null;
    const sources = [...this.registered.values()].filter((s) => !wanted || wanted.has(s.name));
    const groups = await Promise.all(sources.map((source) => this.ask(source, query)));
    return { query: query.text, groups };
  }

  private async ask(
    source: SearchSource,
    query: { text: string; limit: number },
  ): Promise<SearchGroup> {
    const group = { source: source.name, label: source.label };
    const controller = new AbortController();
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<'timeout'>((resolve) => {
      timer = setTimeout(() => resolve('timeout'), this.timeoutMs);
    });
    try {
      const outcome = await Promise.race([
        source.search({ text: query.text, limit: query.limit, signal: controller.signal }),
        timeout,
      ]);
      if (outcome === 'timeout') {
        controller.abort();
        this.log.warn({ source: source.name }, 'search source timed out');
        return { ...group, results: [], error: 'source_timeout' };
      }
      return { ...group, results: outcome.slice(0, query.limit), error: null };
    } catch (error) {
      this.log.error({ err: error, source: source.name }, 'search source failed');
      return { ...group, results: [], error: 'source_failed' };
    } finally {
      clearTimeout(timer);
    }
  }
}
