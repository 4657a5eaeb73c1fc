import { NotFoundError } from '../../errors/app-error.js';
import type { SearchResult } from '../search/search.schema.js';
import type { SearchSource } from '../search/search.service.js';
import { oneLine } from '../search/search-text.js';
import type { MemoryItem } from './memory.schema.js';
import type { MemoryService } from './memory.service.js';
import { ITEM_STATUSES } from './memory.tables.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const itemResult = (item: MemoryItem): SearchResult => ({
  id: item.id,
  title: oneLine(item.text),
  detail: `${item.path} · ${item.status} · confidence ${item.confidence}`,
  url: `/memory?item=${item.id}`,
  at: item.updated_at,
});

/**
 * Memory items of every status by the memory's own lexical search (full text and trigram; no
 * embedding call per keystroke), or by exact id.
 */
export const memorySearchSource = (memory: MemoryService): SearchSource => ({
  name: 'memory',
  label: 'Memory',
  async search({ text, limit, signal }) {
    if (UUID.test(text)) {
      const item = await memory.get(text.toLowerCase()).catch((error: unknown) => {
        if (error instanceof NotFoundError) return null;
        throw error;
      });
      if (item) return [itemResult(item)];
    }
    const { hits } = await memory.search({
      q: text,
      scope: 'items',
      limit,
      statuses: [...ITEM_STATUSES],
      mode: 'lexical',
      signal,
    });
    return hits.flatMap((hit) => (hit.type === 'item' ? [itemResult(hit.item)] : []));
  },
});
