import { validateHeaderValue } from 'node:http';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { redactText } from '../security/redact.js';
import {
  AppError,
  MethodNotAllowedError,
  NotFoundError,
  UnauthorizedError,
  ValidationError,
} from './app-error.js';

/** Fastify's own client errors, mapped to stable codes. */
const FASTIFY_CODES: Record<number, string> = {
  403: 'forbidden',
  404: 'not_found',
  405: 'method_not_allowed',
  413: 'payload_too_large',
  415: 'unsupported_media_type',
};

export interface NotFoundOptions {
  allowedMethods: (method: string, url: string) => string[];
  /** Gives a page request to the dashboard; returns false when the request is not a page. */
  servePage: (request: FastifyRequest, reply: FastifyReply) => Promise<boolean>;
  hasSession: (request: FastifyRequest) => boolean;
}

/**
 * The one mapping from errors to HTTP: `{"error": code, "message": text, ...extra}`.
 * 5xx bodies never carry internals; the stack goes to the log with the request id.
 */
export function installErrorHandling(app: FastifyInstance, options: NotFoundOptions): void {
  app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
    const appError = toAppError(error);
    if (appError.status >= 500) {
      request.log.error({ err: error }, 'request failed');
    }
    // A rate limit, an open circuit: the body's retry_after is also the standard header.
    if (typeof appError.extra.retry_after === 'number')
      reply.header('retry-after', String(appError.extra.retry_after));
    if (appError instanceof MethodNotAllowedError)
      reply.header('allow', appError.allowed.join(', '));
    // Messages are built by their modules with secrets kept out; this catches one that slipped.
    const message = appError.expose ? redactText(appError.message) : 'Internal server error';
    return reply.status(appError.status).send({ error: appError.code, message, ...appError.extra });
  });

  // Node refuses a header value with a line break only when it writes the head, past every
  // handler; checked here, the bad header is dropped and the one error handler answers.
  app.addHook('onSend', (_request, reply, payload, done) => {
    for (const [name, value] of Object.entries(reply.getHeaders())) {
      if (value === undefined) continue;
      try {
        // Numbers are always writable; a list is written as one line per value.
        for (const line of Array.isArray(value) ? value : [String(value)])
          validateHeaderValue(name, line);
      } catch {
        reply.removeHeader(name);
        done(new AppError(500, 'internal_error', `Invalid ${name} header`, {}, false));
        return;
      }
    }
    done(null, payload);
  });

  app.setNotFoundHandler(async (request, reply) => {
    if (await options.servePage(request, reply)) return reply;
    const allowed = options.allowedMethods(request.method, request.url);
    if (allowed.length > 0) throw new MethodNotAllowedError(allowed);
    // Which unknown paths exist is not revealed to callers without a session.
    if (!options.hasSession(request)) throw new UnauthorizedError();
    throw new NotFoundError(`No route for ${request.method} ${request.url.split('?')[0]}`);
  });
}

function toAppError(error: FastifyError | AppError): AppError {
  if (error instanceof AppError) return error;
  if (hasZodFastifySchemaValidationErrors(error)) {
    const details = error.validation.map((issue) => ({
      path: `${issue.instancePath || '/'}`.replace(/^\/?/, '/'),
      message: issue.message ?? 'is invalid',
      in: error.validationContext,
    }));
    return new ValidationError(`Invalid ${error.validationContext ?? 'request'}`, details);
  }
  if (error.validation) {
    return new ValidationError(
      error.message,
      error.validation.map((v) => ({ path: v.instancePath, message: v.message })),
    );
  }
  const status = error.statusCode ?? 500;
  if (status === 400)
    return new ValidationError(error.message, [{ path: '/', message: error.message }]);
  if (status > 400 && status < 500)
    return new AppError(status, FASTIFY_CODES[status] ?? 'bad_request', error.message);
  return new AppError(500, 'internal_error', error.message, {}, false);
}
