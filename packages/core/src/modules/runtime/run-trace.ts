import type { GuardEntry, TokenUsage, TraceStep } from '../traces/traces.schema.js';

/** What the operator is shown about one untrusted source of a run when a call asks them. */
export interface TaintEvidence {
  source: string;
  /** Whether the input guard found injection signals in what the source returned. */
  flagged: boolean;
  signals: string[];
  /** The flagged part, hidden parts made visible; null when it passed or is not known. */
  excerpt: string | null;
}

/** What one request gathers for its decision trace while it runs. */
export class RunTrace {
  readonly guardChain: GuardEntry[] = [];
  readonly steps: TraceStep[] = [];
  /** Memory items the model's context carried (pinned blocks and recalled items). */
  readonly memoryItems: string[] = [];
  tokens: TokenUsage = { input: 0, output: 0, total: 0 };
  model: string | null = null;
  costUsd: number | null = null;
  private stepCounter = 0;
  /**
   * The untrusted sources that entered this run (a fetched page, a mail, a tainted sub-agent's
   * reply), in the order they came. A run with any is tainted: see skill-runner.ts.
   */
  readonly taintedBy: string[];

  /** `taintedBy`: sources the run inherits (a tainted goal task's result it builds on). */
  constructor(taintedBy: readonly string[] = []) {
    this.taintedBy = [...new Set(taintedBy)];
  }

  /** What the guard found in each source; a source read twice keeps its flagged reading. */
  private readonly evidenceBySource = new Map<string, TaintEvidence>();

  /** Marks the run as tainted by `source`; true when the source is new to it. */
  taint(source: string, evidence?: Omit<TaintEvidence, 'source'>): boolean {
    const known = this.evidenceBySource.get(source);
    if (evidence && !known?.flagged) this.evidenceBySource.set(source, { source, ...evidence });
    if (this.taintedBy.includes(source)) return false;
    this.taintedBy.push(source);
    return true;
  }

  /**
   * The evidence of every source, in the order they tainted the run. A source inherited from a
   * goal task or a delegation was scanned in that run: what it carried is not known here.
   */
  get taintEvidence(): TaintEvidence[] {
    return this.taintedBy.map(
      (source) =>
        this.evidenceBySource.get(source) ?? { source, flagged: false, signals: [], excerpt: null },
    );
  }

  guard(guard: string, verdict: GuardEntry['verdict'], detail: string): void {
    this.guardChain.push({ guard, verdict, detail });
  }

  /** Numbers skill calls 1, 2, 3 in the order they start (the stream's progress `step`). */
  nextStep(): number {
    this.stepCounter += 1;
    return this.stepCounter;
  }

  addUsage(usage: { input: number; output: number }): void {
    this.tokens = {
      input: this.tokens.input + usage.input,
      output: this.tokens.output + usage.output,
      total: this.tokens.total + usage.input + usage.output,
    };
  }
}
