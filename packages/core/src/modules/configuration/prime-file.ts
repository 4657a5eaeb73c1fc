import { randomBytes } from 'node:crypto';
import { readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';

/**
 * DATA_DIR/prime.md, a copy of the current content for operators who look on disk. Written as a
 * temporary file renamed over the old one, so a reader never sees half a file.
 */
export class PrimeFile {
  readonly path: string;

  constructor(dataDir: string) {
    this.path = path.join(dataDir, 'prime.md');
  }

  async read(): Promise<string | null> {
    try {
      return await readFile(this.path, 'utf8');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw error;
    }
  }

  async write(content: string): Promise<void> {
    const temporary = `${this.path}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`;
    try {
      await writeFile(temporary, content, { encoding: 'utf8', mode: 0o600 });
      await rename(temporary, this.path);
    } catch (error) {
      await rm(temporary, { force: true });
      throw error;
    }
  }
}
