import type { AnySkill } from '../skills/skill.js';

/** The fast path's answer to "help": what works without a model, and the skills there are. */
export function helpText(skills: AnySkill[]): string {
  const lines = [
    'Without a model I answer quick questions directly:',
    '- arithmetic: "12 * 7", "what is 15% of 200", "sqrt(2)"',
    '- dates and times: "what time is it in Tokyo", "what is today\'s date"',
    '- this machine: "system info", "uptime"',
    'Direct requests run one skill: "fetch https://example.com", "search the web for pgvector", "screenshot https://example.com".',
    'Anything else goes to the language model, which can use these skills:',
    ...skills.map((skill) => `- ${skill.name} (${skill.level}): ${skill.description}`),
  ];
  return lines.join('\n');
}
