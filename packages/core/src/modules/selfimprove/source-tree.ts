import { randomBytes } from 'node:crypto';
import {
  lstat,
  mkdir,
  open,
  readdir,
  readFile,
  realpath,
  rename,
  stat,
  unlink,
} from 'node:fs/promises';
import path from 'node:path';
import { AppError, NotFoundError } from '../../errors/app-error.js';

/** Files larger than this are neither read nor patched (a source file is far smaller). */
export const MAX_FILE_BYTES = 1024 * 1024;
/** Entries returned for one folder; the rest are reported as truncated. */
const MAX_ENTRIES = 2_000;

/** `400 {"ok":false,"error":"path_refused"}`: outside the tree, absolute, `..`, or not a file. */
export class PathRefusedError extends AppError {
  constructor(reason: string) {
    super(400, 'path_refused', `Path refused: ${reason}`, { ok: false });
  }
}

export interface ResolvedPath {
  /** Relative to the tree's real root, forward slashes ('' for the root). */
  relative: string;
  /** The real absolute path (symlinks followed). */
  absolute: string;
  exists: boolean;
}

export interface TreeEntry {
  name: string;
  path: string;
  type: 'file' | 'directory';
  /** Bytes, for files. */
  size: number | null;
}

const errorCode = (error: unknown) => (error as NodeJS.ErrnoException).code;

/**
 * The source tree self-improve may read and change. Every path is checked against the tree's
 * real root after symlinks are followed, so no name, link or `..` can reach a file outside it.
 */
export class SourceTree {
  private realRoot: Promise<string> | undefined;

  constructor(readonly root: string) {}

  /** The real root, resolved once; a missing tree is a clear error, not a crash at boot. */
  rootPath(): Promise<string> {
    this.realRoot ??= realpath(this.root).catch((error: unknown) => {
      this.realRoot = undefined;
      throw new AppError(
        503,
        'source_tree_unavailable',
        `The source tree ${this.root} cannot be read (${errorCode(error) ?? 'error'}); check APP_SRC_DIR.`,
        {},
        true,
      );
    });
    return this.realRoot;
  }

  /**
   * Resolves a relative path. `kind` says what an existing path must be; a path that does not
   * exist yet is allowed only with `allowMissing` (a new file), and its existing part must be
   * a folder inside the tree.
   */
  async resolve(
    input: string,
    kind: 'file' | 'directory',
    options: { allowMissing?: boolean } = {},
  ): Promise<ResolvedPath> {
    const segments = checkSegments(input, kind);
    const root = await this.rootPath();
    const missing: string[] = [];
    let existing = path.join(root, ...segments);
    let real: string | null = null;
    for (;;) {
      try {
        real = await realpath(existing);
        break;
      } catch (error) {
        const code = errorCode(error);
        if (code === 'ELOOP' || code === 'ENOTDIR')
          throw new PathRefusedError(`${input} is not a ${kind}`);
        if (code !== 'ENOENT') throw error;
        // A dangling symlink exists but cannot be followed: never write through it.
        const entry = await lstat(existing).catch(() => null);
        if (entry) throw new PathRefusedError(`${input} is a link to nothing`);
        missing.unshift(path.basename(existing));
        existing = path.dirname(existing);
      }
    }
    const absolute = path.join(real, ...missing);
    if (absolute !== root && !absolute.startsWith(`${root}${path.sep}`))
      throw new PathRefusedError(`${input} resolves outside the source tree`);
    const relative = path.relative(root, absolute).split(path.sep).join('/');
    if (missing.length > 0) {
      if (!options.allowMissing) throw new NotFoundError(`No ${kind} ${input} in the source tree`);
      if (!(await stat(real)).isDirectory())
        throw new PathRefusedError(`${input} is inside something that is not a folder`);
      return { relative, absolute, exists: false };
    }
    const info = await stat(absolute);
    const fits = kind === 'file' ? info.isFile() : info.isDirectory();
    if (!fits) throw new PathRefusedError(`${input} is not a regular ${kind}`);
    if (kind === 'file' && info.size > MAX_FILE_BYTES)
      throw new PathRefusedError(`${input} is larger than ${MAX_FILE_BYTES} bytes`);
    return { relative, absolute, exists: true };
  }

