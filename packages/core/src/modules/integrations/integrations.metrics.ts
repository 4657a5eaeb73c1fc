import { Counter, Gauge, Histogram, type Registry } from 'prom-client';
import type { BreakerStateName } from './circuit-breaker.js';

/**
 * Prometheus series of the integrations. Labels are connector ids, action names, error kinds
 * and breaker states, all from the registry: never a param, a credential or a URL.
 */
export class IntegrationMetrics {
  private readonly calls: Counter<'integration' | 'action' | 'outcome'>;
  private readonly errors: Counter<'integration' | 'action' | 'kind'>;
  private readonly latency: Histogram<'integration' | 'action'>;
  private readonly state: Gauge<'integration'>;
  private readonly transitions: Counter<'integration' | 'from' | 'to'>;

  constructor(registry: Registry) {
    const registers = [registry];
    this.calls = new Counter({
      name: 'integration_calls_total',
      help: 'Integration calls that reached the vendor step, by outcome',
      labelNames: ['integration', 'action', 'outcome'],
      registers,
    });
    this.errors = new Counter({
      name: 'integration_errors_total',
      help: 'Failed integration calls by kind (timeout, network, upstream_5xx, circuit_open, ...)',
      labelNames: ['integration', 'action', 'kind'],
      registers,
    });
    this.latency = new Histogram({
      name: 'integration_call_duration_seconds',
      help: 'Time of integration calls, vendor round trips and retries included',
      labelNames: ['integration', 'action'],
      buckets: [0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
      registers,
    });
    this.state = new Gauge({
      name: 'integration_breaker_state',
      help: 'Circuit breaker state as this replica last saw it: 0 CLOSED, 1 HALF_OPEN, 2 OPEN',
      labelNames: ['integration'],
      registers,
    });
    this.transitions = new Counter({
      name: 'integration_breaker_transitions_total',
      help: 'Circuit breaker transitions, counted by the replica that made them',
      labelNames: ['integration', 'from', 'to'],
      registers,
    });
  }

  call(integration: string, action: string, error: string | null, seconds: number): void {
    this.calls.inc({ integration, action, outcome: error ? 'error' : 'ok' });
    if (error) this.errors.inc({ integration, action, kind: error });
    this.latency.observe({ integration, action }, seconds);
  }

  /** A call stopped before the vendor step (no credentials, open circuit, rate limited). */
  refused(integration: string, action: string, kind: string): void {
    this.errors.inc({ integration, action, kind });
  }

  breakerState(integration: string, state: BreakerStateName): void {
    const value = { CLOSED: 0, HALF_OPEN: 1, OPEN: 2 }[state];
    this.state.set({ integration }, value);
  }

  breakerTransition(integration: string, from: BreakerStateName, to: BreakerStateName): void {
    this.transitions.inc({ integration, from, to });
  }
}
