import { readFileSync } from 'node:fs';
import path from 'node:path';

/** The service version reported by GET /health (the core package's version). */
export const VERSION: string = (
  JSON.parse(readFileSync(path.resolve(import.meta.dirname, '../package.json'), 'utf8')) as {
    version: string;
  }
).version;
