import { z } from 'zod';
import { commaList, durationText, field, httpUrl } from './field.js';

/** Outbound access of the skills: SSRF allowlist, fetch limits, search and browser. */
export const skillsConfig = {
  ssrfAllowlist: field('SSRF_ALLOWLIST', commaList, {
    doc: 'Hosts, IP addresses or CIDR ranges the skills may reach even though they are private.',
  }),
  fetchMaxBytes: field(
    'FETCH_MAX_BYTES',
    z.coerce
      .number()
      .int()
      .min(1024)
      .max(100 * 1024 * 1024),
    {
      default: '2097152',
      doc: 'Largest response body a skill reads from the network, in bytes.',
    },
  ),
  fetchTimeoutMs: field('FETCH_TIMEOUT', durationText(1_000, 300_000), {
    default: '20s',
    doc: 'Time limit of one outbound request of a skill, redirects included.',
  }),
  searxngUrl: field('SEARXNG_URL', httpUrl.optional(), {
    doc: 'SearXNG server for web_search (its JSON format must be enabled).',
  }),
  braveApiKey: field('BRAVE_API_KEY', z.string().min(1).optional(), {
    doc: 'Brave Search API key for web_search (used when SEARXNG_URL is unset).',
    secret: true,
  }),
  braveSearchUrl: field('BRAVE_SEARCH_URL', httpUrl, {
    default: 'https://api.search.brave.com/res/v1/web/search',
    doc: 'Endpoint of the Brave Search API.',
  }),
  chromiumPath: field('CHROMIUM_PATH', z.string().min(1).optional(), {
    doc: 'Chromium for the browser skill; unset looks in the usual places (/usr/bin/chromium).',
  }),
  browserMaxSessions: field('BROWSER_MAX_SESSIONS', z.coerce.number().int().min(1).max(32), {
    default: '3',
    doc: 'Most browser pages open at once; more calls wait their turn.',
  }),
};
