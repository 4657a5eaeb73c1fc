// agent-broker in the stack: the container_control skill works on a container the operator
// allowed, through the broker alone; every other engine call from agent-core is refused, and
// only agent-broker holds the engine socket.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  callSkill,
  compose,
  containerOf,
  deployEnv,
  docker,
  type Session,
  signIn,
} from './stack.js';

const TARGET = 'stack-target';
const TARGET_SECRET = 'target-secret-4f1c9a';

describe('container control through agent-broker', () => {
  let session: Session;
  beforeAll(async () => {
    session = await signIn();
    // A container of the operator's that the agent may manage: it carries the label.
    await docker(
      'run',
      '-d',
      '--name',
      TARGET,
      '--label',
      'agent-runtime.controllable=true',
      '-e',
      `API_TOKEN=${TARGET_SECRET}`,
      'agent-test/node',
      'node',
      '-e',
      'setInterval(() => console.log("tick from the target"), 500)',
    );
  });
  afterAll(async () => {
    await docker('rm', '-f', TARGET).catch(() => undefined);
  });

  it('lists the allowed container and none of the stack’s own', async () => {
    const reply = await callSkill(session, 'container_control', { action: 'list' });
    expect(reply).toContain(TARGET);
    for (const own of ['agent-sqldb', 'agent-kvstore', 'agent-core', 'agent-broker', 'agent-proxy'])
      expect(reply).not.toContain(own);
  });

  it('inspects it with its secrets redacted', async () => {
    const reply = await callSkill(session, 'container_control', {
      action: 'inspect',
      container: TARGET,
    });
    expect(reply).toContain(TARGET);
    expect(reply).toContain('API_TOKEN');
    expect(reply).not.toContain(TARGET_SECRET);
  });

  it('reads its logs', async () => {
    const reply = await callSkill(session, 'container_control', {
      action: 'logs',
      container: TARGET,
      tail: 5,
    });
    expect(reply).toContain('tick from the target');
  });

  it('restarts it: a stop and a start, each confirmed by the operator', async () => {
    const before = await docker('inspect', TARGET, '-f', '{{.State.StartedAt}}');
    const stopped = await callSkill(session, 'container_control', {
      action: 'stop',
      container: TARGET,
      timeout_seconds: 1,
    });
    expect(stopped).toMatch(/Stopped stack-target/);
    expect(await docker('inspect', TARGET, '-f', '{{.State.Running}}')).toBe('false');
    const started = await callSkill(session, 'container_control', {
      action: 'start',
      container: TARGET,
    });
    expect(started).toMatch(/Started stack-target/);
    expect(await docker('inspect', TARGET, '-f', '{{.State.Running}}')).toBe('true');
    expect(await docker('inspect', TARGET, '-f', '{{.State.StartedAt}}')).not.toBe(before);
  });

  it('refuses a stack container even when asked by its exact name', async () => {
    const name = (
      await docker('inspect', await containerOf('agent-sqldb'), '-f', '{{.Name}}')
    ).slice(1);
    const reply = await callSkill(session, 'container_control', {
      action: 'inspect',
      container: name,
    });
    expect(reply).toMatch(/may not touch container/);
    expect(reply).not.toContain(deployEnv.POSTGRES_PASSWORD);
  });

  it('refuses any other engine call from agent-core, with or without the broker’s token', async () => {
    // From the runtime's own process, as a compromised runtime would try.
    const script = `
      const token = process.env.BROKER_TOKEN;
      const tries = [
        ['GET', '/containers/json', token], ['POST', '/v1.41/containers/create', token],
        ['POST', '/containers/${TARGET}/exec', token], ['GET', '/containers/list', undefined],
        ['POST', '/containers/${TARGET}/kill', token],
      ];
      (async () => {
        for (const [method, path, auth] of tries) {
          const res = await fetch('http://agent-broker:2375' + path, {
            method, headers: auth ? { authorization: 'Bearer ' + auth } : {},
          });
          console.log(method, path, res.status);
        }
      })();`;
    const out = await compose('exec', '-T', 'agent-core', 'node', '-e', script);
    const statuses = out
      .trim()
      .split('\n')
      .map((line) => Number(line.split(' ').at(-1)));
    expect(statuses).toHaveLength(5);
    for (const status of statuses) expect([401, 403]).toContain(status);
  });

  it('refuses `docker run` from the shell skill (its DOCKER_HOST is the broker, without a token)', async () => {
    const command =
      'node -e "fetch(process.env.DOCKER_HOST.replace(\\"tcp:\\", \\"http:\\") + \\"/v1.41/containers/create\\", {method: \\"POST\\", headers: {\\"content-type\\": \\"application/json\\"}, body: \\"{}\\"}).then(r => console.log(\\"engine-status\\", r.status), e => console.log(\\"engine-error\\", e.cause?.code))"';
    const reply = await callSkill(session, 'shell', { command });
    const status = /engine-status (\d+)/.exec(reply);
    expect(status, reply).not.toBeNull();
    expect(Number(status?.[1])).toBe(403);
  });

  it('mounts the engine socket in agent-broker alone', async () => {
    for (const service of [
      'agent-proxy',
      'agent-core',
      'agent-broker',
      'agent-sqldb',
      'agent-kvstore',
      'agent-llm',
    ]) {
      const mounts = await docker(
        'inspect',
        await containerOf(service),
        '-f',
        '{{range .Mounts}}{{.Destination}} {{end}}',
      );
      const hasSocket = /docker\.sock|podman\.sock/.test(mounts);
      expect(hasSocket, service).toBe(service === 'agent-broker');
    }
  });
});
