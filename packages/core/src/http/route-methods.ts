import type { FastifyInstance } from 'fastify';
import FindMyWay from 'find-my-way';

const METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'] as const;

/**
 * Remembers every registered route so an unmatched request can be told apart: a path that
 * exists under another method gets 405 with Allow, a path that does not exist gets 404.
 */
export function trackRouteMethods(app: FastifyInstance): (method: string, url: string) => string[] {
  const router = FindMyWay({ ignoreTrailingSlash: true });
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) {
      if (METHODS.includes(method as (typeof METHODS)[number])) {
        try {
          router.on(method as (typeof METHODS)[number], route.url, () => {});
        } catch {
          // Already known (HEAD is added alongside GET).
        }
      }
    }
  });
  return (method, url) => {
    const path = url.split('?')[0] ?? '/';
    return METHODS.filter((m) => m !== method && router.find(m, path) !== null);
  };
}
