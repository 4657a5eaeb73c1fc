/**
 * What the runtime's code sees of OpenTelemetry. This file imports nothing from it: with
 * OTEL_EXPORTER_OTLP_ENDPOINT unset the SDK is never loaded, and each traced call costs one
 * function call into `telemetryOff`.
 */

export type SpanKind = 'server' | 'client' | 'internal';
export type AttributeValue = string | number | boolean | string[];
/** Absent values are left off the span. */
export type Attributes = Record<string, AttributeValue | null | undefined>;

/** The attribute that links a span to our decision trace (the request_id of /api/traces). */
export const DECISION_TRACE_ATTRIBUTE = 'agent_runtime.trace_id';

export interface SpanScope {
  set(attributes: Attributes): void;
  /**
   * Message content (prompts, replies, tool arguments and results): recorded only when the
   * operator turned content capture on, and then with secrets redacted. `value` is computed
   * only then, so building the JSON costs nothing otherwise.
   */
  content(key: string, value: () => unknown): void;
  /** The OpenTelemetry trace id (32 hex digits), or null when nothing is exported. */
  readonly traceId: string | null;
}

export interface SpanOptions {
  kind?: SpanKind;
  attributes?: Attributes;
  /**
   * The decision trace this span starts: it and every span under it carry its id, and so does
   * the enclosing span (the HTTP request, the goal task) that had none yet.
   */
  decisionTrace?: string;
}

export interface Telemetry {
  readonly on: boolean;
  /** Runs `fn` inside a span that ends when it settles (an error marks the span failed). */
  span<T>(name: string, options: SpanOptions, fn: (scope: SpanScope) => Promise<T>): Promise<T>;
  /** The W3C `traceparent` of the span in progress, for an outbound request; null when off. */
  traceparent(): string | null;
  /** Sends what is buffered (tests; shutdown flushes too). */
  flush(): Promise<void>;
}

const NO_SCOPE: SpanScope = { set() {}, content() {}, traceId: null };

export const telemetryOff: Telemetry = {
  on: false,
  span: (_name, _options, fn) => fn(NO_SCOPE),
  traceparent: () => null,
  flush: async () => {},
};

// One per process, as OpenTelemetry's own context and propagation are.
let current: Telemetry = telemetryOff;

export function telemetry(): Telemetry {
  return current;
}

/** Set by the telemetry plugin when export starts, and back to off when it stops. */
export function useTelemetry(next: Telemetry): void {
  current = next;
}
