import path from 'node:path';

const SIGNALS: Array<[RegExp, string]> = [
  [/\bos\.(system|popen|exec[lv]p?e?|spawn[lv]p?e?)\s*\(/, 'Runs shell commands (os.$1).'],
  [/\bsubprocess\b/, 'Starts other programs (subprocess).'],
  [/\bshutil\.rmtree\s*\(/, 'Deletes folder trees (shutil.rmtree).'],
  [/\bos\.(remove|unlink|rmdir|removedirs)\s*\(|\.unlink\s*\(/, 'Deletes files.'],
  [/\bsocket\b/, 'Opens network sockets (socket).'],
  [/\bos\.kill\s*\(|\bsignal\.pthread_kill\s*\(/, 'Kills processes (os.kill).'],
  [/\bos\.fork\s*\(/, 'Forks processes (os.fork).'],
  [/\bctypes\b/, 'Calls native code (ctypes).'],
  [/\bos\.chmod\s*\([^)]*0o?777/, 'Makes files writable by everyone (chmod 777).'],
];

/** open('/abs/path', 'w'), with the mode positional or as mode=. */
const OPEN_FOR_WRITING =
  /\bopen\(\s*[rbfRBF]?(['"])(\/[^'"]*)\1\s*,\s*(?:mode\s*=\s*)?[rbfRBF]?(['"])([^'"]*)\3/g;
/** Path('/abs/path').write_text(...) and friends. */
const PATH_WRITE =
  /\bPath\(\s*[rR]?(['"])(\/[^'"]*)\1\s*\)\.(write_text|write_bytes|touch|mkdir)\b/g;

/**
 * What the operator should know before Python code runs: the dry run of python_exec. It reads
 * the code as text (it is not run or imported), so dynamic tricks pass unseen; the sandbox is
 * the protection, this is the preview.
 */
export function pythonWarnings(code: string, workspace: string): string[] {
  const warnings = new Set<string>();
  for (const [pattern, message] of SIGNALS) {
    const match = pattern.exec(code);
    if (match) warnings.add(message.replace('$1', match[1] ?? ''));
  }
  for (const match of code.matchAll(OPEN_FOR_WRITING)) {
    const [, , file = '', , mode = ''] = match;
    if (/[wax+]/.test(mode) && outside(file, workspace)) {
      warnings.add(`Writes to ${file}, outside the workspace.`);
    }
  }
  for (const match of code.matchAll(PATH_WRITE)) {
    const file = match[2] ?? '';
    if (outside(file, workspace)) warnings.add(`Writes to ${file}, outside the workspace.`);
  }
  return [...warnings];
}

function outside(file: string, workspace: string): boolean {
  if (/^\/dev\/(null|stdout|stderr)$/.test(file)) return false;
  const relative = path.posix.relative(workspace, path.posix.resolve(workspace, file));
  return relative.startsWith('..') || path.posix.isAbsolute(relative);
}
