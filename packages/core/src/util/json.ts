import type { z } from 'zod';

/** Parses JSON text against a schema; undefined when the text is not JSON or does not fit. */
export function parseJsonWith<T>(schema: z.ZodType<T>, text: string): T | undefined {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return undefined;
  }
  const result = schema.safeParse(value);
  return result.success ? result.data : undefined;
}
