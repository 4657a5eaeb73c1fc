/** The provider refused or broke off a call; `message` is its own complaint where it gave one. */
export class ProviderCallError extends Error {
  constructor(
    message: string,
    readonly status: number | null,
    /** How long to wait before a second attempt; null when a second attempt is pointless. */
    readonly retryAfterMs: number | null,
  ) {
    super(message);
    this.name = 'ProviderCallError';
  }
}
