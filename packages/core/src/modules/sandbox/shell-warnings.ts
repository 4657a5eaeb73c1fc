import path from 'node:path';
import { parseCommandLine, programOf, type SimpleCommand } from './shell-words.js';

const SHELLS = new Set(['sh', 'bash', 'dash', 'zsh', 'ksh', 'ash', 'fish']);
const INTERPRETERS = new Set([...SHELLS, 'python', 'python3', 'perl', 'ruby', 'node']);
const ESCALATION = new Set(['sudo', 'su', 'doas', 'pkexec', 'runuser']);
const KILLERS = new Set(['kill', 'killall', 'pkill', 'skill', 'xkill']);
const MACHINE_STOPS = new Set(['shutdown', 'reboot', 'halt', 'poweroff']);
/** Package managers and the sub-commands that install. */
const INSTALLERS: Record<string, string[]> = {
  apt: ['install'],
  'apt-get': ['install'],
  aptitude: ['install'],
  dpkg: ['-i', '--install'],
  dnf: ['install'],
  yum: ['install'],
  apk: ['add'],
  pacman: ['-S', '-Sy', '-Syu', '-U'],
  zypper: ['install', 'in'],
  brew: ['install'],
  snap: ['install'],
  pip: ['install'],
  pip3: ['install'],
  pipx: ['install'],
  uv: ['add', 'pip'],
  npm: ['install', 'i', 'add'],
  pnpm: ['add', 'install', 'i'],
  yarn: ['add', 'global'],
  gem: ['install'],
  cargo: ['install'],
  go: ['install', 'get'],
};
/** Writers and which of their arguments they write to. */
const COPIERS = new Set(['cp', 'mv', 'install', 'rsync', 'ln', 'scp']);
const TOUCHERS = new Set(['touch', 'mkdir', 'truncate', 'tee']);
const HARMLESS_TARGETS = /^\/dev\/(null|stdout|stderr|tty|fd\/\d+)$/;
const FORK_BOMB = /([A-Za-z_:][\w:]*)\s*\(\)\s*\{[^}]*\1\s*\|\s*\1\s*&/;
const FETCH_INTO_SHELL = /\b(?:ba|da|z|k)?sh\b[^;&|]*(?:<\(|\$\(|`)\s*(?:curl|wget)\b/;

/**
 * What the operator should know before a command runs: the dry run of the shell skill.
 * Each warning names what it saw; the list is advice (the sandbox is the protection).
 */
export function shellWarnings(command: string, workspace: string): string[] {
  const warnings = new Set<string>();
  const commands = parseCommandLine(command);
  commands.forEach((simple, index) => {
    const words = simple.words;
    const first = words.find((w) => !/^[A-Za-z_][A-Za-z0-9_]*=/.test(w));
    if (first && ESCALATION.has(first.slice(first.lastIndexOf('/') + 1))) {
      warnings.add(`Asks for other privileges (${first}).`);
    }
    for (const target of writeTargets(simple)) {
      if (outsideWorkspace(target, workspace)) {
        warnings.add(`Writes to ${target}, outside the workspace.`);
      }
    }
    const run = programOf(words);
    if (!run) return;
    const { program, args } = run;
    if (program === 'rm' && args.some(isRecursiveFlag))
      warnings.add('Deletes recursively (rm -r).');
    if (program === 'find' && args.some((a) => a === '-delete' || a === 'rm')) {
      warnings.add('Deletes the files find matches.');
    }
    if ((program === 'chmod' || program === 'chown') && args.some(isRecursiveFlag)) {
      warnings.add(`Changes permissions recursively (${program} -R).`);
    }
    if (program === 'chmod' && args.some((a) => /^0?777$|^(a|ugo)?[+=]rwx$/.test(a))) {
      warnings.add('Makes files writable by everyone (chmod 777).');
    }
    if (KILLERS.has(program)) warnings.add(`Kills processes (${program}).`);
    if (MACHINE_STOPS.has(program)) warnings.add(`Stops the machine (${program}).`);
    const installs = INSTALLERS[program];
    const sub = args.find((a) => !a.startsWith('-') || installs?.includes(a));
    if (installs && sub && installs.includes(sub)) warnings.add(`Installs packages (${program}).`);
    if (
      /^python3?$/.test(program) &&
      args[0] === '-m' &&
      args[1] === 'pip' &&
      args[2] === 'install'
    ) {
      warnings.add('Installs packages (pip).');
    }
    const next = commands[index + 1];
    if ((program === 'curl' || program === 'wget') && simple.next === '|' && next) {
      const receiver = programOf(next.words)?.program;
      if (receiver && INTERPRETERS.has(receiver)) {
        warnings.add(`Runs code downloaded by ${program} (piped into ${receiver}).`);
      }
    }
  });
  if (FETCH_INTO_SHELL.test(command)) warnings.add('Runs code downloaded from the network.');
  if (FORK_BOMB.test(command))
    warnings.add('Looks like a fork bomb (a function that spawns itself).');
  return [...warnings];
}

function isRecursiveFlag(arg: string): boolean {
  return arg === '--recursive' || /^-[A-Za-z]*[rR][A-Za-z]*$/.test(arg);
}

/** Files a simple command writes: output redirections, and the destinations of writers. */
function writeTargets(simple: SimpleCommand): string[] {
  const targets = simple.redirects
    .filter((r) => /^(>|>>|>\||&>|&>>|<>)$/.test(r.operator))
    .map((r) => r.target);
  const run = programOf(simple.words);
  if (!run) return targets;
  const operands = run.args.filter((a) => !a.startsWith('-'));
  if (COPIERS.has(run.program) && operands.length >= 2) targets.push(operands.at(-1) as string);
  if (TOUCHERS.has(run.program)) targets.push(...operands);
  if (run.program === 'dd') {
    for (const arg of run.args) if (arg.startsWith('of=')) targets.push(arg.slice(3));
  }
  if (run.program === 'sed' && run.args.some((a) => /^-[A-Za-z]*i/.test(a))) {
    targets.push(...operands.slice(1));
  }
  return targets;
}

/** True for a path that resolves outside the workspace; variables and ~ are not guessed at. */
function outsideWorkspace(target: string, workspace: string): boolean {
  if (target === '' || target.includes('$') || target.startsWith('~')) return false;
  if (HARMLESS_TARGETS.test(target)) return false;
  const resolved = path.posix.resolve(workspace, target);
  const relative = path.posix.relative(workspace, resolved);
  return relative.startsWith('..') || path.posix.isAbsolute(relative);
}
