import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';

/**
 * Security headers with a CSP the dashboard works under: scripts only from our origin; inline
 * styles allowed because the component library injects its CSS variables in a style element.
 */
export async function registerSecurityHeaders(app: FastifyInstance): Promise<void> {
  await app.register(helmet, {
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
  });
  // JSON answers (health, sessions, audit) must never be cached by a browser or a proxy.
  app.addHook('onSend', async (_request, reply, payload) => {
    if (
      !reply.hasHeader('cache-control') &&
      String(reply.getHeader('content-type') ?? '').startsWith('application/json')
    ) {
      reply.header('cache-control', 'no-store');
    }
    return payload;
  });
}
