/** The arithmetic of the evaluator (expression.ts): operators, functions and their domains. */
import { ExpressionError } from './expression-tokens.js';

export type BinaryOperator = '+' | '-' | '*' | '/' | '%' | '^';

export const CONSTANTS: Record<string, number> = { pi: Math.PI, e: Math.E };

/** Each function with its arity (a range; max Infinity for variadic ones). */
export const FUNCTIONS = {
  sqrt: [1, 1],
  abs: [1, 1],
  round: [1, 2],
  floor: [1, 1],
  ceil: [1, 1],
  min: [1, Number.POSITIVE_INFINITY],
  max: [1, Number.POSITIVE_INFINITY],
  log: [1, 1],
  ln: [1, 1],
  exp: [1, 1],
  sin: [1, 1],
  cos: [1, 1],
  tan: [1, 1],
  asin: [1, 1],
  acos: [1, 1],
  atan: [1, 1],
} as const satisfies Record<string, readonly [number, number]>;
export type FunctionName = keyof typeof FUNCTIONS;

export const isFunction = (name: string): name is FunctionName => Object.hasOwn(FUNCTIONS, name);

/** An expression that parsed but has no finite real value. */
const mathError = (message: string) => new ExpressionError(message, null, 'math');

function finite(value: number): number {
  if (Number.isNaN(value)) throw mathError('result is not a real number');
  if (!Number.isFinite(value)) throw mathError('result is too large');
  return value;
}

export function applyOperator(operator: BinaryOperator, left: number, right: number): number {
  switch (operator) {
    case '+':
      return finite(left + right);
    case '-':
      return finite(left - right);
    case '*':
      return finite(left * right);
    case '/':
    case '%':
      if (right === 0) throw mathError('division by zero');
      return finite(operator === '/' ? left / right : left % right);
    case '^':
      if (left === 0 && right < 0) throw mathError('division by zero');
      return finite(left ** right);
  }
}

export function applyFunction(name: FunctionName, args: number[]): number {
  const [x = 0, y = 0] = args;
  switch (name) {
    case 'sqrt':
      if (x < 0) throw mathError('square root of a negative number');
      return Math.sqrt(x);
    case 'log':
    case 'ln':
      if (x <= 0) throw mathError(`${name} of zero or a negative number`);
      return name === 'log' ? Math.log10(x) : Math.log(x);
    case 'asin':
    case 'acos':
      if (x < -1 || x > 1) throw mathError(`${name} needs a value between -1 and 1`);
      return name === 'asin' ? Math.asin(x) : Math.acos(x);
    case 'round': {
      if (args.length === 1) return Math.round(x);
      if (!Number.isInteger(y) || y < 0 || y > 15)
        throw mathError('round takes a whole number of digits from 0 to 15');
      return Number(x.toFixed(y));
    }
    case 'min':
      return Math.min(...args);
    case 'max':
      return Math.max(...args);
    default:
      return finite(Math[name](x));
  }
}
