import type { Schema } from 'ai';
import type { z } from 'zod';
import { once } from '../../util/once.js';

/**
 * The AI SDK, loaded on first use like its provider packages: it and the telemetry API it brings
 * are among the largest modules of the runtime, and a runtime that serves only the fast path, or
 * has no model, never needs them.
 */
export const loadAiSdk = once(() => import('ai'));

const schemas = new WeakMap<z.ZodType, Schema>();

/**
 * A zod schema as the SDK's Schema, made once per schema. Handed a bare zod schema, the SDK
 * converts it to JSON Schema on every call (half a millisecond or more for memory extraction's);
 * the Schema it makes keeps its conversion.
 */
export async function sdkSchema<T>(schema: z.ZodType<T>): Promise<Schema<T>> {
  const made = schemas.get(schema);
  if (made) return made as Schema<T>;
  const { zodSchema } = await loadAiSdk();
  const fresh = zodSchema(schema);
  schemas.set(schema, fresh);
  return fresh;
}
