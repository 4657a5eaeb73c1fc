import { type FSWatcher, watch } from 'node:fs';
import { mkdir, readdir } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { ConfigurationService } from '../../configuration/configuration.service.js';
import { behindFlag } from '../../skills/flagged-skill.js';
import type { AnySkill } from '../../skills/skill.js';
import type { SkillRegistry } from '../../skills/skill-registry.js';
import type { Sandbox } from '../sandbox.service.js';
import { createCustomSkill } from './custom-skill.js';
import { loadManifest, ManifestError } from './manifest.js';

/** One folder under DATA_DIR/skills, loaded or not. */
export interface CustomSkillView {
  name: string;
  path: string;
  language: string | null;
  level: string | null;
  description: string | null;
  loaded: boolean;
  /** Why it is not loaded; null when it is. */
  error: string | null;
}

export interface CustomSkillsOptions {
  /** DATA_DIR/skills */
  folder: string;
  registry: SkillRegistry;
  sandbox: Sandbox;
  configuration: ConfigurationService;
  pythonBin: string;
  log: FastifyBaseLogger;
  /** Quiet time after a change before reloading (an editor writes a file in several steps). */
  debounceMs?: number;
}

/**
 * Operator-written skills in DATA_DIR/skills/<name>/: loaded at start and again whenever a file
 * there changes, registered with the skills behind the custom_skills flag. A folder that does
 * not load is listed with its error and registers nothing; the others are unaffected.
 */
export class CustomSkills {
  private views: CustomSkillView[] = [];
  private readonly registered = new Set<string>();
  private watcher: FSWatcher | null = null;
  private timer: NodeJS.Timeout | null = null;
  /** Reloads run one after another, never interleaved. */
  private queue: Promise<unknown> = Promise.resolve();
  private closed = false;

  constructor(private readonly options: CustomSkillsOptions) {}

  get folder(): string {
    return this.options.folder;
  }

  async start(): Promise<void> {
    await mkdir(this.options.folder, { recursive: true });
    await this.reload();
    try {
      this.watcher = watch(this.options.folder, { recursive: true }, () => this.scheduleReload());
      this.watcher.on('error', (error) => {
        this.options.log.warn({ err: error }, 'custom skills: watching the folder failed');
      });
    } catch (error) {
      this.options.log.warn({ err: error }, 'custom skills: cannot watch the folder; use reload');
    }
  }

  list(): CustomSkillView[] {
    return this.views.map((view) => ({ ...view }));
  }

  reload(): Promise<CustomSkillView[]> {
    const next = this.queue.then(() => this.load());
    this.queue = next.catch(() => {});
    return next;
  }

  close(): void {
    this.closed = true;
    if (this.timer) clearTimeout(this.timer);
    this.watcher?.close();
  }

  private scheduleReload(): void {
    if (this.closed) return;
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.timer = null;
      this.reload().catch((error: unknown) => {
        this.options.log.error({ err: error }, 'custom skills: reload failed');
      });
    }, this.options.debounceMs ?? 300);
  }

  private async load(): Promise<CustomSkillView[]> {
    if (this.closed) return this.list();
    const entries = await readdir(this.options.folder, { withFileTypes: true }).catch(() => []);
    const folders = entries
      .filter((entry) => entry.isDirectory() && !entry.name.startsWith('.'))
      .map((entry) => entry.name)
      .sort();
    const prepared: Prepared[] = [];
    for (const name of folders) prepared.push(await this.prepare(name));
    // The swap is synchronous: no call ever finds a custom skill missing halfway through a reload.
    const { registry, configuration } = this.options;
    for (const name of this.registered) registry.unregister(name);
    this.registered.clear();
    this.views = prepared.map(({ view, skill }) => {
      if (!skill) return view;
      if (registry.get(skill.name)) {
        return { ...view, error: `the name ${skill.name} is taken by a built-in skill` };
      }
      registry.register(behindFlag(skill, 'custom_skills', configuration));
      this.registered.add(skill.name);
      return { ...view, loaded: true };
    });
    const failed = this.views.filter((view) => !view.loaded).map((view) => view.name);
    this.options.log.info({ loaded: this.registered.size, failed }, 'custom skills loaded');
    return this.list();
  }

  /** Reads one folder: its view (not loaded yet) and, when it is sound, its skill. */
  private async prepare(name: string): Promise<Prepared> {
    const skillFolder = path.join(this.options.folder, name);
    const base = { name, path: skillFolder, loaded: false, error: null };
    try {
      const loaded = await loadManifest(skillFolder);
      const { language, level, description } = loaded.manifest;
      return {
        view: { ...base, language, level, description },
        skill: createCustomSkill({ ...this.options, loaded }),
      };
    } catch (error) {
      // Anything that goes wrong with one folder (a file it cannot read, too) is its own error.
      const known = error instanceof ManifestError ? error.manifest : {};
      const { language = null, level = null, description = null } = known;
      const message = (error as Error).message;
      return { view: { ...base, language, level, description, error: message }, skill: null };
    }
  }
}

interface Prepared {
  view: CustomSkillView;
  skill: AnySkill | null;
}
