import cookie from '@fastify/cookie';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { CsrfError, UnauthorizedError } from '../../errors/app-error.js';
import { BoundedMemo } from '../../util/bounded-memo.js';
import { UsersRepository } from './auth.repository.js';
import { authRoutes } from './auth.routes.js';
import { AuthService } from './auth.service.js';
import { type Session, SessionService } from './session.service.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in session, or null. */
    session: Session | null;
  }
  interface FastifyInstance {
    sessions: SessionService;
    authService: AuthService;
  }
  interface FastifyContextConfig {
    /** `public` routes need no session (login, health, static assets). */
    access?: 'public';
    /** false exempts an unsafe-method route from the CSRF check (only POST /auth/login). */
    csrf?: boolean;
  }
}

export interface AuthPluginOptions {
  /** Receives the one-time first-boot credentials line (stderr by default). */
  announceCredentials?: (line: string) => void;
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
export const SESSION_COOKIE = 'session';
export const CSRF_COOKIE = 'csrftoken';

export const authPlugin = fp(
  async (app: FastifyInstance, options: AuthPluginOptions) => {
    await app.register(cookie, { secret: app.keys.cookie });
    // A signed cookie's check is pure in the cookie and the key, and a client sends the same
    // cookie on every request: the HMAC runs once per cookie, not per request.
    const unsignedCookies = new BoundedMemo<string | null>(1_000);
    const sessions = new SessionService(app.kv, app.keys.csrf, app.config.auth.sessionTtlMs);
    const authService = new AuthService(
      new UsersRepository(app.sql.db),
      app.log.child({ module: 'auth' }),
      options.announceCredentials ?? ((line) => process.stderr.write(`${line}\n`)),
    );
    await authService.ensureAdmin({
      user: app.config.auth.dashboardUser,
      password: app.config.auth.dashboardPassword,
      messaging: {
        user: app.config.auth.messagingUser,
        password: app.config.auth.messagingPassword,
      },
    });
    app.decorate('sessions', sessions);
    app.decorate('authService', authService);
    app.decorateRequest('session', null);

    app.addHook('onRequest', async (request) => {
      request.session = await sessionFromCookie(request, sessions, unsignedCookies);
      // Unmatched requests are judged by the not-found handler (page redirect, 405 or 401).
      if (request.routeOptions.config.access === 'public' || request.is404) return;
      if (!request.session) throw new UnauthorizedError();
    });

    // After body parsing, so the _csrf form field can be read.
    app.addHook('preValidation', async (request) => {
      if (
        SAFE_METHODS.has(request.method) ||
        request.routeOptions.config.csrf === false ||
        request.is404
      )
        return;
      const body = request.body as Record<string, unknown> | undefined;
      const token =
        request.headers['x-csrf-token'] ??
        (typeof body === 'object' && body ? body._csrf : undefined);
      if (!request.session || !sessions.csrfTokenMatches(request.session.id, token))
        throw new CsrfError();
    });

    await app.register(authRoutes);
  },
  { name: 'auth', dependencies: ['context', 'audit'] },
);

async function sessionFromCookie(
  request: FastifyRequest,
  sessions: SessionService,
  unsignedCookies: BoundedMemo<string | null>,
): Promise<Session | null> {
  const raw = request.cookies[SESSION_COOKIE];
  if (!raw) return null;
  const id = unsignedCookies.get(raw, (signed) => {
    const unsigned = request.unsignCookie(signed);
    return unsigned.valid && unsigned.value ? unsigned.value : null;
  });
  return id ? sessions.load(id) : null;
}