  /** A folder's files and folders (links followed, those leading out of the tree left out). */
  async list(dir: string): Promise<{ dir: string; entries: TreeEntry[]; truncated: boolean }> {
    const folder = await this.resolve(dir, 'directory');
    const root = await this.rootPath();
    const entries: TreeEntry[] = [];
    const names = (await readdir(folder.absolute)).sort();
    for (const name of names) {
      const real = await realpath(path.join(folder.absolute, name)).catch(() => null);
      if (!real || !(real === root || real.startsWith(`${root}${path.sep}`))) continue;
      const info = await stat(real).catch(() => null);
      if (!info || !(info.isFile() || info.isDirectory())) continue;
      entries.push({
        name,
        path: folder.relative ? `${folder.relative}/${name}` : name,
        type: info.isFile() ? 'file' : 'directory',
        size: info.isFile() ? info.size : null,
      });
    }
    entries.sort((a, b) =>
      a.type === b.type ? a.name.localeCompare(b.name) : a.type === 'directory' ? -1 : 1,
    );
    return {
      dir: folder.relative,
      entries: entries.slice(0, MAX_ENTRIES),
      truncated: entries.length > MAX_ENTRIES,
    };
  }

  /** The text of an existing file, or null when the (allowed) path does not exist yet. */
  async read(resolved: ResolvedPath): Promise<string | null> {
    if (!resolved.exists) return null;
    return readFile(resolved.absolute, 'utf8');
  }

  /**
   * Replaces the file in one step: a temporary file in the same folder, flushed, then renamed
   * over the target, so a reader or a crash sees the old file or the new one, never a part.
   * Keeps the old file's permissions; a new file's folders are created.
   */
  async writeAtomic(resolved: ResolvedPath, content: string): Promise<void> {
    const folder = path.dirname(resolved.absolute);
    await mkdir(folder, { recursive: true });
    const mode = resolved.exists ? (await stat(resolved.absolute)).mode & 0o777 : 0o644;
    const temporary = path.join(
      folder,
      `.${path.basename(resolved.absolute)}.${randomBytes(6).toString('hex')}.tmp`,
    );
    const handle = await open(temporary, 'wx', mode);
    try {
      await handle.writeFile(content, 'utf8');
      await handle.sync();
    } catch (error) {
      await handle.close();
      await unlink(temporary).catch(() => {});
      throw error;
    }
    await handle.close();
    try {
      await rename(temporary, resolved.absolute);
    } catch (error) {
      await unlink(temporary).catch(() => {});
      throw error;
    }
  }

  /** Removes a file this module created (undoing an apply that could not be recorded). */
  async remove(resolved: ResolvedPath): Promise<void> {
    await unlink(resolved.absolute).catch((error: unknown) => {
      if (errorCode(error) !== 'ENOENT') throw error;
    });
  }
}

/** Syntax of the path itself: relative, no `..`, no control characters. */
function checkSegments(input: string, kind: 'file' | 'directory'): string[] {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is refused
  if (/[\u0000-\u001f\u007f]/.test(input))
    throw new PathRefusedError('control characters in the path');
  if (path.isAbsolute(input) || /^[A-Za-z]:/.test(input))
    throw new PathRefusedError(`${input} is absolute; give a path relative to the source tree`);
  // A backslash is a name character here but a separator elsewhere: refused as ambiguous.
  if (input.includes('\\')) throw new PathRefusedError(`${input} contains a backslash`);
  const segments = input.split('/').filter((segment) => segment !== '' && segment !== '.');
  if (segments.includes('..')) throw new PathRefusedError(`${input} contains ..`);
  if (kind === 'file' && segments.length === 0) throw new PathRefusedError('no file named');
  return segments;
}
