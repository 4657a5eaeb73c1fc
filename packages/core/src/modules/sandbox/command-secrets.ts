import { REDACTED, redactText, registerSecretValue } from '../../security/redact.js';
import { parseCommandLine, programOf, type SimpleCommand } from './shell-words.js';

/** Programs whose `-u user:password` (and friends) carries a password. */
const USER_PASSWORD_OPTIONS: Record<string, string[]> = {
  curl: ['-u', '--user', '-U', '--proxy-user'],
  http: ['-a', '--auth'],
  https: ['-a', '--auth'],
  xh: ['-a', '--auth'],
  lftp: ['-u', '--user'],
  smbclient: ['-U', '--user'],
};
const MYSQL = new Set(['mysql', 'mysqldump', 'mysqladmin', 'mariadb', 'mariadb-dump']);

/**
 * Passwords written in the forms that only a reading of the command line finds (security/redact
 * covers tokens, URLs with credentials and `password=x`): `curl -u admin:pw`, `mysql -ppw`,
 * `sshpass -p pw`, `openssl ... pass:pw`, `echo pw | sudo -S`.
 */
export function commandSecrets(command: string): string[] {
  const secrets = new Set<string>();
  const commands = parseCommandLine(command);
  commands.forEach((simple, index) => {
    const run = programOf(simple.words);
    if (!run) return;
    const { program, args } = run;
    const options = USER_PASSWORD_OPTIONS[program] ?? [];
    for (const value of optionValues(args, options)) {
      const separator = program === 'smbclient' ? '%' : ':';
      const at = value.indexOf(separator);
      if (at >= 0 && at < value.length - 1) secrets.add(value.slice(at + 1));
    }
    if (MYSQL.has(program)) {
      for (const arg of args) if (/^-p.+/.test(arg)) secrets.add(arg.slice(2));
    }
    if (program === 'sshpass') for (const value of optionValues(args, ['-p'])) secrets.add(value);
    for (const arg of args) if (/^pass:.+/.test(arg)) secrets.add(arg.slice(5));
    if (
      (program === 'echo' || program === 'printf') &&
      feedsSudoPassword(simple, commands[index + 1])
    ) {
      const value = args.filter((a) => !a.startsWith('-')).join(' ');
      if (value) secrets.add(value);
    }
  });
  return [...secrets].filter((secret) => secret.length > 0);
}

/** The command with every password hidden: the shell-specific forms, then security/redact's. */
export function redactCommand(command: string): string {
  let text = command;
  const secrets = commandSecrets(command).sort((a, b) => b.length - a.length);
  for (const secret of secrets) {
    // Whole values only: a short password must not punch holes in the words around it.
    const escaped = secret.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    text = text.replace(new RegExp(`(?<![A-Za-z0-9])${escaped}(?![A-Za-z0-9])`, 'g'), REDACTED);
  }
  return redactText(text);
}

/**
 * Registers the command's passwords as known secret values, so every later redaction hides
 * them too (the runner's audit row and trace, the confirmation's copy of the input, logs),
 * and returns the command redacted.
 */
export function protectCommand(command: string): string {
  for (const secret of commandSecrets(command)) registerSecretValue(secret);
  return redactCommand(command);
}

/** Values of the named options: `-u v`, `-uv`, `--user v`, `--user=v`. */
function optionValues(args: string[], names: string[]): string[] {
  const values: string[] = [];
  args.forEach((arg, index) => {
    for (const name of names) {
      if (arg === name && args[index + 1] !== undefined) values.push(args[index + 1] as string);
      else if (name.startsWith('--') && arg.startsWith(`${name}=`))
        values.push(arg.slice(name.length + 1));
      else if (!name.startsWith('--') && arg.startsWith(name) && arg.length > name.length) {
        values.push(arg.slice(name.length));
      }
    }
  });
  return values;
}

function feedsSudoPassword(simple: SimpleCommand, next: SimpleCommand | undefined): boolean {
  if (simple.next !== '|' || !next) return false;
  const words = next.words;
  return words[0] === 'sudo' && words.some((w) => /^-[A-Za-z]*S/.test(w));
}
