import type { KvStore } from './kv-store.js';

/**
 * A subscription to a key-value topic, made when first needed and made again after it failed.
 * `ready()` is true once subscribed, false while the store is down: callers that cache what the
 * topic announces changes of then read through, caching nothing they could not hear about.
 */
export class LazySubscription {
  private subscribed: Promise<unknown> | undefined;

  constructor(
    private readonly kv: KvStore,
    private readonly topic: string,
    private readonly listener: (message: string | null) => void,
  ) {}

  async ready(): Promise<boolean> {
    this.subscribed ??= this.kv.subscribe(this.topic, this.listener);
    try {
      await this.subscribed;
      return true;
    } catch {
      this.subscribed = undefined;
      return false;
    }
  }
}
