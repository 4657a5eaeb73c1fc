import { AppError } from '../../../errors/app-error.js';
import { SkillError } from '../skill.js';

/**
 * Turns a refusal or failure of an outbound request (SSRF guard, DNS, timeout, redirects) into
 * a SkillError the model can read and act on. A cancellation stays what it is, and anything
 * unexpected is rethrown untouched so it is not dressed up as a readable skill failure.
 */
export function toSkillError(error: unknown, signal: AbortSignal): unknown {
  if (signal.aborted) return error;
  if (error instanceof AppError && error.expose) return new SkillError(error.message, error.code);
  return error;
}
