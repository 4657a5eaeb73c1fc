import type { FastifyRequest } from 'fastify';

/** Paths that are never dashboard pages, whatever the Accept header says. */
const NON_PAGE_PREFIXES = ['/api/', '/auth/', '/assets/'];

/**
 * A browser navigation to a dashboard page: GET or HEAD asking for HTML. Such requests get the
 * single-page app (or a redirect to /login), while scripts get JSON from the same paths.
 */
export function isPageRequest(request: FastifyRequest): boolean {
  if (request.method !== 'GET' && request.method !== 'HEAD') return false;
  const path = request.url.split('?')[0] ?? '/';
  if (NON_PAGE_PREFIXES.some((prefix) => path.startsWith(prefix))) return false;
  return (request.headers.accept ?? '').includes('text/html');
}
