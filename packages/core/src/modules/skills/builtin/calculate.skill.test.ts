import { describe, expect, it } from 'vitest';
import { testSkillContext } from '../../../testing/skill-context.js';
import { SkillError } from '../skill.js';
import { createCalculateSkill } from './calculate.skill.js';

const context = testSkillContext();

describe('calculate skill', () => {
  const skill = createCalculateSkill();

  it('is a SAFE skill named calculate', () => {
    expect(skill.name).toBe('calculate');
    expect(skill.level).toBe('SAFE');
  });

  it('answers with the expression, the result and the number as data', async () => {
    const input = skill.inputSchema.parse({ expression: ' (3+4)*5 ' });
    await expect(skill.execute(input, context)).resolves.toEqual({
      text: '(3+4)*5 = 35',
      data: { result: 35 },
    });
    const third = await skill.execute({ expression: '1/3' }, context);
    expect(third.text).toBe('1/3 = 0.333333333333');
  });

  it('turns evaluator errors into SkillError', async () => {
    const failure = skill.execute({ expression: '1/0' }, context);
    await expect(failure).rejects.toBeInstanceOf(SkillError);
    await expect(failure).rejects.toThrow('Cannot calculate "1/0": division by zero');
  });

  it('validates the input size', () => {
    expect(skill.inputSchema.safeParse({ expression: '' }).success).toBe(false);
    expect(skill.inputSchema.safeParse({ expression: '1'.repeat(501) }).success).toBe(false);
    expect(skill.inputSchema.safeParse({}).success).toBe(false);
  });
});
