import os from 'node:os';
import { getHeapStatistics } from 'node:v8';
import type { SqlStore } from '../../store/db.js';
import type { KvStore } from '../../store/kv/kv-store.js';
import { QUEUES } from '../../store/queues.js';
import { findChromium } from '../browser/chromium.js';
import { computeCpi, normaliseSignals } from './cpi.js';
import type {
  ActiveWork,
  BrokerHealth,
  BrowserHealth,
  HealthReport,
  MemoryHealth,
  ModelHealth,
} from './health.schema.js';
import type { PressureMonitor } from './pressure-monitor.js';

const CHECK_TIMEOUT_MS = 2_000;

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  return Promise.race([
    promise,
    new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
    }),
  ]).finally(() => clearTimeout(timer));
}

const settle = (check: Promise<unknown>) =>
  withTimeout(check, CHECK_TIMEOUT_MS).then(
    () => 'ok',
    () => 'error',
  );

export interface HealthServiceOptions {
  sql: SqlStore;
  kv: KvStore;
  pressure: PressureMonitor;
  version: string;
  /** Read at every report: the operator may change it at run time. */
  cpiHighThreshold: () => Promise<number>;
  /** Whether untrusted content still makes risky calls ask; read at every details report. */
  untrustedContentGuard: () => Promise<boolean>;
}

/** What the details report warns of when the operator turned the untrusted content guard off. */
export const GUARD_OFF_WARNING = {
  code: 'untrusted_content_guard_off',
  message:
    'untrusted_content_guard is off: runs that read web pages, mail or integration results take RESTRICTED and PRIVILEGED actions in FULL mode without asking',
} as const;

/**
 * Builds the health report from real checks. The model and browser probes are replaced by
 * their modules once those exist; until then the model is unconfigured and the browser is
 * judged by whether Chromium is installed.
 */
export class HealthService {
  private modelProbe: () => Promise<ModelHealth> = async () => ({
    status: 'unconfigured',
    provider: 'none',
    name: '',
  });
  private browserProbe: () => Promise<BrowserHealth> = async () => ({
    status: (await findChromium()) ? 'ok' : 'unavailable',
    active_sessions: 0,
  });

  private brokerProbe: () => Promise<BrokerHealth> = async () => ({ status: 'unconfigured' });
  private memoryProbe: () => Promise<MemoryHealth> = async () => ({
    status: 'unconfigured',
    recall: 'lexical',
    vector_search: 'unavailable',
  });

  private readonly queueProbes = new Map<string, () => Promise<number>>();
  private isolationProbe: (() => { mode: string; uid: number; reason: string }) | null = null;

  constructor(private readonly options: HealthServiceOptions) {}

  setModelProbe(probe: () => Promise<ModelHealth>): void {
    this.modelProbe = probe;
  }

  setBrowserProbe(probe: () => Promise<BrowserHealth>): void {
    this.browserProbe = probe;
  }

  /** The containers module reports agent-broker once it knows whether one is configured. */
  setBrokerProbe(probe: () => Promise<BrokerHealth>): void {
    this.brokerProbe = probe;
  }

  /** The memory module says how recall searches (lexical only without pgvector). */
  setMemoryProbe(probe: () => Promise<MemoryHealth>): void {
    this.memoryProbe = probe;
  }

  /** The sandbox says which isolation is in force, for the details the dashboard shows. */
  setIsolationProbe(probe: () => { mode: string; uid: number; reason: string }): void {
    this.isolationProbe = probe;
  }

  private isolationMode(): HealthReport['components']['sandbox']['mode'] {
    const mode = this.isolationProbe?.().mode;
    return mode === 'bubblewrap' || mode === 'uid' || mode === 'none' ? mode : 'starting';
  }

  /**
   * Reads a queue's depth from its owner instead of the key-value queue of that name, for a
   * module whose pending items live in SQL (behavioral proposals awaiting approval).
   */
  setQueueProbe(
    queue: keyof HealthReport['components']['queues'],
    probe: () => Promise<number>,
  ): void {
    this.queueProbes.set(queue, probe);
  }

