/**
 * The AI SDK, loaded on first use like its provider packages: it and the telemetry API it brings
 * are among the largest modules of the runtime, and a runtime that serves only the fast path, or
 * has no model, never needs them. After the first call the promise is settled, so later callers
 * wait no longer than a microtask.
 */
let sdk: Promise<typeof import('ai')> | undefined;

export function loadAiSdk(): Promise<typeof import('ai')> {
  sdk ??= import('ai');
  return sdk;
}
