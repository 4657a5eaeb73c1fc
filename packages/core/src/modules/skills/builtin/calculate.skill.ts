import { z } from 'zod';
import { defineSkill, SkillError } from '../skill.js';
import { ExpressionError, evaluate, formatNumber, MAX_EXPRESSION_LENGTH } from './expression.js';

const inputSchema = z.object({
  expression: z
    .string()
    .min(1)
    .max(MAX_EXPRESSION_LENGTH)
    .describe(
      'e.g. "15% of 200". Operators + - * / % (modulo) ^; functions sqrt abs ' +
        'round floor ceil min max log (base 10) ln exp sin cos tan asin acos atan (radians); ' +
        'constants pi e.',
    ),
});

export type CalculateInput = z.infer<typeof inputSchema>;

export function createCalculateSkill() {
  return defineSkill<CalculateInput>({
    name: 'calculate',
    description: 'Exact arithmetic; use it for all arithmetic.',
    level: 'SAFE',
    inputSchema,
    async execute({ expression }) {
      try {
        const result = evaluate(expression);
        return { text: `${expression.trim()} = ${formatNumber(result)}`, data: { result } };
      } catch (error) {
        if (error instanceof ExpressionError)
          throw new SkillError(
            `Cannot calculate "${expression.trim()}": ${error.message}`,
            'invalid_expression',
          );
        throw error;
      }
    },
  });
}
