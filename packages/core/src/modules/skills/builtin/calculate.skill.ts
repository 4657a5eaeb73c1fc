import { z } from 'zod';
import { defineSkill, SkillError } from '../skill.js';
import { ExpressionError, evaluate, formatNumber, MAX_EXPRESSION_LENGTH } from './expression.js';

const inputSchema = z.object({
  expression: z
    .string()
    .min(1)
    .max(MAX_EXPRESSION_LENGTH)
    .describe(
      'The arithmetic expression, e.g. "(3 + 4) * 5", "2^10", "15% of 200", "sqrt(2) / 3". ' +
        'Operators + - * / % (modulo) ^; functions sqrt abs round floor ceil min max log (base 10) ' +
        'ln exp sin cos tan asin acos atan (radians); constants pi and e.',
    ),
});

export type CalculateInput = z.infer<typeof inputSchema>;

export function createCalculateSkill() {
  return defineSkill<CalculateInput>({
    name: 'calculate',
    description:
      'Evaluates an arithmetic expression exactly. Use it for any arithmetic instead of working ' +
      'it out yourself.',
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
