import type { GuardEntry, TokenUsage, TraceStep } from '../traces/traces.schema.js';

/** What one request gathers for its decision trace while it runs. */
export class RunTrace {
  readonly guardChain: GuardEntry[] = [];
  readonly steps: TraceStep[] = [];
  tokens: TokenUsage = { input: 0, output: 0, total: 0 };
  model: string | null = null;
  costUsd: number | null = null;
  private stepCounter = 0;

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
