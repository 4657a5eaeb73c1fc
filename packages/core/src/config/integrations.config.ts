import { z } from 'zod';
import { durationText, field } from './field.js';

const count = (min: number, max: number) => z.coerce.number().int().min(min).max(max);

/** The integration registry: circuit breakers and the limits of vendor calls. */
export const integrationsConfig = {
  breakerThreshold: field('CB_FAILURE_THRESHOLD', count(1, 1_000), {
    default: '5',
    doc: 'Consecutive failed calls (timeouts, network errors, 5xx, 429) that open an integration circuit.',
  }),
  breakerRecoveryMs: field('CB_RECOVERY_TIMEOUT', durationText(1_000, 24 * 3600_000), {
    default: '30s',
    doc: 'How long an open integration circuit waits before it lets one probe call through.',
  }),
  timeoutMs: field('INTEGRATION_TIMEOUT', durationText(1_000, 300_000), {
    default: '15s',
    doc: 'Time limit of one attempt of an integration call to a vendor.',
  }),
  maxBytes: field('INTEGRATION_MAX_BYTES', count(1_024, 100 * 1024 * 1024), {
    default: '1048576',
    doc: 'Largest vendor answer an integration call reads, in bytes; the rest is cut.',
  }),
  resultChars: field('INTEGRATION_RESULT_CHARS', count(500, 200_000), {
    default: '6000',
    doc: 'Characters of an integration answer the model reads; the rest is cut with a note.',
  }),
};
