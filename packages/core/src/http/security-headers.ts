import type { OutgoingHttpHeaders } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';

/**
 * Security headers with a CSP the dashboard works under: scripts only from our origin; inline
 * styles allowed because the component library injects its CSS variables in a style element.
 */
const OPTIONS: HelmetOptions = {
  contentSecurityPolicy: {
    useDefaults: false,
    directives: {
      'default-src': ["'self'"],
      'script-src': ["'self'"],
      'style-src': ["'self'", "'unsafe-inline'"],
      'img-src': ["'self'", 'data:', 'blob:'],
      'font-src': ["'self'", 'data:'],
      'connect-src': ["'self'"],
      'object-src': ["'none'"],
      'base-uri': ["'self'"],
      'form-action': ["'self'"],
      'frame-ancestors': ["'none'"],
    },
  },
  // The runtime serves plain HTTP on loopback; TLS belongs to the proxy in front.
  strictTransportSecurity: false,
  crossOriginEmbedderPolicy: false,
  frameguard: { action: 'deny' },
};

/**
 * Helmet's headers, worked out once: with these options none depends on the request, and
 * @fastify/helmet rebuilt helmet's whole middleware chain on every request (about 4 % of a
 * fast-path request's CPU).
 */
function helmetHeaders(): OutgoingHttpHeaders {
  const headers: OutgoingHttpHeaders = {};
  const recorder = {
    setHeader(name: string, value: string) {
      headers[name.toLowerCase()] = value;
    },
    removeHeader() {},
  };
  let failure: unknown = null;
  helmet(OPTIONS)({} as never, recorder as never, (error?: unknown) => {
    failure = error ?? null;
  });
  if (failure) throw failure;
  return headers;
}

export async function registerSecurityHeaders(app: FastifyInstance): Promise<void> {
  const headers = helmetHeaders();
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(headers);
    done();
  });
  // JSON answers (health, sessions, audit) must never be cached by a browser or a proxy.
  app.addHook('onSend', (_request, reply, payload, done) => {
    if (
      !reply.hasHeader('cache-control') &&
      String(reply.getHeader('content-type') ?? '').startsWith('application/json')
    ) {
      reply.header('cache-control', 'no-store');
    }
    done(null, payload);
  });
}
