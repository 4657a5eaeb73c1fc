import { once } from '../util/once.js';

/**
 * undici, loaded at the first outbound request of a skill, connector or catalog: no request
 * served at start needs it, and it is one of the larger libraries the runtime uses.
 */
export const loadUndici = once(() => import('undici'));
