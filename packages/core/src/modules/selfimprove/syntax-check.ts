import { spawn } from 'node:child_process';
import path from 'node:path';
import type { ParserPlugin } from '@babel/parser';
import { ServiceUnavailableError } from '../../errors/app-error.js';

/** DECISIONS: the parser's message is cut to this many characters in the rejection text. */
export const SYNTAX_MESSAGE_LIMIT = 120;
const PYTHON_TIMEOUT_MS = 15_000;

export interface SyntaxProblem {
  message: string;
  line: number;
}

/** `Syntax error — patch rejected: <message> (line <n>)`, the message cut to 120 characters. */
export function syntaxErrorText(problem: SyntaxProblem): string {
  return `Syntax error — patch rejected: ${problem.message.slice(0, SYNTAX_MESSAGE_LIMIT)} (line ${problem.line})`;
}

const BABEL_PLUGINS: Record<string, ParserPlugin[]> = {
  '.ts': ['typescript'],
  '.mts': ['typescript'],
  '.cts': ['typescript'],
  '.tsx': ['typescript', 'jsx'],
  // React code often keeps JSX in .js files; the plugin changes nothing for plain JavaScript.
  '.js': ['jsx'],
  '.jsx': ['jsx'],
  '.mjs': [],
  '.cjs': [],
};

/** Which checker a file gets, by its extension; null: the type is not checked. */
export function syntaxCheckerFor(file: string): 'python' | 'javascript' | 'json' | null {
  const extension = path.extname(file).toLowerCase();
  if (extension === '.py') return 'python';
  if (extension === '.json') return 'json';
  if (extension in BABEL_PLUGINS) return 'javascript';
  return null;
}

/** The first syntax error of the new file's text, or null when it parses (or is not checked). */
export async function checkSyntax(
  file: string,
  content: string,
  pythonBin: string,
): Promise<SyntaxProblem | null> {
  switch (syntaxCheckerFor(file)) {
    case 'python':
      return checkPython(content, pythonBin);
    case 'javascript': {
      // Declaration files allow what modules do not (bodiless functions and such).
      const plugins: ParserPlugin[] = /\.d\.[cm]?ts$/i.test(file)
        ? [['typescript', { dts: true }]]
        : (BABEL_PLUGINS[path.extname(file).toLowerCase()] ?? []);
      return checkJavaScript(content, plugins);
    }
    case 'json':
      return checkJson(content);
    default:
      return null;
  }
}

async function checkJavaScript(
  content: string,
  plugins: ParserPlugin[],
): Promise<SyntaxProblem | null> {
  // Loaded at the first check of a script: the parser is not needed to start the runtime.
  const { parse } = await import('@babel/parser');
  try {
    parse(content, { sourceType: 'module', plugins, errorRecovery: false });
    return null;
  } catch (error) {
    const { message, loc } = error as Error & { loc?: { line: number } };
    // Babel appends the position as " (line:column)"; the rejection text names the line itself.
    return { message: message.replace(/\s*\(\d+:\d+\)$/, ''), line: loc?.line ?? 1 };
  }
}

function checkJson(content: string): SyntaxProblem | null {
  try {
    JSON.parse(content);
    return null;
  } catch (error) {
    const message = (error as Error).message;
    // V8 names the position in some messages but not all ("Unexpected token ... is not valid
    // JSON"), so the line comes from a scan of our own that stops where JSON.parse stopped.
    const position = /at position (\d+)/.exec(message)?.[1];
    const index = position === undefined ? jsonErrorIndex(content) : Number(position);
    const line = content.slice(0, index).split('\n').length;
    return { message: message.replace(/\s*\(line \d+ column \d+\)$/, ''), line };
  }
}

