import pino from 'pino';
import type { SkillContext } from '../modules/skills/skill.js';

/** A context for calling a skill's execute directly in a test: silent log, no chat or goal. */
export function testSkillContext(overrides: Partial<SkillContext> = {}): SkillContext {
  return {
    signal: new AbortController().signal,
    requestId: 'test-request',
    chatId: null,
    goalId: null,
    actor: 'test',
    depth: 0,
    log: pino({ level: 'silent' }),
    ...overrides,
  };
}
