import { type Api, InlineKeyboard } from 'grammy';
import type { Confirmation, CoreClient } from './core-client.js';
import { CoreError, CoreUnreachableError } from './core-client.js';
import type { BridgeLog } from './log.js';

/** Characters of a dry-run preview shown in a prompt (Telegram allows 4096 per message). */
const PREVIEW_CHARS = 3_000;

/** `confirm` is the second press that approves a call following flagged content. */
const BUTTON = /^(approve|deny|confirm):([0-9a-fA-F-]{36})$/;

/** Whether approving needs the operator to confirm they read the input guard's warning. */
const flagged = (confirmation: Confirmation) =>
  (confirmation.taint_evidence ?? []).some((evidence) => evidence.flagged);

/** Which untrusted sources the run read, and what the input guard flagged in them. */
function taintLines(confirmation: Confirmation): string[] {
  const sources =
    confirmation.taint_evidence ??
    (confirmation.tainted_by ?? []).map((source) => ({
      source,
      flagged: false,
      signals: [],
      excerpt: null,
    }));
  if (sources.length === 0) return [];
  const lines = [
    '',
    flagged(confirmation)
      ? 'WARNING: the run read content that tried to instruct the agent. This call may be what that content asked for, not what you asked for.'
      : 'Asked because the run read untrusted content:',
  ];
  for (const evidence of sources) {
    lines.push(`- ${evidence.source}`);
    if (!evidence.flagged) continue;
    lines.push(`  Flagged by the input guard: ${evidence.signals.join(', ').replace(/_/g, ' ')}`);
    // agent-core cuts the excerpt to a few hundred characters.
    if (evidence.excerpt) lines.push(`  Flagged text: ${evidence.excerpt}`);
  }
  return lines;
}

export function promptText(confirmation: Confirmation): string {
  const lines = [
    `Confirmation needed: ${confirmation.skill} (${confirmation.level})`,
    ...taintLines(confirmation),
  ];
  const simulation = confirmation.simulation;
  if (simulation) {
    const summary =
      simulation.summary.length > PREVIEW_CHARS
        ? `${simulation.summary.slice(0, PREVIEW_CHARS)}...`
        : simulation.summary;
    lines.push('', summary);
    if (simulation.warnings.length > 0)
      lines.push('', 'Warnings:', ...simulation.warnings.map((w) => `- ${w}`));
  } else {
    lines.push('', 'No preview is available for this call.');
  }
  return lines.join('\n');
}

interface OpenPrompt {
  chatId: number;
  messageId: number;
  text: string;
}

export interface ButtonPress {
  data: string;
  chatId: number;
  messageId: number;
  who: string;
  answer(text: string): Promise<unknown>;
}

/**
 * Approve and Deny under a confirmation's preview. A button carries only the decision and the
 * confirmation's id (no secret: deciding needs the bridge's session), works only in the chat
 * whose conversation asked, and once: after a decision the buttons are removed, and agent-core
 * refuses a second decision (409).
 */
export class ConfirmationPrompts {
  private readonly open = new Map<string, OpenPrompt>();

  constructor(
    private readonly api: Api,
    private readonly core: CoreClient,
    private readonly log: BridgeLog,
  ) {}

  async ask(chatId: number, confirmationId: string): Promise<void> {
    const confirmation = await this.core.confirmation(confirmationId);
    const text = promptText(confirmation);
    const keyboard = new InlineKeyboard()
      .text(flagged(confirmation) ? 'Approve...' : 'Approve', `approve:${confirmationId}`)
      .text('Deny', `deny:${confirmationId}`);
    const sent = await this.api.sendMessage(chatId, text, { reply_markup: keyboard });
    this.open.set(confirmationId, { chatId, messageId: sent.message_id, text });
    this.log('messaging.confirmation_asked', {
      chat_id: chatId,
      confirmation_id: confirmationId,
      skill: confirmation.skill,
    });
  }

  /** The run went on (or stopped) without a button: decided on the dashboard, or timed out. */
  async settledElsewhere(confirmationId: string, outcome: 'approved' | 'denied'): Promise<void> {
    const prompt = this.open.get(confirmationId);
    if (!prompt) return;
    await this.close(
      confirmationId,
      prompt,
      outcome === 'approved' ? 'Approved (not from Telegram).' : 'Denied or timed out.',
    );
  }

  async press(press: ButtonPress): Promise<void> {
    const match = BUTTON.exec(press.data);
    if (!match?.[1] || !match[2]) {
      await press.answer('This button is not one of mine.');
      return;
    }
    const pressed = match[1] as 'approve' | 'deny' | 'confirm';
    const decision = pressed === 'deny' ? 'deny' : 'approve';
    const id = match[2];
    const prompt = this.open.get(id) ?? {
      chatId: press.chatId,
      messageId: press.messageId,
      text: '',
    };
    let confirmation: Confirmation;
    try {
      confirmation = await this.core.confirmation(id);
    } catch (error) {
      await press.answer(
        error instanceof CoreUnreachableError
          ? 'agent-core is not reachable; try again shortly.'
          : 'Unknown confirmation.',
      );
      return;
    }
    if (confirmation.chat_id !== `telegram:${press.chatId}`) {
      this.log('messaging.button_refused', {
        chat_id: press.chatId,
        confirmation_id: id,
        reason: 'another chat',
      });
      await press.answer('This confirmation belongs to another conversation.');
      return;
    }
    const text = prompt.text || promptText(confirmation);
    if (confirmation.status !== 'pending') {
      await press.answer(`Already ${confirmation.status}.`);
      await this.close(id, { ...prompt, text }, `Already ${confirmation.status}.`);
      return;
    }
    // Over flagged content the first Approve only asks again: the operator must read the warning.
    if (pressed === 'approve' && flagged(confirmation)) {
      await press.answer('Read the warning first, then confirm.');
      await this.api
        .editMessageText(
          prompt.chatId,
          prompt.messageId,
          `${text}\n\nApprove anyway? Press only if you read the warning above and expected this call.`,
          {
            reply_markup: new InlineKeyboard()
              .text('I read the warning: approve', `confirm:${id}`)
              .text('Deny', `deny:${id}`),
          },
        )
        .catch((error: Error) =>
          this.log('messaging.edit_failed', { confirmation_id: id, reason: error.message }),
        );
      return;
    }
    try {
      await this.core.decide(id, decision, pressed === 'confirm');
    } catch (error) {
      if (error instanceof CoreError && error.status === 409) {
        await press.answer('Already decided.');
        await this.close(id, { ...prompt, text }, 'Already decided.');
        return;
      }
      await press.answer('agent-core could not take the decision; try again.');
      return;
    }
    const verdict = decision === 'approve' ? 'Approved' : 'Denied';
    this.log('messaging.confirmation_decided', {
      chat_id: press.chatId,
      confirmation_id: id,
      decision,
      by: press.who,
    });
    await press.answer(verdict);
    await this.close(id, { ...prompt, text }, `${verdict} by ${press.who}.`);
  }

  /** Removes the buttons (single use) and says how it ended. */
  private async close(id: string, prompt: OpenPrompt, outcome: string): Promise<void> {
    this.open.delete(id);
    await this.api
      .editMessageText(prompt.chatId, prompt.messageId, `${prompt.text}\n\n${outcome}`, {
        reply_markup: { inline_keyboard: [] },
      })
      .catch((error: Error) =>
        this.log('messaging.edit_failed', { confirmation_id: id, reason: error.message }),
      );
  }
}
