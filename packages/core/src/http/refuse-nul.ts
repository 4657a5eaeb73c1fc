import type { FastifyInstance } from 'fastify';
import { ValidationError } from '../errors/app-error.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Top-level body fields the route never stores and cleans itself of control characters. */
    nulSafe?: readonly string[];
  }
}

const MAX_DEPTH = 64;

const pointerPart = (key: string) => `/${key.replace(/~/g, '~0').replace(/\//g, '~1')}`;

/**
 * The JSON pointer of the first string (or key) in `value` holding U+0000, or null. The pointer
 * is built only on the way back from a find: a clean request (nearly all) builds none.
 */
function findNul(value: unknown, depth = 0, skipKeys: readonly string[] = []): string | null {
  if (typeof value === 'string') return value.includes('\u0000') ? '' : null;
  if (value === null || typeof value !== 'object' || depth > MAX_DEPTH) return null;
  for (const [key, item] of Object.entries(value)) {
    if (depth === 0 && skipKeys.includes(key)) continue;
    if (key.includes('\u0000')) return pointerPart(key);
    const found = findNul(item, depth + 1);
    if (found !== null) return pointerPart(key) + found;
  }
  return null;
}

/**
 * Refuses a NUL character anywhere in a request's path parameters, query or JSON body with a
 * 400. PostgreSQL can store it in neither text nor jsonb, so it would otherwise reach the store
 * and fail there as a server error; no field of the API has a use for it. A route may name
 * top-level fields it never stores and cleans itself (`config.nulSafe`): the sign-in's `next`,
 * where a hostile value falls back to /overview as the other control characters do.
 */
export function refuseNulCharacters(app: FastifyInstance): void {
  app.addHook('preValidation', (request, _reply, done) => {
    const skip = request.routeOptions.config.nulSafe ?? [];
    for (const [part, value] of [
      ['params', request.params],
      ['querystring', request.query],
      ['body', request.body],
    ] as const) {
      const found = findNul(value, 0, part === 'body' ? skip : []);
      const path = found === '' ? '/' : found;
      if (path) {
        done(
          new ValidationError(`Invalid ${part}`, [
            { path, message: 'must not contain a NUL character', in: part },
          ]),
        );
        return;
      }
    }
    done();
  });
}
