import { z } from 'zod';
import { booleanText, field, httpUrl } from './field.js';

/**
 * OpenTelemetry export. The names are the OpenTelemetry ones, so an operator's existing
 * collector settings work unchanged; the SDK itself also reads OTEL_EXPORTER_OTLP_HEADERS.
 */
export const telemetryConfig = {
  endpoint: field('OTEL_EXPORTER_OTLP_ENDPOINT', httpUrl.optional(), {
    doc: 'OTLP/HTTP endpoint (such as http://jaeger:4318) that receives traces; unset: no export and no OpenTelemetry code loaded.',
  }),
  serviceName: field('OTEL_SERVICE_NAME', z.string().min(1).max(100), {
    default: 'agent-runtime',
    doc: 'Service name the exported spans carry.',
  }),
  captureContent: field('OTEL_INSTRUMENTATION_GENAI_CAPTURE_MESSAGE_CONTENT', booleanText, {
    default: 'false',
    doc: 'Export prompts, replies, tool arguments and results in spans (secrets still redacted); off: only names, models, token counts and timings.',
  }),
};
