import { describe, expect, it } from 'vitest';
import { ExpressionError, evaluate, formatNumber, MAX_NESTING_DEPTH } from './expression.js';

describe('evaluate', () => {
  it.each([
    ['2+2', 4],
    ['  7 ', 7],
    ['1.5 + .5', 2],
    ['5.', 5],
    ['1e3', 1000],
    ['2.5E-1', 0.25],
    ['2 + 3 * 4', 14],
    ['(2 + 3) * 4', 20],
    ['(3+4)*5', 35],
    ['10 - 4 - 3', 3],
    ['100 / 10 / 5', 2],
    ['7 % 3', 1],
    ['-7 % 3', -1],
    ['10 % (4)', 2],
    ['2^10', 1024],
    ['2**10', 1024],
    ['2^3^2', 512],
    ['2**3**2', 512],
    ['2^-1', 0.5],
    ['-2^2', -4],
    ['(-2)^2', 4],
    ['--3', 3],
    ['+-+3', -3],
    ['-(2+3)', -5],
    ['3 × 4', 12],
    ['3 · 4', 12],
    ['12 ÷ 4', 3],
    ['10 − 4', 6],
    ['10 – 4', 6],
    ['15% of 200', 30],
    ['15 % of 200', 30],
    ['50%', 0.5],
    ['50% * 4', 2],
    ['200 * 10%', 20],
    ['15% of 200 + 5', 35],
    ['10% of 2^3', 0.8],
    ['(20)% of (50)', 10],
    ['sqrt(16)', 4],
    ['SQRT(16)', 4],
    ['abs(-3.5)', 3.5],
    ['round(2.5)', 3],
    ['round(3.14159, 2)', 3.14],
    ['floor(-1.5)', -2],
    ['ceil(1.2)', 2],
    ['min(3, 1, 2)', 1],
    ['max(3, 1, 2)', 3],
    ['max(4)', 4],
    ['log(1000)', 3],
    ['ln(e)', 1],
    ['exp(0)', 1],
    ['sin(0)', 0],
    ['cos(0)', 1],
    ['tan(0)', 0],
    ['asin(1)', Math.PI / 2],
    ['acos(1)', 0],
    ['atan(1) * 4', Math.PI],
    ['pi', Math.PI],
    ['2 * PI', 2 * Math.PI],
    ['π', Math.PI],
    ['e', Math.E],
    ['sqrt(3^2 + 4^2)', 5],
    ['-0 * 5', 0],
  ])('%s = %d', (expression, expected) => {
    expect(evaluate(expression)).toBeCloseTo(expected, 12);
  });

  it('never returns negative zero', () => {
    expect(Object.is(evaluate('-0'), 0)).toBe(true);
    expect(Object.is(evaluate('0 * -1'), 0)).toBe(true);
  });

  it.each([
    ['', 'expression is empty'],
    ['   ', 'expression is empty'],
    ['(1+2))', "unexpected ')' at 6"],
    ['1 +', 'unexpected end of expression'],
    ['(1 + 2', "missing ')' at 7"],
    ['2 3', "unexpected '3' at 3"],
    ['2(3)', "unexpected '(' at 2"],
    ['1.2.3', "unexpected '.3' at 4"],
    ['1_000', "unexpected character '_' at 2"],
    ['2 $ 3', "unexpected character '$' at 3"],
    ['foo(2)', "unknown name 'foo' at 1"],
    ['of 3', "unknown name 'of' at 1"],
    ['3 of 4', "unexpected 'of' at 3"],
    ['sqrt 4', "expected '(' after sqrt at 6"],
    ['sqrt(1, 2)', 'sqrt takes 1 argument at 1'],
    ['round(1, 2, 3)', 'round takes 1 or 2 arguments at 1'],
    ['min()', "unexpected ')' at 5"],
    ['pi(2)', "unexpected '(' at 3"],
    ['1 / 0', 'division by zero'],
    ['5 % 0', 'division by zero'],
    ['0 ^ -1', 'division by zero'],
    ['1 / (2 - 2)', 'division by zero'],
    ['10 ^ 400', 'result is too large'],
    ['exp(1000)', 'result is too large'],
    ['1e308 * 10', 'result is too large'],
    ['1e999', 'number 1e999 is too large at 1'],
    ['(-8) ^ (1/3)', 'result is not a real number'],
    ['sqrt(-1)', 'square root of a negative number'],
    ['log(0)', 'log of zero or a negative number'],
    ['ln(-1)', 'ln of zero or a negative number'],
    ['asin(2)', 'asin needs a value between -1 and 1'],
    ['round(1.5, 0.5)', 'round takes a whole number of digits from 0 to 15'],
  ])('rejects %j: %s', (expression, message) => {
    let thrown: unknown;
    try {
      evaluate(expression);
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(ExpressionError);
    expect((thrown as Error).message).toBe(message);
  });

  it('reports a syntax error before evaluating anything', () => {
    expect(() => evaluate('1/0 + )')).toThrow("unexpected ')' at 7");
  });

  it('carries the 1-based position on the error', () => {
    try {
      evaluate('1 + * 2');
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(ExpressionError);
      expect((error as ExpressionError).position).toBe(5);
    }
  });

  it('refuses input over 500 characters', () => {
    const long = `${'1+'.repeat(250)}1`;
    expect(() => evaluate(long)).toThrow('expression is longer than 500 characters');
    expect(evaluate(`${'1+'.repeat(249)}1`)).toBe(250);
  });

  it(`allows ${MAX_NESTING_DEPTH} levels of nesting and no more`, () => {
    const nest = (depth: number) => `${'('.repeat(depth)}1${')'.repeat(depth)}`;
    expect(evaluate(nest(MAX_NESTING_DEPTH))).toBe(1);
    expect(() => evaluate(nest(MAX_NESTING_DEPTH + 1))).toThrow('nested more than 64 levels');
    expect(() => evaluate(`${'-'.repeat(MAX_NESTING_DEPTH + 1)}1`)).toThrow('nested');
    expect(() => evaluate(`${'sqrt('.repeat(70)}1${')'.repeat(70)}`)).toThrow('nested');
  });
});

describe('formatNumber', () => {
  it.each([
    [4, '4'],
    [-12, '-12'],
    [0, '0'],
    [-0, '0'],
    [1e20, '100000000000000000000'],
    [2 ** 70, '1.18059162072e+21'],
    [0.1 + 0.2, '0.3'],
    [1 / 3, '0.333333333333'],
    [2 / 3, '0.666666666667'],
    [Math.SQRT2, '1.41421356237'],
    [3.0000000000000004, '3'],
    [1.5e-7, '1.5e-7'],
    [-2.5, '-2.5'],
  ])('%d -> %s', (value, text) => {
    expect(formatNumber(value)).toBe(text);
  });
});
