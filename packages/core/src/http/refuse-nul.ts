import type { FastifyInstance } from 'fastify';
import { ValidationError } from '../errors/app-error.js';

const MAX_DEPTH = 64;

/** The JSON pointer of the first string (or key) in `value` holding U+0000, or null. */
function findNul(value: unknown, pointer: string, depth = 0): string | null {
  if (typeof value === 'string') return value.includes('\u0000') ? pointer || '/' : null;
  if (value === null || typeof value !== 'object' || depth > MAX_DEPTH) return null;
  for (const [key, item] of Object.entries(value)) {
    const at = `${pointer}/${key.replace(/~/g, '~0').replace(/\//g, '~1')}`;
    if (key.includes('\u0000')) return at;
    const found = findNul(item, at, depth + 1);
    if (found) return found;
  }
  return null;
}

/**
 * Refuses a NUL character anywhere in a request's path parameters, query or JSON body with a
 * 400. PostgreSQL can store it in neither text nor jsonb, so it would otherwise reach the store
 * and fail there as a server error; no field of the API has a use for it.
 */
export function refuseNulCharacters(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    for (const [part, value] of [
      ['params', request.params],
      ['querystring', request.query],
      ['body', request.body],
    ] as const) {
      const path = findNul(value, '');
      if (path)
        throw new ValidationError(`Invalid ${part}`, [
          { path, message: 'must not contain a NUL character', in: part },
        ]);
    }
  });
}
