import pino, { type Logger, type LoggerOptions } from 'pino';
import { redactText, redactValue } from './security/redact.js';

/** Header and field paths that never reach a log line, whatever logs them. */
const REDACT_PATHS = [
  'req.headers.cookie',
  'req.headers.authorization',
  'req.headers["x-csrf-token"]',
  'res.headers["set-cookie"]',
  '*.password',
  '*.new_password',
  '*.current_password',
  '*.secret',
  '*.token',
  '*.apiKey',
  '*.api_key',
];

export function loggerOptions(level: string): LoggerOptions {
  return {
    level,
    redact: { paths: REDACT_PATHS, censor: '[REDACTED]' },
    serializers: {
      req: (req: { method: string; url: string; ip?: string; id?: string }) => ({
        method: req.method,
        // Query strings can carry tokens; the URL is scanned like any other text.
        url: redactText(req.url),
        remoteAddress: req.ip,
      }),
      err: (err: Error) => redactValue(pino.stdSerializers.err(err)),
    },
    hooks: {
      // Free-text messages are scanned for well-known secret formats before they are written.
      logMethod(args, method) {
        method.apply(
          this,
          args.map((arg) => (typeof arg === 'string' ? redactText(arg) : arg)) as Parameters<
            typeof method
          >,
        );
      },
    },
  };
}

export function createLogger(level: string): Logger {
  return pino(loggerOptions(level));
}
