import type { Stats } from 'node:fs';
import { open, stat } from 'node:fs/promises';

const versionOf = (file: Stats) => `${file.ino}:${file.size}:${file.mtimeMs}`;

/**
 * The dashboard build's index.html as it is now. A build published after the runtime started
 * (index.html renamed over the old one, or written where there was none) is served from the
 * next page request on: each page request costs one stat, and the file is read again only when
 * it changed. API requests never ask.
 */
export class BuildIndex {
  private cached: { version: string; html: string } | null = null;

  constructor(private readonly file: string) {}

  /** The page, or null while there is no build. */
  async read(): Promise<string | null> {
    const found = await stat(this.file).catch(() => null);
    if (!found) return null;
    if (this.cached?.version === versionOf(found)) return this.cached.html;
    // Through one handle, so the version kept is that of the text read, even if another
    // build's index.html is renamed into place meanwhile.
    const handle = await open(this.file).catch(() => null);
    if (!handle) return null;
    try {
      const version = versionOf(await handle.stat());
      const html = await handle.readFile('utf8');
      this.cached = { version, html };
      return html;
    } finally {
      await handle.close();
    }
  }
}
