import { knownSecretsVersion, redactRecurringText } from '../../security/redact.js';
import type { IdentityProfile } from '../identity/identity.service.js';
import type { AutonomyMode } from '../skills/autonomy.js';
import { UNTRUSTED_CONTENT_RULE } from './guards/input-guard.js';

/** The inputs of the last prompt built, and the prompt. */
let last: {
  name: string;
  persona: string;
  mode: AutonomyMode;
  minute: string;
  secretsVersion: number;
  instructions: string[];
  sections: string[];
  prompt: string;
} | null = null;

const sameStrings = (left: string[], right: string[]) =>
  left.length === right.length && left.every((value, index) => value === right[index]);

/**
 * The system prompt, redacted: who the agent is, the rules it works under, and the time. Short
 * on purpose: every byte here is sent with every request. What comes from outside this file
 * (the identity, instructions, sections) is redacted part by part, each part's result reused
 * while it recurs, since most of it is the same from one message to the next.
 *
 * The time is given to the minute (the datetime skill has it exactly), so messages within a
 * minute share one prompt: a provider's prompt cache matches all of it, and the streams open at
 * once hold one string between them rather than one each.
 */
export function systemPrompt(
  identity: IdentityProfile,
  mode: AutonomyMode,
  now: Date,
  instructions: string[] = [],
  /** Context that is not an instruction (memory): after everything else. */
  sections: string[] = [],
): string {
  const minute = now.toISOString().slice(0, 16);
  if (
    last &&
    last.name === identity.name &&
    last.persona === identity.persona &&
    last.mode === mode &&
    last.minute === minute &&
    last.secretsVersion === knownSecretsVersion() &&
    sameStrings(last.instructions, instructions) &&
    sameStrings(last.sections, sections)
  )
    return last.prompt;
  const prompt = [
    redactRecurringText(
      `You are ${identity.name}, a self-hosted agent working for its operator. ${identity.persona}`,
    ),
    `Autonomy mode: ${mode}. Some tools need the operator's approval; if a tool result says it was not allowed, do not retry it and say so.`,
    'Use a tool when the answer needs one; never claim you ran, fetched, searched or sent anything unless a tool result in this conversation shows it.',
    UNTRUSTED_CONTENT_RULE,
    `Current time: ${minute} UTC.`,
    ...(instructions.length > 0
      ? ['Standing instructions:', ...instructions.map((line) => redactRecurringText(`- ${line}`))]
      : []),
    ...sections.map(redactRecurringText),
  ].join('\n');
  last = {
    name: identity.name,
    persona: identity.persona,
    mode,
    minute,
    secretsVersion: knownSecretsVersion(),
    instructions: [...instructions],
    sections: [...sections],
    prompt,
  };
  return prompt;
}
