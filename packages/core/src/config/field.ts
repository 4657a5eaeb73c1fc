import { z } from 'zod';
import { parseDuration } from '../util/duration.js';

/**
 * One configuration field: the environment variable it reads, how it is validated, its default
 * and one line of documentation. The README's variable table is checked against these.
 */
export interface ConfigField<T> {
  env: string;
  schema: z.ZodType<T>;
  /** Default as the operator would write it in the environment; absent means "unset". */
  default?: string;
  doc: string;
  /** Secret values are never echoed in error messages or logs. */
  secret?: boolean;
}

export function field<T>(
  env: string,
  schema: z.ZodType<T>,
  options: Omit<ConfigField<T>, 'env' | 'schema'>,
): ConfigField<T> {
  return { env, schema, ...options };
}

export type ConfigArea = Record<string, ConfigField<unknown>>;

export type AreaValues<A extends ConfigArea> = {
  readonly [K in keyof A]: A[K] extends ConfigField<infer T> ? T : never;
};

/** Reads env text as a boolean the way operators write it. */
export const booleanText = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'], { message: 'must be true or false' })
  .transform((value) => value === 'true' || value === '1' || value === 'yes');

export const portNumber = z.coerce
  .number({ message: 'must be a port number' })
  .int('must be a whole number')
  .min(0, 'must be between 0 and 65535')
  .max(65535, 'must be between 0 and 65535');

/** A duration as operators write it (30s, 15m, 12h, 7d), in milliseconds, within bounds. */
export const durationText = (minMs: number, maxMs = Number.MAX_SAFE_INTEGER) =>
  z.string().transform((text, ctx) => {
    const ms = parseDuration(text);
    if (ms === null || ms < minMs || ms > maxMs) {
      const bounds =
        maxMs < Number.MAX_SAFE_INTEGER
          ? `between ${minMs / 1000}s and ${maxMs / 1000}s`
          : `at least ${minMs / 1000}s`;
      ctx.addIssue({
        code: 'custom',
        message: `must be a duration such as 30s, 15m or 12h (${bounds})`,
      });
      return z.NEVER;
    }
    return ms;
  });

/** An http(s) URL (for servers the operator names). */
export const httpUrl = z
  .url({ message: 'must be a URL' })
  .refine((value) => /^https?:\/\//.test(value), {
    message: 'must start with http:// or https://',
  });

/** A comma-separated list, trimmed, empty items dropped. */
export const commaList = z
  .string()
  .optional()
  .transform((text) =>
    (text ?? '')
      .split(',')
      .map((item) => item.trim())
      .filter(Boolean),
  );
