import { lstat, readFile, realpath } from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';
import { isInside } from '../bubblewrap.js';
import { jsonSchemaToZod } from './json-schema.js';

export const MANIFEST_FILE = 'manifest.json';
const MANIFEST_MAX_BYTES = 64 * 1024;

/** Code the operator wrote has effects: it is never SAFE or MONITORED (never unaudited). */
export const CUSTOM_SKILL_LEVELS = ['CONTROLLED', 'RESTRICTED', 'PRIVILEGED'] as const;
export const CUSTOM_SKILL_LANGUAGES = ['python', 'javascript'] as const;

export const manifestSchema = z.object({
  name: z
    .string()
    .max(64)
    .regex(/^[a-z][a-z0-9]*(_[a-z0-9]+)*$/, 'must be snake_case (a-z, 0-9 and _)'),
  description: z.string().trim().min(1).max(1_000),
  level: z.enum(CUSTOM_SKILL_LEVELS, {
    error:
      'must be CONTROLLED, RESTRICTED or PRIVILEGED (SAFE and MONITORED are not allowed for operator-written code)',
  }),
  language: z.enum(CUSTOM_SKILL_LANGUAGES, { error: 'must be python or javascript' }),
  entry: z.string().min(1).max(255),
  input_schema: z.record(z.string(), z.unknown(), { error: 'must be a JSON Schema object' }),
  timeout_seconds: z.number().int().min(1).max(120).optional(),
});
export type Manifest = z.infer<typeof manifestSchema>;

export interface LoadedManifest {
  manifest: Manifest;
  /** The skill's folder, symlinks resolved. */
  folder: string;
  /** The entry file, relative to the folder. */
  entry: string;
  inputSchema: z.ZodType<Record<string, unknown>>;
}

/** A skill folder that cannot be loaded; the message is what GET /api/custom-skills lists. */
export class ManifestError extends Error {
  constructor(
    message: string,
    readonly manifest: Partial<Manifest> = {},
  ) {
    super(message);
    this.name = 'ManifestError';
  }
}

/**
 * Reads and checks one skill folder: manifest.json (valid JSON, the fields above, a name equal
 * to the folder's), an entry that is a regular file inside the folder (symlinks resolved), and
 * an input schema in the subset json-schema.ts accepts.
 */
export async function loadManifest(folder: string): Promise<LoadedManifest> {
  const file = path.join(folder, MANIFEST_FILE);
  const stat = await lstat(file).catch(() => null);
  if (!stat?.isFile()) throw new ManifestError(`${MANIFEST_FILE} is missing`);
  if (stat.size > MANIFEST_MAX_BYTES) {
    throw new ManifestError(`${MANIFEST_FILE} is larger than ${MANIFEST_MAX_BYTES / 1024} KiB`);
  }
  let raw: unknown;
  try {
    raw = JSON.parse(await readFile(file, 'utf8'));
  } catch (error) {
    throw new ManifestError(`${MANIFEST_FILE} is not valid JSON: ${(error as Error).message}`);
  }
  const parsed = manifestSchema.safeParse(raw);
  const partial = pickKnown(raw);
  if (!parsed.success) {
    const problems = parsed.error.issues.map(
      (i) => `${i.path.join('.') || 'manifest'}: ${i.message}`,
    );
    throw new ManifestError(`${MANIFEST_FILE}: ${problems.join('; ')}`, partial);
  }
  const manifest = parsed.data;
  const name = path.basename(folder);
  if (manifest.name !== name) {
    throw new ManifestError(`name "${manifest.name}" differs from its folder "${name}"`, partial);
  }
  const real = await realpath(folder);
  const entryPath = await realpath(path.resolve(real, manifest.entry)).catch(() => null);
  const entryStat = entryPath ? await lstat(entryPath) : null;
  if (!entryPath || !entryStat?.isFile() || !isInside(entryPath, real) || entryPath === real) {
    throw new ManifestError(
      `entry "${manifest.entry}" is not a file in the skill's folder`,
      partial,
    );
  }
  let inputSchema: z.ZodType<Record<string, unknown>>;
  try {
    inputSchema = jsonSchemaToZod(manifest.input_schema);
  } catch (error) {
    throw new ManifestError((error as Error).message, partial);
  }
  return { manifest, folder: real, entry: path.relative(real, entryPath), inputSchema };
}

/** What a broken manifest still says (language, level), for the list. */
function pickKnown(raw: unknown): Partial<Manifest> {
  if (typeof raw !== 'object' || raw === null) return {};
  const record = raw as Record<string, unknown>;
  const text = (key: string) => (typeof record[key] === 'string' ? record[key] : undefined);
  return {
    ...(text('language') ? { language: text('language') as Manifest['language'] } : {}),
    ...(text('level') ? { level: text('level') as Manifest['level'] } : {}),
    ...(text('description') ? { description: text('description') } : {}),
  };
}
