import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { telemetryOff, useTelemetry } from './telemetry.js';

/**
 * OpenTelemetry export when OTEL_EXPORTER_OTLP_ENDPOINT is set. Registered before every
 * plugin with routes, so its route hook sees them all. Unset, it adds no hook and loads
 * nothing: the SDK modules are imported here, on demand.
 */
export const telemetryPlugin = fp(
  async (app: FastifyInstance) => {
    const { endpoint, serviceName, captureContent } = app.config.telemetry;
    if (!endpoint) return;
    const [{ startOtel }, { traceRequests }] = await Promise.all([
      import('./otel-telemetry.js'),
      import('./otel-requests.js'),
    ]);
    const otel = startOtel({
      endpoint,
      serviceName,
      serviceVersion: app.serviceVersion,
      captureContent,
      warn: (message) => app.log.warn(message),
    });
    useTelemetry(otel);
    traceRequests(app, otel);
    app.log.info(
      { endpoint, capture_content: captureContent },
      'exporting OpenTelemetry traces over OTLP/HTTP',
    );
    // Flushes what is buffered, so the spans of the last requests are not lost at shutdown.
    app.addHook('onClose', async () => {
      useTelemetry(telemetryOff);
      await otel.shutdown();
    });
  },
  { name: 'telemetry', dependencies: ['context'] },
);
