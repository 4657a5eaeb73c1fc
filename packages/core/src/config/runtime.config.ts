import { z } from 'zod';
import { durationText, field } from './field.js';

/** The agent loop: how long it may run and how much context it carries. */
export const runtimeConfig = {
  confirmationTimeoutMs: field('CONFIRMATION_TIMEOUT', durationText(1_000, 24 * 3600_000), {
    default: '10m',
    doc: 'How long a skill waits for the operator to approve it before it counts as denied.',
  }),
  maxSteps: field('MODEL_MAX_STEPS', z.coerce.number().int().min(1).max(50), {
    default: '8',
    doc: 'Most model steps (tool rounds) in one request.',
  }),
  contextTokenBudget: field(
    'CONTEXT_TOKEN_BUDGET',
    z.coerce.number().int().min(256).max(1_000_000),
    {
      default: '6000',
      doc: 'Tokens of conversation history sent to the model with each request.',
    },
  ),
};
