import { redactRecurringText } from '../../security/redact.js';
import type { IdentityProfile } from '../identity/identity.service.js';
import type { AutonomyMode } from '../skills/autonomy.js';
import { UNTRUSTED_CONTENT_RULE } from './guards/input-guard.js';

/**
 * The system prompt, redacted: who the agent is, the rules it works under, and the time. Short
 * on purpose: every byte here is sent with every request. What comes from outside this file
 * (the identity, instructions, sections) is redacted part by part, each part's result reused
 * while it recurs, since most of it is the same from one message to the next.
 */
export function systemPrompt(
  identity: IdentityProfile,
  mode: AutonomyMode,
  now: Date,
  instructions: string[] = [],
  /** Context that is not an instruction (memory): after everything else. */
  sections: string[] = [],
): string {
  return [
    redactRecurringText(
      `You are ${identity.name}, a self-hosted agent working for its operator. ${identity.persona}`,
    ),
    `Autonomy mode: ${mode}. Some tools need the operator's approval; if a tool result says it was not allowed, do not retry it and say so.`,
    'Use a tool when the answer needs one; never claim you ran, fetched, searched or sent anything unless a tool result in this conversation shows it.',
    UNTRUSTED_CONTENT_RULE,
    `Current time: ${now.toISOString()} (UTC).`,
    ...(instructions.length > 0
      ? ['Standing instructions:', ...instructions.map((line) => redactRecurringText(`- ${line}`))]
      : []),
    ...sections.map(redactRecurringText),
  ].join('\n');
}
