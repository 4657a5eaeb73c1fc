/**
 * The one error hierarchy. `code` is the stable machine value sent as `error` in the JSON body;
 * `expose` false hides the message behind a generic one (internals never reach a client).
 */
export class AppError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly extra: Record<string, unknown> = {},
    readonly expose = status < 500,
  ) {
    super(message);
    this.name = 'AppError';
  }
}

export class ValidationError extends AppError {
  constructor(message: string, details: unknown[] = []) {
    super(400, 'validation_error', message, { details });
  }
}

export class UnauthorizedError extends AppError {
  constructor(message = 'Sign in to continue') {
    super(401, 'unauthorized', message);
  }
}

export class InvalidCredentialsError extends AppError {
  constructor(status = 401, message = 'Wrong user name or password') {
    super(status, 'invalid_credentials', message);
  }
}

export class CsrfError extends AppError {
  constructor(message = 'Missing or wrong CSRF token') {
    super(403, 'csrf_invalid', message);
  }
}

export class NotFoundError extends AppError {
  constructor(message = 'Not found') {
    super(404, 'not_found', message);
  }
}

export class MethodNotAllowedError extends AppError {
  constructor(readonly allowed: string[]) {
    super(405, 'method_not_allowed', `Method not allowed; use ${allowed.join(', ')}`);
  }
}

export class ConflictError extends AppError {
  constructor(
    code = 'invalid_transition',
    message = 'That change is not allowed in the current state',
    extra = {},
  ) {
    super(409, code, message, extra);
  }
}

export class RateLimitedError extends AppError {
  constructor(readonly retryAfterSeconds: number) {
    super(429, 'rate_limited', `Too many attempts; try again in ${retryAfterSeconds} s`, {
      retry_after: retryAfterSeconds,
    });
  }
}

export class ServiceUnavailableError extends AppError {
  constructor(code: string, message: string, extra: Record<string, unknown> = {}) {
    super(503, code, message, extra, true);
  }
}
