import type { FastifyRequest } from 'fastify';
import { CsrfError } from '../../errors/app-error.js';

/** Sec-Fetch-Site values of a request the page itself (or the address bar) made. */
const OWN_FETCH_SITES = new Set(['same-origin', 'none']);

/**
 * Login CSRF: a sign-in form posted from another site would sign the operator's browser into
 * an account the attacker chose. Browsers say where a post came from (Sec-Fetch-Site, Origin,
 * Referer) and the sign-in form has no session to carry a token yet, so those are checked.
 * Scripts send none of them and keep working.
 */
export function assertOwnOriginLogin(request: FastifyRequest): void {
  const fetchSite = request.headers['sec-fetch-site'];
  // A browser that sends Sec-Fetch-Site is believed: pages cannot forge it. Its Origin may be
  // `null` on our own form (the pages' Referrer-Policy is no-referrer), so it decides alone.
  if (typeof fetchSite === 'string') {
    if (OWN_FETCH_SITES.has(fetchSite.toLowerCase())) return;
    throw new CsrfError('Sign-in forms are accepted from this site only');
  }
  const origin = request.headers.origin ?? refererOrigin(request.headers.referer);
  if (origin === undefined) return;
  if (!sameHost(origin, request.host))
    throw new CsrfError('Sign-in forms are accepted from this site only');
}

function refererOrigin(referer: string | undefined): string | undefined {
  return referer === undefined || referer === '' ? undefined : referer;
}

/**
 * Whether an Origin or Referer names the host the request was sent to. Both are read as URLs of
 * the same scheme so a default port (:80, :443) written on one side only still matches;
 * `null` and anything unparsable do not match.
 */
function sameHost(value: string, requestHost: string): boolean {
  try {
    const url = new URL(value);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return false;
    return url.host === new URL(`${url.protocol}//${requestHost}`).host;
  } catch {
    return false;
  }
}
