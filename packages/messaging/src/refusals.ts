import type { CoreClient } from './core-client.js';
import type { BridgeLog } from './log.js';

/** One audit row per refused user per window; the refusals between are counted into the next. */
const WINDOW_MS = 60_000;

export type RefusalKind = 'message' | 'command' | 'button';

/**
 * Users outside MESSAGING_ALLOWED_USERS get no answer at all; each refusal is recorded in
 * agent-core's audit log (and on the bridge's own log). A stranger who floods the bot writes
 * one audit row a minute, with the count of what was refused since the last.
 */
export class RefusalRecorder {
  private readonly users = new Map<number, { reportedAt: number; unreported: number }>();

  constructor(
    private readonly core: CoreClient,
    private readonly log: BridgeLog,
    private readonly now: () => number = Date.now,
  ) {}

  async refuse(userId: number, chatId: number, kind: RefusalKind): Promise<void> {
    this.log('messaging.refused', { user_id: userId, chat_id: chatId, kind });
    const state = this.users.get(userId) ?? { reportedAt: Number.NEGATIVE_INFINITY, unreported: 0 };
    state.unreported += 1;
    this.users.set(userId, state);
    if (this.now() - state.reportedAt < WINDOW_MS) return;
    const count = state.unreported;
    state.reportedAt = this.now();
    state.unreported = 0;
    try {
      await this.core.recordRefusal({
        user_id: String(userId),
        chat_id: String(chatId),
        kind,
        count,
      });
    } catch (error) {
      // Counted again next time, so the audit log still learns of them.
      state.unreported += count;
      state.reportedAt = Number.NEGATIVE_INFINITY;
      this.log('messaging.refusal_not_recorded', {
        user_id: userId,
        reason: (error as Error).message,
      });
    }
  }
}
