import type { Api } from 'grammy';
import type { ConfirmationPrompts } from './confirmation-prompts.js';
import {
  type CoreClient,
  CoreError,
  CoreUnreachableError,
  type ProgressEvent,
} from './core-client.js';
import type { BridgeLog } from './log.js';
import { splitMessage } from './split-message.js';

/** Telegram shows "typing" for five seconds; it is sent again before that runs out. */
const TYPING_EVERY_MS = 4_000;

export interface RetryPolicy {
  firstDelayMs: number;
  maxDelayMs: number;
}

export const UNREACHABLE_TEXT =
  'agent-core is not reachable right now. Your message is kept and will be delivered when it is back.';

function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener(
      'abort',
      () => {
        clearTimeout(timer);
        resolve();
      },
      { once: true },
    );
  });
}

/**
 * Relays each chat's messages to agent-core one at a time, in order, on a queue of its own, so
 * the update loop stays free to take button presses while a reply waits for one. A message that
 * cannot reach agent-core is kept and sent again (with backoff) until it does; the user is told.
 */
export class Conversations {
  private readonly tails = new Map<number, Promise<void>>();
  private readonly stopping = new AbortController();
  private waiting = 0;

  constructor(
    private readonly api: Api,
    private readonly core: CoreClient,
    private readonly prompts: ConfirmationPrompts,
    private readonly retry: RetryPolicy,
    private readonly log: BridgeLog,
  ) {}

  enqueue(chatId: number, text: string): void {
    this.waiting += 1;
    const previous = this.tails.get(chatId) ?? Promise.resolve();
    const next = previous
      .then(() => this.relay(chatId, text))
      .catch((error: Error) =>
        this.log('messaging.relay_failed', { chat_id: chatId, reason: error.message }),
      )
      .finally(() => {
        this.waiting -= 1;
        if (this.tails.get(chatId) === next) this.tails.delete(chatId);
      });
    this.tails.set(chatId, next);
  }

  /** Stops retrying; returns how many messages were still waiting for agent-core. */
  async stop(): Promise<number> {
    const left = this.waiting;
    this.stopping.abort();
    await Promise.allSettled([...this.tails.values()]);
    return left;
  }

  private async relay(chatId: number, text: string): Promise<void> {
    const signal = this.stopping.signal;
    let delay = this.retry.firstDelayMs;
    let told = false;
    while (!signal.aborted) {
      try {
        await this.exchange(chatId, text, signal);
        return;
      } catch (error) {
        if (!(error instanceof CoreUnreachableError) || signal.aborted)
          return this.report(chatId, error as Error, signal);
        this.log('messaging.core_unreachable', { chat_id: chatId, retry_in_ms: delay });
        if (!told) await this.api.sendMessage(chatId, UNREACHABLE_TEXT);
        told = true;
        await sleep(delay, signal);
        delay = Math.min(delay * 2, this.retry.maxDelayMs);
      }
    }
    this.log('messaging.undelivered', { chat_id: chatId, length: text.length });
  }

  /** One request to agent-core, with "typing" and confirmation prompts while it runs. */
  private async exchange(chatId: number, text: string, signal: AbortSignal): Promise<void> {
    const typing = () => this.api.sendChatAction(chatId, 'typing').catch(() => {});
    void typing();
    const timer = setInterval(typing, TYPING_EVERY_MS);
    // Prompts are sent in order and before the reply; a step's next event settles its prompt.
    let prompts = Promise.resolve();
    const asked = new Map<number, string>();
    const onProgress = (event: ProgressEvent) => {
      const id = event.confirmation_id;
      if (event.status === 'awaiting_confirmation' && id) {
        asked.set(event.step, id);
        prompts = prompts
          .then(() => this.prompts.ask(chatId, id))
          .catch((error: Error) =>
            this.log('messaging.prompt_failed', { chat_id: chatId, reason: error.message }),
          );
        return;
      }
      const pending = asked.get(event.step);
      if (pending && event.status !== 'awaiting_confirmation') {
        asked.delete(event.step);
        const outcome = event.status === 'denied' ? 'denied' : 'approved';
        prompts = prompts.then(() => this.prompts.settledElsewhere(pending, outcome));
      }
    };
    try {
      const reply = await this.core.chat(text, `telegram:${chatId}`, { onProgress, signal });
      await prompts;
      for (const part of splitMessage(reply || '(The agent sent an empty reply.)'))
        await this.api.sendMessage(chatId, part);
      this.log('messaging.relayed', {
        chat_id: chatId,
        length: text.length,
        reply_length: reply.length,
      });
    } finally {
      clearInterval(timer);
    }
  }

  private async report(chatId: number, error: Error, signal: AbortSignal): Promise<void> {
    if (signal.aborted) return;
    const text =
      error instanceof CoreError
        ? `agent-core could not answer: ${error.message}`
        : 'The connection to agent-core broke while it was answering; the reply may be incomplete.';
    this.log('messaging.relay_error', { chat_id: chatId, reason: error.message });
    await this.api.sendMessage(chatId, text);
  }
}
