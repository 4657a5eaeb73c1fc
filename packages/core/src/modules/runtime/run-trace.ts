import type { GuardEntry, TokenUsage, TraceStep } from '../traces/traces.schema.js';

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

  /** Marks the run as tainted by `source`; true when the source is new to it. */
  taint(source: string): boolean {
    if (this.taintedBy.includes(source)) return false;
    this.taintedBy.push(source);
    return true;
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
