import { describe, expect, it } from 'vitest';
import { checkSyntax, jsonErrorIndex, syntaxCheckerFor, syntaxErrorText } from './syntax-check.js';

const PYTHON = 'python3';
const rejection = async (file: string, content: string) => {
  const problem = await checkSyntax(file, content, PYTHON);
  return problem ? syntaxErrorText(problem) : null;
};

describe('syntax checks by file type', () => {
  it("checks Python with Python's own parser: its message and line", async () => {
    expect(await rejection('app.py', 'def f(x):\n    return (x,\n')).toBe(
      "Syntax error — patch rejected: '(' was never closed (line 2)",
    );
    expect(await rejection('app.py', 'def f(:\n    pass\n')).toBe(
      'Syntax error — patch rejected: invalid syntax (line 1)',
    );
    expect(await rejection('app.py', 'def f(x):\n    return x\n')).toBeNull();
  });

  it("cuts Python's message to 120 characters", async () => {
    const text = await rejection('app.py', `# coding: ${'x'.repeat(200)}\nprint(1)\n`);
    const message = `unknown encoding: ${'x'.repeat(200)}`.slice(0, 120);
    expect(text).toBe(`Syntax error — patch rejected: ${message} (line 1)`);
    expect(message).toHaveLength(120);
  });

  it('checks TypeScript, TSX and JavaScript with a parser, without its (line:column) suffix', async () => {
    expect(await rejection('x.ts', 'export const a: number = 1;\nexport const b = ;\n')).toBe(
      'Syntax error — patch rejected: Unexpected token (line 2)',
    );
    expect(await rejection('x.tsx', 'export const A = () => <div>hi</div>;\n')).toBeNull();
    expect(await rejection('x.tsx', 'export const A = () => <div>hi;\n')).toMatch(
      /^Syntax error — patch rejected: Unterminated JSX contents\. \(line 1\)$/,
    );
    expect(await rejection('x.mjs', 'const s = `open\n')).toBe(
      'Syntax error — patch rejected: Unterminated template. (line 1)',
    );
    expect(await rejection('x.js', 'export default function () { return <b />; }\n')).toBeNull();
    expect(await rejection('types.d.ts', 'export function f(a: string): void;\n')).toBeNull();
    // TypeScript syntax is not JavaScript.
    expect(await rejection('x.cjs', 'const a: number = 1;\n')).toMatch(/\(line 1\)$/);
  });

  it('checks JSON with JSON.parse and finds the line of the error', async () => {
    expect(await rejection('c.json', '{\n  "a": 1,\n}\n')).toMatch(
      /^Syntax error — patch rejected: .+ \(line 3\)$/,
    );
    expect(await rejection('c.json', '{\n  "a":\n  }\n')).toMatch(/\(line 3\)$/);
    expect(await rejection('c.json', '')).toBe(
      'Syntax error — patch rejected: Unexpected end of JSON input (line 1)',
    );
    expect(await rejection('c.json', '{"a": [1, 2]}')).toBeNull();
    expect(jsonErrorIndex('{\n"a": tru }')).toBe(7);
  });

  it('leaves other file types unchecked', async () => {
    expect(syntaxCheckerFor('README.md')).toBeNull();
    expect(syntaxCheckerFor('Makefile')).toBeNull();
    expect(await rejection('notes.txt', 'def (((')).toBeNull();
    expect(syntaxCheckerFor('A.PY')).toBe('python');
  });

  it('reports a missing Python as a 503, not as a syntax error', async () => {
    await expect(checkSyntax('a.py', 'x = 1\n', '/nonexistent/python3')).rejects.toMatchObject({
      status: 503,
      code: 'syntax_check_unavailable',
    });
  });
});
