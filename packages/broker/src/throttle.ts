/**
 * The restart-loop guard SPEC section 1 rule 4 asks for: each container may take `budget` start
 * and stop calls within a sliding window; past that the caller is told when it may try again.
 * Keyed by the engine's full container id, so a name and an id prefix share one budget.
 */
export class ActionThrottle {
  private readonly calls = new Map<string, number[]>();

  constructor(
    private readonly budget: number,
    private readonly windowMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  /** Takes one call from the budget; returns the seconds to wait when none is left. */
  take(containerId: string): { allowed: true } | { allowed: false; retryAfterSeconds: number } {
    const now = this.now();
    const recent = (this.calls.get(containerId) ?? []).filter((at) => at > now - this.windowMs);
    if (recent.length >= this.budget) {
      this.calls.set(containerId, recent);
      const oldest = recent[0] ?? now;
      return {
        allowed: false,
        retryAfterSeconds: Math.max(1, Math.ceil((oldest + this.windowMs - now) / 1000)),
      };
    }
    recent.push(now);
    this.calls.set(containerId, recent);
    return { allowed: true };
  }
}
