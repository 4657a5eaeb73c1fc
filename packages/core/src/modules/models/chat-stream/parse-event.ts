import { ProviderCallError } from './provider-call-error.js';

/** One server-sent event's JSON data; anything else breaks the stream. */
export function parseEvent<T>(data: string): T {
  try {
    return JSON.parse(data) as T;
  } catch {
    throw new ProviderCallError(
      `The provider sent an event that is not JSON: ${data.slice(0, 100)}`,
      null,
      null,
    );
  }
}