  async report(): Promise<HealthReport> {
    const { sql, kv } = this.options;
    const [sqldb, kvstore, model, browser, broker, queues, memory] = await Promise.all([
      settle(sql.ping()),
      settle(kv.ping()),
      withTimeout(this.modelProbe(), CHECK_TIMEOUT_MS).catch(
        (): ModelHealth => ({ status: 'error', provider: 'unknown', name: '' }),
      ),
      withTimeout(this.browserProbe(), CHECK_TIMEOUT_MS).catch(
        (): BrowserHealth => ({ status: 'error', active_sessions: 0 }),
      ),
      withTimeout(this.brokerProbe(), CHECK_TIMEOUT_MS).catch(
        (): BrokerHealth => ({ status: 'error' }),
      ),
      this.queueDepths(),
      withTimeout(this.memoryProbe(), CHECK_TIMEOUT_MS).catch(
        (): MemoryHealth => ({ status: 'error', recall: 'lexical', vector_search: 'unavailable' }),
      ),
    ]);
    const activeWork = this.options.pressure.activeWork();
    const cpi = computeCpi(this.signals(queues, activeWork));
    const threshold = await this.options.cpiHighThreshold();
    const down = sqldb !== 'ok' || kvstore !== 'ok';
    const degraded =
      model.status === 'error' || browser.status === 'error' || broker.status === 'error';
    return {
      status: down ? 'down' : degraded ? 'degraded' : 'ok',
      version: this.options.version,
      components: {
        model,
        kvstore: { status: kvstore },
        sqldb: { status: sqldb },
        browser,
        queues,
        active_work: activeWork,
        cpi,
        cpi_high: cpi >= threshold,
        broker,
        memory,
        sandbox: { status: 'ok', mode: this.isolationMode() },
      },
    };
  }

  /** The report plus the signals behind the CPI and the process's memory, for the dashboard. */
  async details() {
    const health = await this.report();
    // The report's own readings, so the signals shown are the ones its CPI was computed from.
    const { queues, active_work } = health.components;
    const signals = this.signals(queues, active_work);
    const memory = process.memoryUsage();
    return {
      health,
      signals: {
        queue_depth: signals.queueDepth,
        active_work,
        error_rate: signals.errorRate,
        memory_ratio: signals.memoryRatio,
        normalised: normaliseSignals(signals),
        cpi_high_threshold: await this.options.cpiHighThreshold(),
      },
      memory: {
        rss_bytes: memory.rss,
        heap_used_bytes: memory.heapUsed,
        heap_limit_bytes: getHeapStatistics().heap_size_limit,
        system_total_bytes: os.totalmem(),
        system_free_bytes: os.freemem(),
      },
      process: { uptime_s: Math.round(process.uptime()), pid: process.pid, node: process.version },
      stores: { sql: this.options.sql.backend, kv: this.options.kv.backend },
      sandbox: this.isolationProbe?.() ?? null,
      warnings: (await this.options.untrustedContentGuard()) ? [] : [GUARD_OFF_WARNING],
      checked_at: new Date().toISOString(),
    };
  }

  /** Depths read from the key-value store; 0 while it is unreachable (its own status says so). */
  private async queueDepths(): Promise<HealthReport['components']['queues']> {
    const depth = (name: string) =>
      withTimeout(
        this.queueProbes.get(name)?.() ?? this.options.kv.length(name),
        CHECK_TIMEOUT_MS,
      ).catch(() => 0);
    const [events_incoming, events_outgoing, behavioral_pending] = await Promise.all([
      depth(QUEUES.eventsIncoming),
      depth(QUEUES.eventsOutgoing),
      depth(QUEUES.behavioralPending),
    ]);
    return { events_incoming, events_outgoing, behavioral_pending };
  }

  private signals(queues: HealthReport['components']['queues'], activeWork: ActiveWork) {
    const { pressure } = this.options;
    return {
      queueDepth: queues.events_incoming + queues.events_outgoing + queues.behavioral_pending,
      activeWork: Object.values(activeWork).reduce((sum, n) => sum + n, 0),
      errorRate: pressure.errorRate(),
      memoryRatio: pressure.memoryRatio(),
    };
  }
}
