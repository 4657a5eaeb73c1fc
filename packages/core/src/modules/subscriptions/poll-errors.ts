import { AppError } from '../../errors/app-error.js';
import { redactText } from '../../security/redact.js';
import { FeedFormatError } from './feed-document.js';
import { QuoteError } from './quote-sources.js';

/** A poll that reached the server and got an answer it cannot use (an HTTP error status). */
export class PollError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'PollError';
  }
}

const MAX_ERROR_CHARS = 500;

/**
 * The reason a poll failed, as stored in last_error and shown to the operator: the message of a
 * failure outside the runtime (refused URL, network, HTTP status, not a feed, no price), redacted.
 * Null for an unexpected failure, which is logged rather than shown.
 */
export function pollFailureReason(error: unknown): string | null {
  const known =
    error instanceof PollError ||
    error instanceof FeedFormatError ||
    error instanceof QuoteError ||
    (error instanceof AppError && error.expose);
  if (!known) return null;
  const message = redactText((error as Error).message);
  return message.length > MAX_ERROR_CHARS ? `${message.slice(0, MAX_ERROR_CHARS - 1)}…` : message;
}
