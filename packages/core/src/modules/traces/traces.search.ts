import type { SearchResult } from '../search/search.schema.js';
import type { SearchSource } from '../search/search.service.js';
import { oneLine } from '../search/search-text.js';
import type { TracesRepository } from './traces.repository.js';
import type { Trace } from './traces.schema.js';

const CHAT_ID = /^[A-Za-z0-9._:-]{1,128}$/;

const traceResult = (trace: Trace): SearchResult => ({
  id: trace.request_id,
  title: oneLine(trace.input || '(empty request)', 100),
  detail: `${trace.tier} · ${trace.status} · ${trace.request_id}${trace.chat_id ? ` · chat ${trace.chat_id}` : ''}`,
  url: `/traces/${encodeURIComponent(trace.request_id)}`,
  at: trace.created_at,
});

/** Shorter parts match too much of an id to mean one trace. */
const MIN_ID_PART = 4;

/**
 * Traces by request id (whole, or any part of at least 4 characters), or by chat id: the chat's
 * filtered list first, then its latest traces. Each lookup uses an index (the part through a
 * trigram index), so this stays instant at millions of traces.
 */
export const tracesSearchSource = (traces: TracesRepository): SearchSource => ({
  name: 'traces',
  label: 'Traces',
  async search({ text, limit }) {
    const results: SearchResult[] = [];
    const byRequest = await traces.get(text);
    if (byRequest) results.push(traceResult(byRequest));
    else if (text.length >= MIN_ID_PART)
      results.push(...(await traces.byIdPart(text, limit)).map(traceResult));
    if (!CHAT_ID.test(text)) return results;
    const { traces: ofChat, next_cursor } = await traces.page({ chat_id: text, limit });
    if (ofChat.length === 0) return results;
    results.push({
      id: `chat:${text}`,
      title: `Traces of chat ${text}`,
      detail: `${next_cursor ? `${ofChat.length}+` : ofChat.length} traces, latest ${ofChat[0]?.tier}`,
      url: `/traces?chat_id=${encodeURIComponent(text)}`,
      at: ofChat[0]?.created_at ?? null,
    });
    results.push(...ofChat.map(traceResult));
    return results.slice(0, limit);
  },
});
