import { z } from 'zod';
import { field } from './field.js';

const urlWithScheme = (schemes: string[]) =>
  z
    .url({ message: 'must be a URL' })
    .refine((value) => schemes.some((s) => value.startsWith(`${s}://`)), {
      message: `must start with ${schemes.map((s) => `${s}://`).join(' or ')}`,
    });

export const storageConfig = {
  dataDir: field('DATA_DIR', z.string().min(1), {
    default: './data',
    doc: 'Folder for the embedded database, the generated secret, patches and journals.',
  }),
  databaseUrl: field('DATABASE_URL', urlWithScheme(['postgres', 'postgresql']).optional(), {
    doc: 'PostgreSQL connection URL; unset uses the embedded database in DATA_DIR.',
    secret: true,
  }),
  kvUrl: field('KV_URL', urlWithScheme(['redis', 'rediss']).optional(), {
    doc: 'Redis or Valkey URL; unset keeps key-value data in the SQL database.',
    secret: true,
  }),
  // Read by launch.mjs before this configuration loads; declared here so it is listed and checked.
  codeCacheDir: field('CODE_CACHE_DIR', z.string().min(1).optional(), {
    doc: 'Folder for the build of the source that launch.mjs compiles at start; unset: node_modules/.cache/agent-core.',
  }),
};
