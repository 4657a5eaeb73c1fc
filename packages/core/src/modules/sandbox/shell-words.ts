/** One simple command of a command line: its words (quotes removed) and its redirections. */
export interface SimpleCommand {
  words: string[];
  redirects: Redirect[];
  /** What joins it to the next command: `|`, `&&`, `||`, `;`, `&`, `(`, `)`, or null at the end. */
  next: string | null;
}

export interface Redirect {
  operator: string;
  target: string;
}

const SEPARATORS = ['&&', '||', ';;', '|&', ';', '&', '|', '(', ')', '`', '\n'];
const REDIRECTS = ['&>>', '>>', '>|', '<<<', '<<-', '<<', '<>', '>&', '<&', '&>', '>', '<'];

/**
 * Splits a POSIX shell command line into simple commands, quote-aware, so a dry run can look
 * at what each one runs and where it writes. It reads the way sh does closely enough for
 * warnings (quotes, escapes, comments, here-documents, `$(...)` and backquotes); it does not
 * expand variables or globs, so `$TARGET` stays as written.
 */
export function parseCommandLine(text: string): SimpleCommand[] {
  const commands: SimpleCommand[] = [];
  let words: string[] = [];
  let redirects: Redirect[] = [];
  let word: string | null = null;
  let pendingRedirect: string | null = null;
  const hereDocuments: Array<{ delimiter: string; strip: boolean }> = [];

  const endWord = () => {
    if (word === null) return;
    if (pendingRedirect !== null) {
      redirects.push({ operator: pendingRedirect, target: word });
      if (pendingRedirect.startsWith('<<') && pendingRedirect !== '<<<') {
        hereDocuments.push({ delimiter: word, strip: pendingRedirect === '<<-' });
      }
      pendingRedirect = null;
    } else words.push(word);
    word = null;
  };
  const endCommand = (next: string | null) => {
    endWord();
    if (words.length > 0 || redirects.length > 0) commands.push({ words, redirects, next });
    else if (commands.length > 0 && next !== null) {
      const last = commands[commands.length - 1];
      if (last && last.next === null) last.next = next;
    }
    words = [];
    redirects = [];
  };

  let i = 0;
  while (i < text.length) {
    const char = text[i] as string;
    if (char === '\\') {
      if (text[i + 1] === '\n') i += 2;
      else {
        word = (word ?? '') + (text[i + 1] ?? '');
        i += 2;
      }
      continue;
    }
    if (char === "'") {
      const end = text.indexOf("'", i + 1);
      const stop = end === -1 ? text.length : end;
      word = (word ?? '') + text.slice(i + 1, stop);
      i = stop + 1;
      continue;
    }
    if (char === '"') {
      let j = i + 1;
      let inner = '';
      while (j < text.length && text[j] !== '"') {
        if (text[j] === '\\' && '"\\$`\n'.includes(text[j + 1] ?? '')) j += 1;
        inner += text[j] ?? '';
        j += 1;
      }
      word = (word ?? '') + inner;
      i = j + 1;
      continue;
    }
    if (char === '#' && word === null) {
      while (i < text.length && text[i] !== '\n') i += 1;
      continue;
    }
    if (char === ' ' || char === '\t') {
      endWord();
      i += 1;
      continue;
    }
    if (char === '$' && text[i + 1] === '(' && text[i + 2] !== '(') {
      endCommand('(');
      i += 2;
      continue;
    }
    const redirect = REDIRECTS.find((op) => text.startsWith(op, i));
    if (redirect && !(redirect.startsWith('&') && word !== null)) {
      // "2>" and "2>&1": a number glued to the operator is a descriptor, not a word.
      if (word !== null && /^\d+$/.test(word) && !pendingRedirect) word = null;
      else endWord();
      pendingRedirect = redirect;
      i += redirect.length;
      continue;
    }
    const separator = SEPARATORS.find((op) => text.startsWith(op, i));
    if (separator) {
      endCommand(separator === '\n' ? ';' : separator);
      i += separator.length;
      if (separator === '\n') i = skipHereDocuments(text, i, hereDocuments.splice(0));
      continue;
    }
    word = (word ?? '') + char;
    i += 1;
  }
  endCommand(null);
  return commands
    .map(withoutKeywords)
    .filter((command) => command.words.length > 0 || command.redirects.length > 0);
}

/** Skips the bodies of here-documents started on the line that just ended. */
function skipHereDocuments(
  text: string,
  start: number,
  documents: Array<{ delimiter: string; strip: boolean }>,
): number {
  let i = start;
  for (const { delimiter, strip } of documents) {
    while (i < text.length) {
      const end = text.indexOf('\n', i);
      const line = text.slice(i, end === -1 ? text.length : end);
      i = end === -1 ? text.length : end + 1;
      if ((strip ? line.replace(/^\t+/, '') : line) === delimiter) break;
    }
  }
  return i;
}

const KEYWORDS = new Set([
  'if',
  'then',
  'else',
  'elif',
  'fi',
  'do',
  'done',
  'while',
  'until',
  '!',
  '{',
  '}',
]);

/** "do rm -rf x" runs rm: the reserved words that open or close a block are not programs. */
function withoutKeywords(command: SimpleCommand): SimpleCommand {
  const words = [...command.words];
  while (words.length > 0 && KEYWORDS.has(words[0] as string)) words.shift();
  while (words.length > 0 && (words.at(-1) === '}' || words.at(-1) === 'done')) words.pop();
  return { ...command, words };
}

/** Programs that run the program named after them (and their own options). */
const WRAPPERS = new Set([
  'sudo',
  'doas',
  'env',
  'nohup',
  'time',
  'nice',
  'ionice',
  'exec',
  'command',
  'builtin',
  'xargs',
  'timeout',
  'stdbuf',
  'setsid',
  'busybox',
]);

/**
 * The program a simple command runs and its arguments, past assignments (`X=1 cmd`) and
 * wrappers (`sudo -u x cmd`, `timeout 5 cmd`, `env A=b cmd`).
 */
export function programOf(words: string[]): { program: string; args: string[] } | null {
  let index = 0;
  while (index < words.length) {
    const current = words[index] as string;
    if (/^[A-Za-z_][A-Za-z0-9_]*=/.test(current)) {
      index += 1;
      continue;
    }
    const name = basename(current);
    if (!WRAPPERS.has(name)) return { program: name, args: words.slice(index + 1) };
    index += 1;
    while (index < words.length && (words[index] as string).startsWith('-')) index += 1;
    if (name === 'timeout' && /^\d/.test(words[index] ?? '')) index += 1;
  }
  return null;
}

const basename = (word: string) => word.slice(word.lastIndexOf('/') + 1);
