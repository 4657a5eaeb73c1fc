/** The lexer of the arithmetic evaluator (expression.ts): text in, tokens with positions out. */

export class ExpressionError extends Error {
  /** 1-based column of the offending character, or null for errors of the whole expression. */
  readonly position: number | null;
  /** `syntax`: the text is not an expression; `math`: it is one, but has no finite value. */
  readonly kind: 'syntax' | 'math';

  constructor(message: string, position: number | null = null, kind: 'syntax' | 'math' = 'syntax') {
    super(position === null ? message : `${message} at ${position}`);
    this.name = 'ExpressionError';
    this.position = position;
    this.kind = kind;
  }
}

export type Operator = '+' | '-' | '*' | '/' | '%' | '^' | '(' | ')' | ',';

export type Token =
  | { kind: 'number'; value: number; text: string; column: number }
  | { kind: 'name'; name: string; text: string; column: number }
  | { kind: 'operator'; operator: Operator; text: string; column: number }
  | { kind: 'end'; text: string; column: number };

export const MAX_EXPRESSION_LENGTH = 500;

const WHITESPACE = /\s+/y;
// Digits with an optional fraction and exponent; `1_000` and hex are deliberately not numbers.
const NUMBER = /(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?/y;
const NAME = /[a-zA-Z][a-zA-Z0-9]*/y;

/** What people type or paste from a document, mapped to the operator it means. */
const OPERATORS: Record<string, Operator> = {
  '**': '^',
  '+': '+',
  '-': '-',
  '−': '-', // minus sign, U+2212
  '–': '-', // en dash, what word processors turn "-" into
  '*': '*',
  '×': '*',
  '·': '*',
  '⋅': '*',
  '/': '/',
  '÷': '/',
  '%': '%',
  '^': '^',
  '(': '(',
  ')': ')',
  ',': ',',
};

function matchAt(pattern: RegExp, text: string, index: number): string | null {
  pattern.lastIndex = index;
  return pattern.exec(text)?.[0] ?? null;
}

export function tokenize(text: string): Token[] {
  if (text.length > MAX_EXPRESSION_LENGTH)
    throw new ExpressionError(`expression is longer than ${MAX_EXPRESSION_LENGTH} characters`);
  const tokens: Token[] = [];
  let index = 0;
  while (index < text.length) {
    const column = index + 1;
    const space = matchAt(WHITESPACE, text, index);
    if (space) {
      index += space.length;
      continue;
    }
    const number = matchAt(NUMBER, text, index);
    if (number) {
      const value = Number(number);
      if (!Number.isFinite(value))
        throw new ExpressionError(`number ${number} is too large`, column);
      tokens.push({ kind: 'number', value, text: number, column });
      index += number.length;
      continue;
    }
    const name = matchAt(NAME, text, index);
    if (name) {
      tokens.push({ kind: 'name', name: name.toLowerCase(), text: name, column });
      index += name.length;
      continue;
    }
    if (text[index] === 'π') {
      tokens.push({ kind: 'name', name: 'pi', text: 'π', column });
      index += 1;
      continue;
    }
    const symbol = text.startsWith('**', index) ? '**' : (text[index] ?? '');
    const operator = OPERATORS[symbol];
    if (!operator) {
      const character = String.fromCodePoint(text.codePointAt(index) ?? 0);
      throw new ExpressionError(`unexpected character '${character}'`, column);
    }
    tokens.push({ kind: 'operator', operator, text: symbol, column });
    index += symbol.length;
  }
  tokens.push({ kind: 'end', text: 'end of expression', column: text.length + 1 });
  return tokens;
}
