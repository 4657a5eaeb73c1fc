import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { AppError, UnauthorizedError } from '../../errors/app-error.js';
import { CSRF_COOKIE, SESSION_COOKIE } from './auth.plugin.js';
import {
  loginBodySchema,
  loginResponseSchema,
  okSchema,
  passwordChangedSchema,
  passwordChangeSchema,
  safeNextPath,
  sessionResponseSchema,
} from './auth.schema.js';
import { assertOwnOriginLogin } from './login-origin.js';
import { readMultipartFields } from './multipart-fields.js';
import { AttemptLimiter } from './rate-limiter.js';
import type { Session } from './session.service.js';

const WINDOW_MS = 5 * 60_000;

/** A browser form post (as opposed to a script) is answered with redirects. */
const wantsHtml = (request: FastifyRequest) => (request.headers.accept ?? '').includes('text/html');

export async function authRoutes(app: FastifyInstance): Promise<void> {
  // Multipart forms are accepted here only; files are refused outright.
  await app.register(multipart, { limits: { files: 0, fields: 10, fieldSize: 4096 } });
  app.addHook('preValidation', async (request) => {
    if (request.isMultipart()) request.body = await readMultipartFields(request);
  });
  const loginLimiter = new AttemptLimiter(app.kv, 'login', 5, WINDOW_MS);
  const passwordLimiter = new AttemptLimiter(app.kv, 'password', 5, WINDOW_MS);
  const routes = app.withTypeProvider<ZodTypeProvider>();

  const setSessionCookies = (request: FastifyRequest, reply: FastifyReply, session: Session) => {
    const options = {
      path: '/',
      sameSite: 'lax' as const,
      secure: request.protocol === 'https',
      maxAge: Math.round((Date.parse(session.expiresAt) - Date.now()) / 1000),
    };
    reply.setCookie(SESSION_COOKIE, session.id, { ...options, httpOnly: true, signed: true });
    reply.setCookie(CSRF_COOKIE, app.sessions.csrfToken(session.id), {
      ...options,
      httpOnly: false,
    });
  };

  routes.post(
    '/auth/login',
    {
      // `next` is never stored: a hostile one (a NUL included) falls back to /overview.
      config: { access: 'public', csrf: false, nulSafe: ['next'] },
      // Before the body is read or the attempt counted: a foreign site's form is not an attempt.
      onRequest: async (request) => assertOwnOriginLogin(request),
      schema: {
        tags: ['auth'],
        summary: 'Sign in (form fields or JSON); sets the session and csrftoken cookies',
        security: [],
        body: loginBodySchema,
        response: { 200: loginResponseSchema },
      },
    },
    async (request, reply) => {
      const { username, password, next } = request.body;
      const ip = request.ip;
      try {
        // Counted before the password is looked at: past the limit, it is never checked.
        await loginLimiter.hit(ip);
        const user = await app.authService.verifyCredentials(username, password);
        const session = await app.sessions.create(user);
        setSessionCookies(request, reply, session);
        app.audit.record({
          action: 'auth.login',
          actor: user,
          detail: { ip },
          request_id: request.id,
        });
        if (wantsHtml(request)) return reply.redirect(safeNextPath(next), 303);
        return { ok: true as const, user, csrf_token: app.sessions.csrfToken(session.id) };
      } catch (error) {
        if (!(error instanceof AppError)) throw error;
        const action = error.status === 429 ? 'auth.login_rate_limited' : 'auth.login_failed';
        app.audit.record({
          action,
          actor: 'anonymous',
          target: username.slice(0, 64),
          detail: { ip },
          request_id: request.id,
        });
        if (!wantsHtml(request)) throw error;
        const query = new URLSearchParams({ error: error.code });
        if (next) query.set('next', next);
        if (error.status === 429) {
          // The page the browser lands on cannot read this response's headers: it reads the query.
          reply.header('retry-after', String(error.extra.retry_after));
          query.set('retry_after', String(error.extra.retry_after));
        }
        return reply.redirect(`/login?${query}`, 303);
      }
    },
  );

  routes.post(
    '/auth/logout',
    {
      schema: {
        tags: ['auth'],
        summary: 'End the session everywhere and clear its cookies',
        response: { 200: okSchema },
      },
    },
    async (request, reply) => {
      const session = request.session as Session;
      await app.sessions.revoke(session.id);
      reply.clearCookie(SESSION_COOKIE, { path: '/' });
      reply.clearCookie(CSRF_COOKIE, { path: '/' });
      app.audit.record({ action: 'auth.logout', actor: session.user, request_id: request.id });
      if (wantsHtml(request)) return reply.redirect('/login', 303);
      return { ok: true as const };
    },
  );

  routes.get(
    '/auth/session',
    {
      // The handler answers 401 itself, after clearing a dead session's cookies.
      config: { access: 'public' },
      schema: {
        tags: ['auth'],
        summary: 'The current session and its CSRF token',
        response: { 200: sessionResponseSchema },
      },
    },
    async (request, reply) => {
      const session = request.session;
      if (!session) {
        // A revoked or expired session's cookies go, so the sign-in page, which asks only when
        // the csrftoken cookie is there, does not ask (and log a 401) again at every visit.
        reply.clearCookie(SESSION_COOKIE, { path: '/' });
        reply.clearCookie(CSRF_COOKIE, { path: '/' });
        throw new UnauthorizedError();
      }
      return {
        user: session.user,
        csrf_token: app.sessions.csrfToken(session.id),
        expires_at: session.expiresAt,
      };
    },
  );

  routes.post(
    '/api/auth/password',
    {
      schema: {
        tags: ['auth'],
        summary: 'Change the password; every other session is revoked',
        body: passwordChangeSchema,
        response: { 200: passwordChangedSchema },
      },
    },
    async (request) => {
      const session = request.session as Session;
      await passwordLimiter.hit(session.user);
      try {
        await app.authService.changePassword(
          session.user,
          request.body.current_password,
          request.body.new_password,
        );
      } catch (error) {
        app.audit.record({
          action: 'auth.password_change_failed',
          actor: session.user,
          request_id: request.id,
        });
        throw error;
      }
      const revoked = await app.sessions.revokeAllOf(session.user, session.id);
      app.audit.record({
        action: 'auth.password_changed',
        actor: session.user,
        detail: { revoked_sessions: revoked },
        request_id: request.id,
      });
      return { ok: true as const, revoked_sessions: revoked };
    },
  );
}
