import { AppError } from '../../errors/app-error.js';
import type { FailureKind } from './upstream.js';

/** The execute errors of DECISIONS ("Integrations"), each with its status and code. */
export class IntegrationNotFoundError extends AppError {
  constructor(id: string) {
    super(404, 'integration_not_found', `There is no integration named ${id}`);
  }
}

export class ActionNotAllowedError extends AppError {
  constructor(id: string, action: string, allowed: string[]) {
    super(400, 'action_not_allowed', `${id} has no allowed action ${action}`, { allowed });
  }
}

export class PolicyDeniedError extends AppError {
  constructor(message: string) {
    super(403, 'policy_denied', message);
  }
}

export class CredentialsMissingError extends AppError {
  constructor(id: string, missing: string[]) {
    super(424, 'credentials_missing', `${id} is not configured: set ${missing.join(', ')}`, {
      missing,
    });
  }
}

export class CircuitOpenError extends AppError {
  constructor(id: string, retryAfterSeconds: number) {
    super(
      503,
      'circuit_open',
      `${id} failed repeatedly; calls are paused for ${retryAfterSeconds} s`,
      { retry_after: retryAfterSeconds },
      true,
    );
  }
}

/** The vendor answered with an error, or could not be reached (status null). */
export class UpstreamError extends AppError {
  constructor(
    readonly kind: FailureKind,
    status: number | null,
    message: string,
  ) {
    super(502, 'upstream_error', message, { status, kind }, true);
  }
}
