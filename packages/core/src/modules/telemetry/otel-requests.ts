import {
  type Context,
  context,
  propagation,
  ROOT_CONTEXT,
  SpanKind,
  SpanStatusCode,
  trace,
} from '@opentelemetry/api';
import type { FastifyInstance, FastifyRequest, RouteHandlerMethod } from 'fastify';
import type { OtelTelemetry } from './otel-telemetry.js';

/**
 * A server span per API request, named by its route (`POST /chat`), never by its URL: paths
 * and query strings may carry ids or secrets. A caller's own `traceparent` is honoured, so an
 * operator's script and the runtime show as one trace.
 *
 * Fastify reads the body from socket events, which lose the async context the onRequest hook
 * set, so each route handler is also run inside the request's context (as @fastify/otel does).
 */
export function traceRequests(app: FastifyInstance, otel: OtelTelemetry): void {
  const contexts = new WeakMap<FastifyRequest, Context>();

  app.addHook('onRoute', (route) => {
    const handler = route.handler as RouteHandlerMethod;
    route.handler = function tracedHandler(this: FastifyInstance, request, reply) {
      const active = contexts.get(request);
      return active
        ? context.with(active, () => handler.call(this, request, reply))
        : handler.call(this, request, reply);
    } as RouteHandlerMethod;
  });

  app.addHook('onRequest', (request, reply, done) => {
    const route = request.routeOptions.url;
    const parent = propagation.extract(ROOT_CONTEXT, request.headers);
    const span = otel.tracer.startSpan(
      route ? `${request.method} ${route}` : request.method,
      {
        kind: SpanKind.SERVER,
        attributes: {
          'http.request.method': request.method,
          ...(route ? { 'http.route': route } : {}),
          'url.scheme': request.protocol,
        },
      },
      parent,
    );
    const active = trace.setSpan(parent, span);
    contexts.set(request, active);
    let ended = false;
    // onResponse does not run for a hijacked reply (an event stream): the socket's close does.
    const end = () => {
      if (ended) return;
      ended = true;
      const status = reply.raw.statusCode;
      span.setAttribute('http.response.status_code', status);
      if (status >= 500) span.setStatus({ code: SpanStatusCode.ERROR });
      span.end();
    };
    reply.raw.once('close', end);
    reply.raw.once('finish', end);
    context.with(active, done);
  });
}
