/**
 * Arithmetic without eval: a recursive-descent parser builds a small tree, which is then
 * evaluated. Parsing finishes before any arithmetic, so a syntax error is reported before a
 * division by zero elsewhere in the same expression.
 *
 * Precedence, loosest first: `+ -`, `* / %` (modulo), unary `+ -`, `^ **` (right-associative),
 * postfix `%` (percent, optionally `x% of y`), then numbers, constants, calls and parentheses.
 * Unary minus binds looser than power, so `-2^2` is -4 as in mathematics.
 */
import {
  applyFunction,
  applyOperator,
  type BinaryOperator,
  CONSTANTS,
  FUNCTIONS,
  type FunctionName,
  isFunction,
} from './expression-math.js';
import { ExpressionError, type Operator, type Token, tokenize } from './expression-tokens.js';

export { ExpressionError, MAX_EXPRESSION_LENGTH } from './expression-tokens.js';

export const MAX_NESTING_DEPTH = 64;

type Node =
  | { type: 'number'; value: number }
  | { type: 'negate'; operand: Node }
  | { type: 'percent'; operand: Node }
  | { type: 'binary'; operator: BinaryOperator; left: Node; right: Node }
  | { type: 'call'; name: FunctionName; args: Node[] };

class Parser {
  private index = 0;
  private depth = 0;

  constructor(private readonly tokens: Token[]) {}

  parse(): Node {
    const node = this.additive();
    if (this.peek().kind !== 'end') this.fail(this.peek());
    return node;
  }

  private additive(): Node {
    let left = this.multiplicative();
    for (let op = this.operatorAt(); op === '+' || op === '-'; op = this.operatorAt()) {
      this.index++;
      left = { type: 'binary', operator: op, left, right: this.multiplicative() };
    }
    return left;
  }

  private multiplicative(): Node {
    let left = this.unary();
    for (
      let op = this.operatorAt();
      op === '*' || op === '/' || op === '%';
      op = this.operatorAt()
    ) {
      this.index++;
      left = { type: 'binary', operator: op, left, right: this.unary() };
    }
    return left;
  }

  private unary(): Node {
    const op = this.operatorAt();
    if (op !== '+' && op !== '-') return this.power();
    this.index++;
    const operand = this.nested(() => this.unary());
    return op === '-' ? { type: 'negate', operand } : operand;
  }

  private power(): Node {
    const base = this.postfix();
    if (this.operatorAt() !== '^') return base;
    this.index++;
    // The exponent is a unary expression, which makes `2^3^2` right-associative and allows `2^-1`.
    return { type: 'binary', operator: '^', left: base, right: this.nested(() => this.unary()) };
  }

  private postfix(): Node {
    const operand = this.primary();
    // `%` right before something that starts an operand (`10 % 3`, `10 % (2)`) is modulo, left to
    // multiplicative(); anywhere else (`15%`, `15% of 200`, `50% * 2`) it means per cent.
    if (this.operatorAt() !== '%' || this.startsOperand(this.peek(1))) return operand;
    this.index++;
    const percent: Node = { type: 'percent', operand };
    const next = this.peek();
    if (next.kind !== 'name' || next.name !== 'of') return percent;
    this.index++;
    return { type: 'binary', operator: '*', left: percent, right: this.nested(() => this.unary()) };
  }

  private primary(): Node {
    const token = this.next();
    if (token.kind === 'number') return { type: 'number', value: token.value };
    if (token.kind === 'operator' && token.operator === '(') {
      const inner = this.nested(() => this.additive());
      this.expect(')');
      return inner;
    }
    if (token.kind !== 'name') return this.fail(token);
    const constant = CONSTANTS[token.name];
    if (constant !== undefined) return { type: 'number', value: constant };
    if (!isFunction(token.name))
      throw new ExpressionError(`unknown name '${token.text}'`, token.column);
    if (this.operatorAt() !== '(')
      throw new ExpressionError(`expected '(' after ${token.name}`, this.peek().column);
    this.index++;
    const args = this.nested(() => this.arguments());
    const [least, most] = FUNCTIONS[token.name];
    if (args.length < least || args.length > most) {
      const expected =
        least === most
          ? `${least}`
          : most === Infinity
            ? `at least ${least}`
            : `${least} or ${most}`;
      const plural = least === 1 && most === 1 ? 'argument' : 'arguments';
      throw new ExpressionError(`${token.name} takes ${expected} ${plural}`, token.column);
    }
    return { type: 'call', name: token.name, args };
  }

  private arguments(): Node[] {
    const args = [this.additive()];
    while (this.operatorAt() === ',') {
      this.index++;
      args.push(this.additive());
    }
    this.expect(')');
    return args;
  }

  private startsOperand(token: Token): boolean {
    if (token.kind === 'number') return true;
    if (token.kind === 'name') return token.name !== 'of';
    return token.kind === 'operator' && token.operator === '(';
  }

  /** Counts one level of nesting; the limit keeps hostile input from exhausting the stack. */
  private nested<T>(parse: () => T): T {
    if (++this.depth > MAX_NESTING_DEPTH)
      throw new ExpressionError(`expression is nested more than ${MAX_NESTING_DEPTH} levels deep`);
    try {
      return parse();
    } finally {
      this.depth--;
    }
  }

  private expect(operator: Operator): void {
    const token = this.next();
    if (token.kind !== 'operator' || token.operator !== operator) {
      if (token.kind === 'end') throw new ExpressionError(`missing '${operator}'`, token.column);
      this.fail(token);
    }
  }

  private fail(token: Token): never {
    if (token.kind === 'end') throw new ExpressionError('unexpected end of expression');
    throw new ExpressionError(`unexpected '${token.text}'`, token.column);
  }

  private operatorAt(): Operator | null {
    const token = this.peek();
    return token.kind === 'operator' ? token.operator : null;
  }

  private peek(ahead = 0): Token {
    // The lexer always ends the list with an `end` token, so clamping never reads past it.
    return this.tokens[Math.min(this.index + ahead, this.tokens.length - 1)] as Token;
  }

  private next(): Token {
    const token = this.peek();
    this.index = Math.min(this.index + 1, this.tokens.length - 1);
    return token;
  }
}

function evaluateNode(node: Node): number {
  switch (node.type) {
    case 'number':
      return node.value;
    case 'negate':
      return -evaluateNode(node.operand);
    case 'percent':
      return evaluateNode(node.operand) / 100;
    case 'binary':
      return applyOperator(node.operator, evaluateNode(node.left), evaluateNode(node.right));
    case 'call':
      return applyFunction(node.name, node.args.map(evaluateNode));
  }
}

/** Evaluates an arithmetic expression; throws ExpressionError with a position where there is one. */
export function evaluate(expression: string): number {
  const tokens = tokenize(expression);
  if (tokens.length === 1) throw new ExpressionError('expression is empty');
  const value = evaluateNode(new Parser(tokens).parse());
  return value === 0 ? 0 : value; // no "-0" in answers
}

/** Integers plainly; anything else with up to 12 significant digits and no trailing zeros. */
export function formatNumber(value: number): string {
  if (value === 0) return '0';
  if (Number.isInteger(value) && Math.abs(value) < 1e21) return value.toFixed(0);
  return String(Number(value.toPrecision(12)));
}
