import {
  type Context,
  context,
  createContextKey,
  DiagLogLevel,
  diag,
  type Attributes as OtelAttributes,
  propagation,
  SpanKind,
  SpanStatusCode,
  trace,
} from '@opentelemetry/api';
import { W3CTraceContextPropagator } from '@opentelemetry/core';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-proto';
import { resourceFromAttributes } from '@opentelemetry/resources';
import { BatchSpanProcessor } from '@opentelemetry/sdk-trace-base';
import { NodeTracerProvider } from '@opentelemetry/sdk-trace-node';
import { ATTR_SERVICE_NAME, ATTR_SERVICE_VERSION } from '@opentelemetry/semantic-conventions';
import { redactText } from '../../security/redact.js';
import {
  type Attributes,
  DECISION_TRACE_ATTRIBUTE,
  type SpanKind as OurSpanKind,
  type SpanScope,
  type Telemetry,
} from './telemetry.js';

export interface OtelOptions {
  /** OTEL_EXPORTER_OTLP_ENDPOINT: the base URL; traces go to its /v1/traces. */
  endpoint: string;
  serviceName: string;
  serviceVersion: string;
  captureContent: boolean;
  /** Where export failures are told (throttled): they never reach a request. */
  warn(message: string): void;
}

export interface OtelTelemetry extends Telemetry {
  readonly tracer: ReturnType<NodeTracerProvider['getTracer']>;
  readonly captureContent: boolean;
  shutdown(): Promise<void>;
}

/** A span's content attribute is cut here: a long conversation must not make huge exports. */
const MAX_CONTENT_CHARS = 16_000;
const WARN_EVERY_MS = 60_000;
const DECISION_TRACE = createContextKey('agent_runtime.decision_trace');

const KINDS: Record<OurSpanKind, SpanKind> = {
  server: SpanKind.SERVER,
  client: SpanKind.CLIENT,
  internal: SpanKind.INTERNAL,
};

/**
 * Starts the OpenTelemetry SDK: spans batched and sent over OTLP/HTTP (protobuf), context
 * carried through async calls by AsyncLocalStorage, W3C trace context on outbound requests.
 * Loaded only by a dynamic import when an endpoint is configured.
 */
export function startOtel(options: OtelOptions): OtelTelemetry {
  let lastWarning = 0;
  const warn = (message: string) => {
    const now = Date.now();
    if (now - lastWarning < WARN_EVERY_MS) return;
    lastWarning = now;
    options.warn(`OpenTelemetry export failing (spans are dropped, requests go on): ${message}`);
  };
  // The exporter reports failures only through diag; they must show in our log, not be lost.
  diag.setLogger(
    {
      error: warn,
      warn,
      info: () => {},
      debug: () => {},
      verbose: () => {},
    },
    DiagLogLevel.WARN,
  );
  const exporter = new OTLPTraceExporter({
    url: `${options.endpoint.replace(/\/+$/, '')}/v1/traces`,
  });
  const provider = new NodeTracerProvider({
    resource: resourceFromAttributes({
      [ATTR_SERVICE_NAME]: options.serviceName,
      [ATTR_SERVICE_VERSION]: options.serviceVersion,
    }),
    spanProcessors: [new BatchSpanProcessor(exporter)],
  });
  provider.register({ propagator: new W3CTraceContextPropagator() });
  const tracer = provider.getTracer('agent-runtime', options.serviceVersion);
  const { captureContent } = options;

  return {
    on: true,
    tracer,
    captureContent,
    span(name, spanOptions, fn) {
      const parent = context.active();
      const inherited = parent.getValue(DECISION_TRACE) as string | undefined;
      const decision = inherited ?? spanOptions.decisionTrace;
      // The first run in a request or goal task names it: its span links to the same trace.
      if (spanOptions.decisionTrace && !inherited)
        trace.getSpan(parent)?.setAttribute(DECISION_TRACE_ATTRIBUTE, spanOptions.decisionTrace);
      const span = tracer.startSpan(
        name,
        {
          kind: KINDS[spanOptions.kind ?? 'internal'],
          attributes: defined({ ...spanOptions.attributes, [DECISION_TRACE_ATTRIBUTE]: decision }),
        },
        parent,
      );
      let active: Context = trace.setSpan(parent, span);
      if (decision) active = active.setValue(DECISION_TRACE, decision);
      const scope: SpanScope = {
        traceId: span.spanContext().traceId,
        set: (attributes) => span.setAttributes(defined(attributes)),
        content(key, value) {
          if (captureContent) span.setAttribute(key, contentText(value()));
        },
      };
      return context
        .with(active, () => fn(scope))
        .then(
          (result) => {
            span.end();
            return result;
          },
          (error: unknown) => {
            span.setAttribute('error.type', errorType(error));
            // An error's text may quote what was asked or answered: content, so only when captured.
            span.setStatus({
              code: SpanStatusCode.ERROR,
              ...(captureContent ? { message: contentText(errorMessage(error)) } : {}),
            });
            span.end();
            throw error;
          },
        );
    },
    traceparent() {
      const carrier: Record<string, string> = {};
      propagation.inject(context.active(), carrier);
      return carrier.traceparent ?? null;
    },
    // A receiver that is down loses spans; it must not fail a flush or the app's close.
    flush: () => provider.forceFlush().catch((error: Error) => warn(error.message)),
    async shutdown() {
      await provider.shutdown().catch((error: Error) => warn(error.message));
      // Global state back to none, so a later start (a test's next app) begins clean.
      trace.disable();
      context.disable();
      propagation.disable();
      diag.disable();
    },
  };
}

function defined(attributes: Attributes): OtelAttributes {
  const result: OtelAttributes = {};
  for (const [key, value] of Object.entries(attributes))
    if (value !== null && value !== undefined) result[key] = value;
  return result;
}

function contentText(value: unknown): string {
  const text = typeof value === 'string' ? value : JSON.stringify(value);
  return redactText(text ?? '').slice(0, MAX_CONTENT_CHARS);
}

function errorType(error: unknown): string {
  const code = (error as { code?: unknown } | null)?.code;
  if (typeof code === 'string') return code;
  return error instanceof Error ? error.name : 'Error';
}

function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
