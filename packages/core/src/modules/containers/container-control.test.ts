import { type BrokerFixture, startBrokerFixture, TEST_TOKEN } from '@agent-runtime/broker/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeModelServer, startFakeOpenAi } from '../../testing/fakes/index.js';
import { testSkillContext } from '../../testing/skill-context.js';
import { type Client, createTestApp, type TestApp } from '../../testing/test-app.js';
import type { AnySkill } from '../skills/skill.js';
import { BrokerClient } from './broker-client.js';
import { createContainerControlSkill } from './container-control.skill.js';

const fixture = await startBrokerFixture({ BROKER_ACTION_BUDGET: '4' });

/** container_control and the shell against a real agent-broker in front of a real engine. */
describe.skipIf(!fixture)('container_control through agent-broker', () => {
  let f: BrokerFixture;
  let t: TestApp;
  let client: Client;
  let model: FakeModelServer;
  let skill: AnySkill;
  const state = async (name: string) =>
    JSON.parse((await f.engine.api('GET', `/containers/${name}/json`)).body).State as {
      Status: string;
      Running: boolean;
    };

  beforeAll(async () => {
    f = fixture as BrokerFixture;
    model = await startFakeOpenAi();
    t = await createTestApp({
      env: {
        BROKER_URL: `http://127.0.0.1:${f.port}`,
        BROKER_TOKEN: TEST_TOKEN,
        OPENAI_API_KEY: 'sk-test-0123456789abcdefghijkl',
        OPENAI_BASE_URL: model.baseUrl,
        DEFAULT_MODEL: 'openai/gpt-4o-mini',
      },
    });
    client = await t.login();
    skill = t.app.skills.get('container_control') as AnySkill;
  });
  afterAll(async () => {
    await t?.close();
    await model?.close();
    await f?.close();
  });

  it('is a PRIVILEGED skill, and health reports the broker', async () => {
    expect(skill.level).toBe('PRIVILEGED');
    const health = (await t.app.inject({ method: 'GET', url: '/health' })).json();
    expect(health.components.broker).toEqual({ status: 'ok' });
    expect(health.status).toBe('ok');
  });

  it('asks the operator with a dry run of the stop, then stops the container and audits it', async () => {
    model.queue(
      { toolCalls: [{ name: 'container_control', input: { action: 'stop', container: 'web' } }] },
      { text: 'Stopped web.' },
    );
    const reply = client.inject({
      method: 'POST',
      url: '/chat',
      payload: { text: 'stop the web container', chat_id: 'ops-containers' },
    });
    let pending: Array<Record<string, unknown>> = [];
    for (let i = 0; i < 100 && pending.length === 0; i++) {
      pending = (
        await client.inject({ method: 'GET', url: '/api/confirmations?status=pending' })
      ).json().confirmations;
      if (pending.length === 0) await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(pending).toHaveLength(1);
    const confirmation = pending[0] as {
      confirmation_id: string;
      level: string;
      simulation: { summary: string; details: Record<string, unknown>; warnings: string[] };
    };
    expect(confirmation).toMatchObject({
      skill: 'container_control',
      level: 'PRIVILEGED',
      chat_id: 'ops-containers',
    });
    expect(confirmation.simulation.summary).toMatch(
      /^Would stop web \(now web: running since .+\); safety gate WARN\.$/,
    );
    expect(confirmation.simulation.details).toMatchObject({
      container: 'web',
      running: true,
      gate: { decision: 'WARN' },
    });
    expect(confirmation.simulation.warnings).toContain(
      'web is running; stopping it interrupts whatever it serves',
    );
    // Nothing happened while the operator was asked.
    expect((await state('web')).Running).toBe(true);

    const approved = await client.inject({
      method: 'POST',
      url: `/api/confirmations/${confirmation.confirmation_id}/approve`,
    });
    expect(approved.statusCode).toBe(200);
    expect((await reply).json().reply).toContain('Stopped web.');
    expect((await state('web')).Status).toBe('exited');

    await t.app.audit.flush();
    const { entries } = await t.app.audit.list({ limit: 5, action: 'skill.container_control' });
    expect(entries[0]).toMatchObject({ actor: 'admin', target: 'web', error: null });
    expect(entries[0]?.detail).toMatchObject({
      level: 'PRIVILEGED',
      status: 'done',
      input: { action: 'stop', container: 'web' },
    });
  });

  it('starts a stopped container, and reads it back without secrets, as untrusted text', async () => {
    const started = await skill.execute({ action: 'start', container: 'web' }, testSkillContext());
    expect(started.text).toMatch(/^Started web; it is now running\./);
    expect(started.data).toMatchObject({ changed: true, state: 'running' });

    const listed = await skill.execute({ action: 'list' }, testSkillContext());
    expect(listed.untrusted).toBe(true);
    expect(listed.text).toMatch(/^2 containers\n/);
    expect(listed.text).toContain('web\trunning');
    expect(listed.text).not.toContain('agent-sqldb');

    const inspected = await skill.execute(
      { action: 'inspect', container: 'web' },
      testSkillContext(),
    );
    expect(inspected.text).toContain('DATABASE_PASSWORD=[redacted]');
    expect(inspected.text).not.toContain('env-secret-value');

    const logs = await skill.execute(
      { action: 'logs', container: 'web', tail: 20 },
      testSkillContext(),
    );
    expect(logs).toMatchObject({ untrusted: true, data: { container: 'web' } });
    expect(logs.text).toContain('ready web');
    expect(logs.text).toContain('[stderr] warning');
  });

  it("passes on the broker's refusals in words the model can act on", async () => {
    await expect(
      skill.execute({ action: 'stop', container: 'agent-sqldb' }, testSkillContext()),
    ).rejects.toMatchObject({
      code: 'container_not_allowed',
      message: expect.stringContaining('may not touch container agent-sqldb'),
    });
    expect((await state('agent-sqldb')).Running).toBe(true);
    await expect(
      skill.execute({ action: 'logs', container: 'nothing-here' }, testSkillContext()),
    ).rejects.toMatchObject({
      code: 'not_found',
    });
    // The budget here is 4 per container and window: two used above, two left, then 429.
    await skill.execute(
      { action: 'stop', container: 'web', timeout_seconds: 0 },
      testSkillContext(),
    );
    await skill.execute({ action: 'start', container: 'web' }, testSkillContext());
    await expect(
      skill.execute({ action: 'stop', container: 'web' }, testSkillContext()),
    ).rejects.toMatchObject({
      code: 'rate_limited',
      message: expect.stringMatching(/Try again in \d+ s\.$/),
    });
    expect((await state('web')).Running).toBe(true);
  });

  it('blocks stopping the container the runtime runs in, even when the call was approved', async () => {
    const broker = new BrokerClient(`http://127.0.0.1:${f.port}`, TEST_TOKEN);
    await broker.act('start', 'idle', undefined);
    const idleInspect = await broker.inspect('idle');
    // The engine gives a container its short id as host name, as agent-core's would have.
    const asIfInside = createContainerControlSkill({
      broker,
      self: { hostname: (idleInspect.Id ?? '').slice(0, 12) },
    });
    const preview = await asIfInside.simulate?.(
      { action: 'stop', container: 'idle' },
      testSkillContext(),
    );
    expect(preview?.details).toMatchObject({ gate: { decision: 'BLOCK' } });
    await expect(
      asIfInside.execute({ action: 'stop', container: 'idle' }, testSkillContext()),
    ).rejects.toMatchObject({
      code: 'gate_blocked',
      message: expect.stringMatching(
        /^Blocked by safety gate: idle is the container agent-core runs in/,
      ),
    });
    expect((await state('idle')).Running).toBe(true);
  });

  it("sends the shell's container commands to the broker, which refuses them", async () => {
    const shell = t.app.skills.get('shell') as AnySkill;
    const before = (
      JSON.parse((await f.engine.api('GET', '/containers/json?all=1')).body) as unknown[]
    ).length;
    const audited = f.audit.length;
    const output = await shell.execute(
      {
        command:
          'echo "DOCKER_HOST=$DOCKER_HOST"; ' +
          'podman --remote run --rm localhost/agent-broker-test:1 echo escaped; echo "podman exit $?"; ' +
          'if command -v docker >/dev/null; then docker run --rm localhost/agent-broker-test:1 echo escaped; echo "docker exit $?"; fi',
      },
      testSkillContext(),
    );
    expect(output.text).toContain(`DOCKER_HOST=tcp://127.0.0.1:${f.port}`);
    expect(output.text).toContain('ping response was 403');
    expect(output.text).toMatch(/podman exit 125/);
    expect(output.text).not.toContain('\nescaped');
    const refused = f.audit.slice(audited);
    expect(refused.length).toBeGreaterThan(0);
    expect(refused.every((entry) => entry.event === 'broker.refused' && entry.status === 403)).toBe(
      true,
    );
    expect(refused.some((entry) => /\/libpod\/_ping$/.test(entry.path))).toBe(true);
    const after = (
      JSON.parse((await f.engine.api('GET', '/containers/json?all=1')).body) as unknown[]
    ).length;
    expect(after).toBe(before);
  });
});
