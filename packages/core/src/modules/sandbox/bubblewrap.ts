import { existsSync } from 'node:fs';
import path from 'node:path';

export interface BubblewrapLayout {
  /** DATA_DIR, absolute: hidden whole but for the workspace (its secrets, database, journals). */
  dataDir: string;
  /** The one writable folder, absolute, inside dataDir. */
  workspace: string;
  /** Folders that must be absent (the source tree, the repository): empty and read-only. */
  hidden: string[];
  /** A folder the program may read (a custom skill's files), bound read-only at its own path. */
  readOnlyFolder?: string;
  /**
   * When the runtime is root: the user the program becomes inside, through setpriv, after
   * bubblewrap has mounted everything as root (see dropPrivileges).
   */
  dropToUid?: number;
}

export const BWRAP = 'bwrap';

/**
 * Kernel files a fresh /proc shows that describe the whole machine (every task on the host,
 * kernel timers, memory, keys): hidden in each sandbox as container engines hide them, since the
 * container that runs the runtime must leave /proc unmasked for bubblewrap to mount its own
 * (docs/operations.md, "Sandboxing inside agent-core"). The kernel decides which exist, and a
 * bind needs its target: the list is what this machine's /proc has.
 */
let procFilesToMask: string[] | undefined;
function maskedProcFiles(): string[] {
  procFilesToMask ??= [
    'kcore',
    'keys',
    'latency_stats',
    'sched_debug',
    'sysrq-trigger',
    'timer_list',
    'timer_stats',
  ]
    .map((file) => `/proc/${file}`)
    .filter((file) => existsSync(file));
  return procFilesToMask;
}

/**
 * The bubblewrap command line of one sandboxed program. The host's / is mounted read-only,
 * with a private /dev, /proc (own PID namespace: the runtime's processes and their environment
 * are out of sight) and /tmp; DATA_DIR is replaced by an empty tmpfs into which only the
 * workspace is bound writable; the source tree and the repository become empty read-only
 * folders. The network is left as it is: SPEC section 1 leaves outbound traffic unfiltered.
 */
export function bubblewrapArgs(layout: BubblewrapLayout, command: string[]): string[] {
  const args = ['--ro-bind', '/', '/', '--dev', '/dev', '--proc', '/proc'];
  for (const file of maskedProcFiles()) args.push('--ro-bind', '/dev/null', file);
  // Fresh tmpfs folders come first; what is bound into them after creates its mount points there.
  const fresh: string[] = ['/tmp'];
  args.push('--perms', '1777', '--tmpfs', '/tmp');
  for (const folder of layout.hidden) {
    args.push(...folderPath(fresh, folder), '--tmpfs', folder);
    fresh.push(folder);
  }
  args.push(...folderPath(fresh, layout.dataDir), '--tmpfs', layout.dataDir);
  fresh.push(layout.dataDir);
  args.push(...folderPath(fresh, layout.workspace));
  args.push('--bind', layout.workspace, layout.workspace);
  if (layout.readOnlyFolder) {
    args.push(...folderPath(fresh, layout.readOnlyFolder));
    args.push('--ro-bind', layout.readOnlyFolder, layout.readOnlyFolder);
  }
  // Last, so the mount points above could still be made in them.
  for (const folder of [...layout.hidden, layout.dataDir]) args.push('--remount-ro', folder);
  args.push(
    '--chdir',
    layout.workspace,
    '--unshare-pid',
    '--unshare-ipc',
    '--die-with-parent',
    '--new-session',
  );
  if (layout.dropToUid === undefined) return [...args, '--', ...command];
  // bubblewrap run by root drops every capability; setpriv needs these three to change user.
  for (const cap of ['CAP_SETUID', 'CAP_SETGID', 'CAP_SETPCAP']) args.push('--cap-add', cap);
  return [...args, '--', ...dropPrivileges(layout.dropToUid), ...command];
}

/**
 * setpriv as the first program inside: the real user and group become `uid`, supplementary
 * groups and every capability (inheritable and bounding set) go, and no_new_privs stops a
 * setuid program from getting any of it back. bubblewrap itself cannot be run as that user
 * instead: it would then need to reach DATA_DIR, which is (rightly) closed to it.
 */
export function dropPrivileges(uid: number): string[] {
  return [
    'setpriv',
    `--reuid=${uid}`,
    `--regid=${uid}`,
    '--clear-groups',
    '--inh-caps=-all',
    '--bounding-set=-all',
    '--no-new-privs',
    '--',
  ];
}

/**
 * `--dir` for every folder between a fresh tmpfs and `target` (exclusive) with mode 0755:
 * bubblewrap would make them 0700 and owned by root, closed to the sandbox's user.
 */
function folderPath(fresh: string[], target: string): string[] {
  const root = fresh
    .filter((folder) => isInside(target, folder) && folder !== target)
    .sort((a, b) => b.length - a.length)[0];
  if (!root) return [];
  const args: string[] = [];
  let current = root;
  for (const part of path.relative(root, path.dirname(target)).split(path.sep)) {
    if (!part) continue;
    current = path.join(current, part);
    args.push('--perms', '0755', '--dir', current);
  }
  return args;
}

/** True when `child` is `parent` or lies inside it. */
export function isInside(child: string, parent: string): boolean {
  const relative = path.relative(parent, child);
  return relative === '' || (!relative.startsWith('..') && !path.isAbsolute(relative));
}

/**
 * The folders to hide, without redundancy: the filesystem root is never one, and a folder
 * inside another hidden one is covered by it.
 */
export function foldersToHide(candidates: string[]): string[] {
  const unique = [...new Set(candidates.map((folder) => path.resolve(folder)))].filter(
    (folder) => folder !== path.parse(folder).root,
  );
  return unique
    .filter((folder) => !unique.some((other) => other !== folder && isInside(folder, other)))
    .sort();
}
