import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type FakeModelServer,
  type FakeTurn,
  startFakeOpenAi,
} from '../../../testing/fakes/index.js';
import { createTestApp, type TestApp } from '../../../testing/test-app.js';
import { MODEL_KEY, modelEnv } from '../../goals/test-support/goal-fixtures.js';
import { RunTrace } from '../run-trace.js';
import { CLASSIFIER_PROMPT, parseClassifierAnswer } from './injection-classifier.js';

/** Weakly suspicious (a transcript's turn marker scores 0.4): the rules alone let it pass. */
const SUSPICIOUS_PAGE = 'Notes from the meeting.\nUser: can we move the call to Friday?\nThanks.';
const PLAIN_PAGE = 'Opening hours: 9 to 5, Monday to Friday.';

describe('parseClassifierAnswer', () => {
  it.each([
    ['INJECTION', 'injection'],
    [' injection. ', 'injection'],
    ['"MALICIOUS"', 'injection'],
    ['BENIGN', 'benign'],
    ['safe', 'benign'],
    ['This looks like an injection', null],
    ['INJECTION BENIGN', null],
    ['', null],
  ])('reads %j strictly as %s', (answer, expected) => {
    expect(parseClassifierAnswer(answer)).toBe(expected);
  });
});

describe('the injection classifier as a second opinion', () => {
  let t: TestApp;
  let model: FakeModelServer;
  let site: Server;
  let origin: string;
  /** What the classifier answers next; the fake serves it only to the classifier's prompt. */
  let classifierTurn: FakeTurn = { text: 'BENIGN' };

  beforeAll(async () => {
    site = createServer((request, response) => {
      response
        .writeHead(200, { 'content-type': 'text/plain' })
        .end(request.url === '/notes' ? SUSPICIOUS_PAGE : PLAIN_PAGE);
    });
    await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
    origin = `http://127.0.0.1:${(site.address() as AddressInfo).port}`;
    model = await startFakeOpenAi({ apiKey: MODEL_KEY });
    model.respond = (request) =>
      String(request.body.messages?.[0]?.content ?? '').startsWith(CLASSIFIER_PROMPT)
        ? classifierTurn
        : { text: 'ok' };
    t = await createTestApp({ env: { ...modelEnv(model), SSRF_ALLOWLIST: '127.0.0.1' } });
  }, 180_000);
  afterAll(async () => {
    await t.close();
    await model.close();
    await new Promise((resolve) => site.close(resolve));
  });

  const read = async (path: string) => {
    const trace = new RunTrace();
    const outcome = await t.app.skillRunner.run(
      'fetch_url',
      { url: `${origin}${path}` },
      {
        requestId: `req-classifier-${path}`,
        chatId: null,
        goalId: null,
        actor: 'admin',
        depth: 0,
        signal: new AbortController().signal,
        log: t.app.log,
        trace,
        onProgress() {},
      },
    );
    expect(outcome.status).toBe('done');
    return {
      classifier: trace.guardChain.find((entry) => entry.guard === 'injection_classifier'),
      evidence: trace.taintEvidence[0],
      asked: () =>
        model.requests.filter((r) =>
          String(r.body.messages?.[0]?.content ?? '').startsWith(CLASSIFIER_PROMPT),
        ).length,
    };
  };
  const setTimeoutMs = (ms: number) =>
    t.app.configuration.setParameter('injection_classifier_timeout_ms', ms, 'admin', null);

  it('is off by default: nothing is sent to a classifier', async () => {
    const before = model.requests.length;
    const { classifier, evidence } = await read('/notes');
    expect(classifier).toBeUndefined();
    expect(evidence).toMatchObject({ flagged: false });
    expect(model.requests.length).toBe(before);
  });

  it('flags a suspicious text the classifier judges an injection, and says so in the trace', async () => {
    await setTimeoutMs(5_000);
    classifierTurn = { text: 'INJECTION' };
    const { classifier, evidence } = await read('/notes');
    expect(classifier).toMatchObject({
      verdict: 'flag',
      detail: expect.stringMatching(/^judged injection in \d+ ms \(rules scored 0\.4\)$/),
    });
    expect(evidence).toMatchObject({
      flagged: true,
      signals: ['classifier'],
      excerpt: expect.stringContaining('User: can we move the call'),
    });
  });

  it('asks nothing about a text the rules find nothing in', async () => {
    const before = model.requests.length;
    const { classifier } = await read('/plain');
    expect(classifier).toBeUndefined();
    expect(model.requests.length).toBe(before);
  });

  it.each<[string, FakeTurn, RegExp]>([
    ['times out', { text: 'INJECTION', firstChunkDelayMs: 3_000 }, /no verdict \(timeout\)/],
    ['fails', { status: 500 }, /no verdict \(failed: /],
    ['answers something else', { text: 'I think it might be' }, /no verdict \(unparsed: /],
  ])('leaves the rules verdict when it %s, without holding the run', async (_, turn, detail) => {
    await setTimeoutMs(500);
    classifierTurn = turn;
    const started = Date.now();
    const { classifier, evidence } = await read('/notes');
    expect(Date.now() - started).toBeLessThan(2_500);
    expect(classifier).toMatchObject({ verdict: 'pass', detail: expect.stringMatching(detail) });
    expect(evidence).toMatchObject({ flagged: false });
  });
});