const PYTHON_CHECK = [
  'import ast, json, sys',
  'source = sys.stdin.buffer.read()',
  'try:',
  '    ast.parse(source, filename="<patch>")',
  '    print(json.dumps({"ok": True}))',
  'except SyntaxError as error:',
  '    print(json.dumps({"ok": False, "msg": str(error.msg), "lineno": error.lineno}))',
  'except (ValueError, UnicodeError) as error:',
  '    print(json.dumps({"ok": False, "msg": str(error), "lineno": None}))',
].join('\n');

/** Python's own parser (`ast.parse`), fed on stdin; -I keeps the caller's environment out. */
function checkPython(content: string, pythonBin: string): Promise<SyntaxProblem | null> {
  return new Promise((resolve, reject) => {
    const child = spawn(pythonBin, ['-I', '-c', PYTHON_CHECK], {
      stdio: ['pipe', 'pipe', 'pipe'],
      timeout: PYTHON_TIMEOUT_MS,
    });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      stdout += chunk;
    });
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
      stderr += chunk;
    });
    const unavailable = (reason: string) =>
      new ServiceUnavailableError(
        'syntax_check_unavailable',
        `Python syntax cannot be checked with ${pythonBin}: ${reason}. Set PYTHON_BIN.`,
      );
    child.on('error', (error) => reject(unavailable(error.message)));
    child.stdin.on('error', () => {}); // a child that died early is reported on close
    child.on('close', (code) => {
      const last = stdout.trim().split('\n').at(-1) ?? '';
      let result: { ok: boolean; msg?: string; lineno?: number | null };
      try {
        result = JSON.parse(last) as typeof result;
      } catch {
        reject(unavailable(`exit ${code}: ${stderr.trim().slice(0, 200) || 'no answer'}`));
        return;
      }
      if (result.ok) resolve(null);
      // Python reports line 0 for a bad encoding declaration; the text names line 1 then.
      else
        resolve({ message: result.msg ?? 'invalid syntax', line: Math.max(1, result.lineno ?? 1) });
    });
    child.stdin.end(content, 'utf8');
  });
}

/**
 * Where JSON text stops being valid: a small scanner of the grammar, used only for the line
 * number, since JSON.parse itself decides that the text is invalid and says why.
 */
export function jsonErrorIndex(text: string): number {
  let i = 0;
  const space = () => {
    while (i < text.length && ' \t\n\r'.includes(text[i] as string)) i += 1;
  };
  const fail = (): never => {
    throw i;
  };
  const literal = (word: string) => {
    if (text.startsWith(word, i)) i += word.length;
    else fail();
  };
  const string = () => {
    i += 1;
    while (i < text.length && text[i] !== '"') {
      if ((text.charCodeAt(i) ?? 0) < 0x20) fail();
      i += text[i] === '\\' ? 2 : 1;
    }
    if (i >= text.length) fail();
    i += 1;
  };
  const number = () => {
    const match = /^-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/.exec(text.slice(i));
    if (!match) fail();
    i += (match as RegExpExecArray)[0].length;
  };
  const value = (): void => {
    space();
    const c = text[i];
    if (c === '{') {
      i += 1;
      space();
      if (text[i] === '}') {
        i += 1;
        return;
      }
      for (;;) {
        space();
        if (text[i] !== '"') fail();
        string();
        space();
        if (text[i] !== ':') fail();
        i += 1;
        value();
        space();
        if (text[i] === ',') i += 1;
        else if (text[i] === '}') {
          i += 1;
          return;
        } else fail();
      }
    }
    if (c === '[') {
      i += 1;
      space();
      if (text[i] === ']') {
        i += 1;
        return;
      }
      for (;;) {
        value();
        space();
        if (text[i] === ',') i += 1;
        else if (text[i] === ']') {
          i += 1;
          return;
        } else fail();
      }
    }
    if (c === '"') string();
    else if (c === 't') literal('true');
    else if (c === 'f') literal('false');
    else if (c === 'n') literal('null');
    else number();
  };
  try {
    value();
    space();
    if (i < text.length) fail();
    return text.length;
  } catch (stop) {
    return typeof stop === 'number' ? Math.min(stop, text.length) : text.length;
  }
}
