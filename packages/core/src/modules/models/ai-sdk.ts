import { once } from '../../util/once.js';

/**
 * The AI SDK, loaded on first use like its provider packages: it and the telemetry API it brings
 * are among the largest modules of the runtime, and a runtime that serves only the fast path, or
 * has no model, never needs them.
 */
export const loadAiSdk = once(() => import('ai'));
