import { type Detection, fingerprintOf, redacted } from './detection.js';

/** The same page read in this many requests, on at least `minDays` days. */
export const FETCH_RULES = { minRequests: 3, minDays: 2, days: 14, intervalSeconds: 3_600 };

/** Read-only skills whose targets are pages (http_request counts only as a GET). */
export const FETCHING_SKILLS = ['fetch_url', 'browser', 'http_request'];

/** Paths and queries that name a feed: /feed, /rss, /atom, *.rss, *.atom, rss.xml, ?format=rss. */
const FEED_URL =
  /(?:\/(?:feed|feeds|rss|atom)(?:\/|\.xml)?$|\.(?:rss|atom)$|\/(?:rss|atom|feed|index)\.xml$|[?&](?:format|type|feed)=(?:rss|atom)\b)/i;

export interface RepeatedTarget {
  target: string;
  count: number;
  days: number;
  first_at: string;
  last_at: string;
  request_ids: string[];
}

export function isFeedUrl(url: URL): boolean {
  const path = url.pathname.replace(/\/+$/, '') || '/';
  return FEED_URL.test(path) || FEED_URL.test(url.search);
}

/**
 * A page the agent keeps reading becomes a monitor proposal (tell me when it changes), or a
 * feed subscription when the URL is a feed's. Already watched URLs are left out.
 */
export function detectFetch(target: RepeatedTarget, watched: Set<string>): Detection | null {
  if (target.count < FETCH_RULES.minRequests || target.days < FETCH_RULES.minDays) return null;
  if (redacted(target.target)) return null;
  let url: URL;
  try {
    url = new URL(target.target);
  } catch {
    return null;
  }
  if (watched.has(url.href)) return null;
  const feed = isFeedUrl(url);
  const place = `${url.host}${url.pathname === '/' ? '' : url.pathname}`;
  const evidence = {
    summary: `Read in ${target.count} requests on ${target.days} days`,
    count: target.count,
    first_at: target.first_at,
    last_at: target.last_at,
    request_ids: target.request_ids,
  };
  if (feed)
    return {
      kind: 'subscription',
      fingerprint: fingerprintOf('subscription', url.href),
      title: `Subscribe to the feed ${place}`,
      support: target.count,
      evidence,
      proposal: { kind: 'feed', url: url.href },
    };
  return {
    kind: 'monitor',
    fingerprint: fingerprintOf('monitor', url.href),
    title: `Watch ${place} for changes`,
    support: target.count,
    evidence,
    proposal: {
      kind: 'monitor',
      name: `Changes on ${place}`.slice(0, 200),
      url: url.href,
      check: 'changed',
      interval_seconds: FETCH_RULES.intervalSeconds,
    },
  };
}
