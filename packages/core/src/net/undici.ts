/**
 * undici, loaded at the first outbound request of a skill, connector or catalog: no request
 * served at start needs it, and it is one of the larger libraries the runtime uses.
 */
let undici: Promise<typeof import('undici')> | undefined;

export function loadUndici(): Promise<typeof import('undici')> {
  undici ??= import('undici');
  return undici;
}
