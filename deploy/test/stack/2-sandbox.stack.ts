// agent-core under exactly the compose file's settings (read-only root, no capability, UID 1000,
// deploy/seccomp/agent-core.json): the shell and Python skills run under bubblewrap with their
// own namespaces, not in the weaker fallback.
import { beforeAll, describe, expect, it } from 'vitest';
import { callSkill, compose, containerOf, docker, https, type Session, signIn } from './stack.js';

describe('the sandbox inside agent-core', () => {
  let session: Session;
  beforeAll(async () => {
    session = await signIn();
  });

  it('runs with the settings of the compose file, and /health names bubblewrap', async () => {
    const core = await containerOf('agent-core');
    const settings = JSON.parse(await docker('inspect', core, '-f', '{{json .HostConfig}} ')) as {
      ReadonlyRootfs: boolean;
      CapDrop: string[];
      CapAdd: string[] | null;
      Privileged: boolean;
      SecurityOpt: string[];
    };
    expect(settings.ReadonlyRootfs).toBe(true);
    expect(settings.CapDrop).toEqual(['ALL']);
    expect(settings.CapAdd ?? []).toEqual([]);
    expect(settings.Privileged).toBe(false);
    expect(settings.SecurityOpt.some((opt) => opt.startsWith('seccomp={'))).toBe(true);
    expect(settings.SecurityOpt).not.toContain('seccomp=unconfined');
    expect(await docker('inspect', core, '-f', '{{.Config.User}}')).toBe('1000:1000');
    const health = (await https('/health')).json();
    expect(health.components.sandbox).toEqual({ status: 'ok', mode: 'bubblewrap' });
  });

  it('gives the shell skill its own PID namespace and no write outside the workspace', async () => {
    const command = [
      'echo "pid=$$ seen=$(ls /proc | grep -c "^[0-9]")"',
      'touch /data/outside 2>/dev/null && echo data-written || echo data-refused',
      'touch /app/outside 2>/dev/null && echo app-written || echo app-refused',
      'touch /tmp/inside && echo tmp-written',
      'echo hello > note.txt && cat note.txt',
      'test -e /data/.secret && echo secret-visible || echo secret-hidden',
      'echo "environ-hits=$(cat /proc/*/environ 2>/dev/null | grep -a -c DASHBOARD_SECRET)"',
    ].join('; ');
    const reply = await callSkill(session, 'shell', { command });
    // In its own PID namespace the shell is process 2 (bubblewrap is 1) and sees a handful of
    // processes, not the runtime's.
    const pid = /pid=(\d+) seen=(\d+)/.exec(reply);
    expect(pid, reply).not.toBeNull();
    expect(Number(pid?.[1])).toBeLessThanOrEqual(3);
    expect(Number(pid?.[2])).toBeLessThan(8);
    expect(reply).toContain('data-refused');
    expect(reply).toContain('app-refused');
    expect(reply).toContain('tmp-written');
    expect(reply).toContain('hello');
    expect(reply).toContain('secret-hidden');
    // No process it can see has the runtime's secrets in its environment, while outside the
    // sandbox, in the same container as the same user, the runtime's environment is readable.
    expect(reply).toContain('environ-hits=0');
    const outside = await compose(
      'exec',
      '-T',
      'agent-core',
      'sh',
      '-c',
      'cat /proc/*/environ 2>/dev/null | grep -a -c DASHBOARD_SECRET',
    );
    expect(Number(outside.trim())).toBeGreaterThan(0);
  });

  it('runs python_exec sandboxed the same way', async () => {
    const code = [
      'import os',
      'print("pid", os.getpid())',
      'try:',
      '    open("/data/py-outside", "w")',
      '    print("data-written")',
      'except OSError as error:',
      '    print("data-refused", error.errno)',
    ].join('\n');
    const reply = await callSkill(session, 'python_exec', { code });
    const pid = /pid (\d+)/.exec(reply);
    expect(pid, reply).not.toBeNull();
    expect(Number(pid?.[1])).toBeLessThanOrEqual(3);
    expect(reply).toContain('data-refused');
  });
});
