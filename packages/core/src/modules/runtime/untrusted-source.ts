import { redactText } from '../../security/redact.js';
import type { SkillOutput } from '../skills/skill.js';

/** Input fields that say where a call read from, in the order they name it best. */
const TARGET_FIELDS = ['url', 'integration_id', 'action', 'server', 'tool', 'folder', 'query'];
const FIELD_CHARS = 160;
const LABEL_CHARS = 300;

/**
 * The name of the untrusted source a call's output came from, as the model's label and the
 * operator's confirmation show it: the skill's own `source`, else the skill and the fields of
 * the call that say where it read ("fetch_url https://example.com/page",
 * "integration_skill github list_issues"). Redacted: a URL can carry a token.
 */
export function untrustedSource(skill: string, input: unknown, output: SkillOutput): string {
  if (output.source) return redactText(output.source).slice(0, LABEL_CHARS);
  const fields = (input ?? {}) as Record<string, unknown>;
  const parts = TARGET_FIELDS.map((field) => fields[field])
    .filter((value): value is string => typeof value === 'string' && value.trim() !== '')
    .map((value) => value.replace(/\s+/g, ' ').trim().slice(0, FIELD_CHARS));
  return redactText([skill, ...parts].join(' ')).slice(0, LABEL_CHARS);
}
