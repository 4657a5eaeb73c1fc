import type { FastifyRequest } from 'fastify';
import { AppError, ValidationError } from '../../errors/app-error.js';

/**
 * The fields of a multipart form, read here rather than by the plugin's own hook so that every
 * way a body can be unreadable (no boundary, truncated, a field name like __proto__) is a 400
 * with the documented body. Limits (fields, sizes, any file at all) stay the plugin's 413.
 */
export async function readMultipartFields(
  request: FastifyRequest,
): Promise<Record<string, string>> {
  const fields: Record<string, string> = {};
  try {
    for await (const part of request.parts()) {
      if (part.type === 'field') fields[part.fieldname] = String(part.value);
    }
  } catch (error) {
    if (error instanceof AppError || (error as { statusCode?: number }).statusCode === 413)
      throw error;
    const message = error instanceof Error ? error.message : 'unreadable';
    throw new ValidationError('The multipart body cannot be read', [{ path: '/', message }]);
  }
  return fields;
}
