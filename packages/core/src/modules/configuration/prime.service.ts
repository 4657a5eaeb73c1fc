import type { FastifyBaseLogger } from 'fastify';
import { ConflictError, NotFoundError } from '../../errors/app-error.js';
import type { KvStore } from '../../store/kv/kv-store.js';
import { SharedCache } from '../../store/kv/shared-cache.js';
import type { AuditService } from '../audit/audit.plugin.js';
import type { ContextProvider } from '../runtime/runtime.service.js';
import { isUniqueViolation, type PrimeRepository } from './prime.repository.js';
import {
  PRIME_MAX_CHARACTERS,
  type PrimeVersion,
  type PrimeVersionSummary,
  type PrimeView,
} from './prime.schema.js';
import type { PrimeFile } from './prime-file.js';

/** Concurrent restores race for the next version number; each loser tries again. */
const RESTORE_ATTEMPTS = 5;

const view = (version: PrimeVersion | null): PrimeView =>
  version
    ? {
        content: version.content,
        version: version.version,
        updated_at: version.created_at,
        updated_by: version.created_by,
      }
    : { content: '', version: 0, updated_at: null, updated_by: null };

const versionConflict = (current: number) =>
  new ConflictError(
    'version_conflict',
    `prime.md was changed meanwhile; it is now at version ${current}. Reload it, merge, and save again.`,
    { current_version: current },
  );

/**
 * prime.md: the operator's standing instructions, in every model prompt. SQL holds every version
 * and is the source of truth; DATA_DIR/prime.md mirrors the newest one this replica has seen.
 */
export class PrimeService {
  /** What every model prompt carries, read once per change on any replica. */
  private readonly prompt: SharedCache<{ version: number; content: string }>;
  /** The newest version written to disk by this process: an older one never overwrites it. */
  private written = 0;
  private fileWrites: Promise<void> = Promise.resolve();

  constructor(
    private readonly repository: PrimeRepository,
    private readonly file: PrimeFile,
    private readonly audit: AuditService,
    private readonly log: FastifyBaseLogger,
    kv: KvStore,
  ) {
    this.prompt = new SharedCache(kv, 'prime-changed', async () => {
      const latest = await this.repository.latest();
      if (!latest) return { version: 0, content: '' };
      this.remember(latest);
      return { version: latest.version, content: latest.content };
    });
  }

  async current(): Promise<PrimeView> {
    const latest = await this.repository.latest();
    if (latest) this.remember(latest);
    return view(latest);
  }

  /** A new version on top of `baseVersion`; 409 version_conflict when that is not the newest. */
  async save(
    input: { content: string; baseVersion: number; note?: string | null | undefined },
    actor: string,
    requestId: string | null,
  ): Promise<PrimeView> {
    const current = await this.repository.latestVersion();
    if (current !== input.baseVersion) throw versionConflict(current);
    let saved: PrimeVersion;
    try {
      saved = await this.repository.insert({
        version: current + 1,
        content: input.content,
        created_by: actor,
        note: input.note || null,
        restored_from: null,
      });
    } catch (error) {
      // Another operator saved on the same base version a moment earlier.
      if (isUniqueViolation(error)) throw versionConflict(await this.repository.latestVersion());
      throw error;
    }
    await this.published(saved, actor, requestId);
    return view(saved);
  }

  /** Makes an old version's content the newest version. */
  async restore(version: number, actor: string, requestId: string | null): Promise<PrimeView> {
    const old = await this.repository.get(version);
    if (!old) throw new NotFoundError(`prime.md has no version ${version}`);
    for (let attempt = 1; ; attempt++) {
      const latest = await this.repository.latestVersion();
      try {
        const saved = await this.repository.insert({
          version: latest + 1,
          content: old.content,
          created_by: actor,
          note: `restored from version ${version}`,
          restored_from: version,
        });
        await this.published(saved, actor, requestId);
        return view(saved);
      } catch (error) {
        if (!isUniqueViolation(error) || attempt >= RESTORE_ATTEMPTS) throw error;
      }
    }
  }

  history(limit: number, before?: number): Promise<PrimeVersionSummary[]> {
    return this.repository.history(limit, before);
  }

  async version(version: number): Promise<PrimeVersion> {
    const found = await this.repository.get(version);
    if (!found) throw new NotFoundError(`prime.md has no version ${version}`);
    return found;
  }

  /** The content for the model, kept until a replica announces a new version. */
  forPrompt(): Promise<{ version: number; content: string }> {
    return this.prompt.get();
  }

  /** Adds prime.md to every model prompt's standing instructions, and says so in the trace. */
  readonly provider: ContextProvider = {
    name: 'prime',
    provide: async () => {
      const { version, content } = await this.forPrompt();
      if (content.trim() === '') return { instructions: [], guards: [] };
      return {
        instructions: [`From the operator's prime.md:\n${content.trim()}`],
        guards: [{ verdict: 'pass', detail: `prime.md version ${version} applied` }],
      };
    },
  };

  /**
   * At start: the file follows SQL. On a database without prime.md, a file the operator placed
   * in DATA_DIR becomes version 1, so a hand-written prime.md is not lost at first boot.
   */
  async syncAtStart(): Promise<void> {
    const latest = await this.repository.latest();
    if (latest) {
      this.remember(latest);
      await this.fileWrites;
      return;
    }
    const onDisk = await this.file.read();
    if (!onDisk?.trim()) return;
    if (onDisk.length > PRIME_MAX_CHARACTERS) {
      this.log.warn({ path: this.file.path }, 'prime.md on disk is too long to import; ignored');
      return;
    }
    try {
      const imported = await this.repository.insert({
        version: 1,
        content: onDisk,
        created_by: 'system',
        note: 'imported from DATA_DIR/prime.md',
        restored_from: null,
      });
      await this.published(imported, 'system', null);
    } catch (error) {
      // Another replica imported it first.
      if (!isUniqueViolation(error)) throw error;
    }
  }

  /** Waits for the file writes queued so far. */
  settled(): Promise<void> {
    return this.fileWrites;
  }

  private async published(saved: PrimeVersion, actor: string, requestId: string | null) {
    this.audit.record({
      action: 'config.prime_update',
      actor,
      target: 'prime.md',
      detail: {
        version: saved.version,
        characters: saved.characters,
        note: saved.note,
        ...(saved.restored_from !== null ? { restored_from: saved.restored_from } : {}),
      },
      request_id: requestId,
    });
    this.remember(saved);
    await this.prompt.changed();
    await this.fileWrites;
  }

  /** Mirrors the newest version seen to disk when it is newer than the file. */
  private remember(latest: PrimeVersion): void {
    if (latest.version <= this.written) return;
    this.written = latest.version;
    this.fileWrites = this.fileWrites
      .then(() => this.file.write(latest.content))
      .catch((error) =>
        // SQL has the content; the copy on disk catches up at the next change or start.
        this.log.warn({ err: error, path: this.file.path }, 'prime.md could not be written'),
      );
  }
}
