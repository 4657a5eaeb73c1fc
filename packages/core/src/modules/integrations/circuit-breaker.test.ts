import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type KvTestStores,
  kvTestBackends,
  openKvTestStores,
  type TestKvStore,
  type TestSqlStore,
} from '../../testing/services.js';
import {
  type Admission,
  type BreakerStateName,
  breakerKey,
  CircuitBreaker,
} from './circuit-breaker.js';

describe.each(await kvTestBackends())('circuit breaker ($name)', (setup) => {
  let stores: KvTestStores;
  let sql: TestSqlStore;
  let store: TestKvStore;
  let clock = 1_000_000;
  const transitions: string[] = [];
  let a: CircuitBreaker;
  let b: CircuitBreaker;

  const breaker = (kv: TestKvStore['kv'], name: string) =>
    new CircuitBreaker(kv, {
      threshold: 3,
      recoveryMs: 30_000,
      probeLeaseMs: 10_000,
      now: () => clock,
      onTransition: (id, from: BreakerStateName, to: BreakerStateName) =>
        transitions.push(`${name}:${id}:${from}->${to}`),
    });

  beforeAll(async () => {
    stores = await openKvTestStores(setup);
    ({ sql, store } = stores);
    // Two replicas: separate breakers over separate connections to the same store.
    a = breaker(store.kv, 'a');
    b = breaker(await store.replica(sql), 'b');
  });
  afterAll(() => stores.destroy());

  const fail = async (breakerOf: CircuitBreaker, id: string) =>
    breakerOf.failure(id, await breakerOf.admit(id));

  it('opens after the threshold of consecutive failures, on every replica at once', async () => {
    await fail(a, 'svc1');
    await fail(b, 'svc1');
    // A success in between starts the count again.
    await a.success('svc1', await a.admit('svc1'));
    expect((await b.view('svc1')).failures).toBe(0);
    await fail(a, 'svc1');
    await fail(b, 'svc1');
    expect((await a.view('svc1')).state).toBe('CLOSED');
    await fail(a, 'svc1');
    const view = await b.view('svc1');
    expect(view).toMatchObject({ state: 'OPEN', failures: 3, retry_after: 30 });
    expect(await b.admit('svc1')).toEqual({ allowed: false, retryAfterMs: 30_000 });
    expect(transitions).toContain('a:svc1:CLOSED->OPEN');
    const stored = JSON.parse((await store.kv.get(breakerKey('svc1'))) ?? '{}');
    expect(stored).toMatchObject({ state: 'OPEN', failures: 3, opened_at: clock });
  });

  it('lets exactly one probe through across replicas once the recovery timeout has passed', async () => {
    for (let i = 0; i < 3; i++) await fail(a, 'svc2');
    clock += 29_999;
    expect((await a.admit('svc2')).allowed).toBe(false);
    clock += 1;
    expect((await a.view('svc2')).state).toBe('HALF_OPEN');
    const racers = await Promise.all(
      Array.from({ length: 12 }, (_, i) => (i % 2 ? a : b).admit('svc2')),
    );
    const probes = racers.filter((r): r is Admission & { allowed: true } => r.allowed);
    expect(probes).toHaveLength(1);
    expect(probes[0]?.probe).toBeTypeOf('string');
    expect(racers.filter((r) => !r.allowed)).toHaveLength(11);
    // A success reported for a call that was not the probe changes nothing.
    await b.success('svc2', { allowed: true, probe: 'someone-else' });
    expect((await b.view('svc2')).state).toBe('HALF_OPEN');
    await a.success('svc2', probes[0] as Admission);
    expect(await b.view('svc2')).toMatchObject({ state: 'CLOSED', failures: 0 });
    expect(transitions.filter((t) => t.includes(':svc2:'))).toEqual([
      'a:svc2:CLOSED->OPEN',
      expect.stringMatching(/^[ab]:svc2:OPEN->HALF_OPEN$/),
      'a:svc2:HALF_OPEN->CLOSED',
    ]);
  });

  it('a failed probe opens the circuit again with a fresh timeout', async () => {
    for (let i = 0; i < 3; i++) await fail(b, 'svc3');
    clock += 30_000;
    const probe = await a.admit('svc3');
    expect(probe.allowed).toBe(true);
    await a.failure('svc3', probe);
    expect(await b.view('svc3')).toMatchObject({ state: 'OPEN', retry_after: 30 });
    clock += 15_000;
    expect((await b.admit('svc3')).allowed).toBe(false);
  });

  it('hands the probe to another replica when the prober never reports (its process died)', async () => {
    for (let i = 0; i < 3; i++) await fail(a, 'svc4');
    clock += 30_000;
    expect((await a.admit('svc4')).allowed).toBe(true);
    expect((await b.admit('svc4')).allowed).toBe(false);
    clock += 10_001;
    const takeover = await b.admit('svc4');
    expect(takeover.allowed).toBe(true);
    await b.success('svc4', takeover);
    expect((await a.view('svc4')).state).toBe('CLOSED');
  });

  it('resets on the operator’s word, and treats an unreadable state as CLOSED', async () => {
    for (let i = 0; i < 3; i++) await fail(a, 'svc5');
    expect((await b.reset('svc5')).state).toBe('CLOSED');
    expect((await a.admit('svc5')).allowed).toBe(true);
    expect(transitions).toContain('b:svc5:OPEN->CLOSED');
    await store.kv.set(breakerKey('svc6'), 'not json');
    expect((await a.admit('svc6')).allowed).toBe(true);
    await fail(a, 'svc6');
    expect(JSON.parse((await store.kv.get(breakerKey('svc6'))) ?? '{}').failures).toBe(1);
  });
});
