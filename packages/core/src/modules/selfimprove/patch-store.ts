import { createHash, randomBytes } from 'node:crypto';
import { constants } from 'node:fs';
import { copyFile, mkdir, readdir, readFile, rename, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';

/** `YYYYMMDDTHHMMSS` in UTC, the compact ISO 8601 form of backup and patch names. */
export function compactTimestamp(date: Date): string {
  return date.toISOString().replace(/[-:]/g, '').slice(0, 15);
}

export const sha256 = (data: string | Buffer) => createHash('sha256').update(data).digest('hex');

export interface StoredPatch {
  /** `<YYYYMMDDTHHMMSS>_<proposal_id>` */
  name: string;
  /** Absolute path of the .patch file. */
  file: string;
  proposalId: string | null;
  /** The digest the sidecar holds (null: no sidecar). */
  recordedDigest: string | null;
  /** The digest of the patch file as it is now. */
  actualDigest: string;
  text: string;
}

const PATCH_NAME = /^(\d{8}T\d{6})_(.+)\.patch$/;

/**
 * `<DATA_DIR>/src_patches/`: the persisted patches with their `.sha256` sidecars, and the
 * backups taken before each apply. They survive rebuilds and a Panic Reset.
 */
export class PatchStore {
  constructor(readonly dir: string) {}

  /**
   * Copies the file about to be overwritten to `backup_<YYYYMMDDTHHMMSS>_<basename>`. Names are
   * never reused: if that second's name is taken (another apply of a file with the same name),
   * the timestamp moves on a second, so no earlier backup is overwritten.
   */
  async backup(source: string, at: Date): Promise<string> {
    await mkdir(this.dir, { recursive: true });
    for (let shift = 0; ; shift += 1) {
      const stamp = compactTimestamp(new Date(at.getTime() + shift * 1000));
      const target = path.join(this.dir, `backup_${stamp}_${path.basename(source)}`);
      try {
        await copyFile(source, target, constants.COPYFILE_EXCL);
        return target;
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'EEXIST' || shift > 3600) throw error;
      }
    }
  }

  /** Writes `<name>.patch` and its `.sha256` sidecar, each through a temporary file. */
  async persist(name: string, diff: string): Promise<string> {
    await mkdir(this.dir, { recursive: true });
    const file = path.join(this.dir, `${name}.patch`);
    await writeReplacing(file, diff);
    await writeReplacing(`${file}.sha256`, `${sha256(diff)}\n`);
    return file;
  }

  /** Removes a patch and its sidecar (undoing an apply that could not be recorded). */
  async discard(file: string): Promise<void> {
    await Promise.all([file, `${file}.sha256`].map((each) => unlink(each).catch(() => {})));
  }

  /** Every persisted patch, oldest first (names start with their UTC time). */
  async list(): Promise<StoredPatch[]> {
    let names: string[];
    try {
      names = await readdir(this.dir);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
      throw error;
    }
    const patches: StoredPatch[] = [];
    for (const fileName of names.filter((name) => PATCH_NAME.test(name)).sort()) {
      const file = path.join(this.dir, fileName);
      const bytes = await readFile(file);
      const recorded = await readFile(`${file}.sha256`, 'utf8').then(
        (text) => text.trim().split(/\s+/)[0]?.toLowerCase() ?? '',
        () => null,
      );
      patches.push({
        name: fileName.slice(0, -'.patch'.length),
        file,
        proposalId: PATCH_NAME.exec(fileName)?.[2] ?? null,
        recordedDigest: recorded,
        actualDigest: sha256(bytes),
        text: bytes.toString('utf8'),
      });
    }
    return patches;
  }
}

async function writeReplacing(file: string, content: string): Promise<void> {
  const temporary = `${file}.${randomBytes(6).toString('hex')}.tmp`;
  await writeFile(temporary, content, { flag: 'wx' });
  await rename(temporary, file).catch(async (error: unknown) => {
    await unlink(temporary).catch(() => {});
    throw error;
  });
}
