import { Writable } from 'node:stream';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loggerOptions } from '../../../logger.js';
import { redactText } from '../../../security/redact.js';
import {
  type FakeUpstream,
  startFakeUpstream,
  uniqueCredential,
} from '../../../testing/fakes/fake-upstream.js';
import { type FakeModelServer, startFakeOpenAi } from '../../../testing/fakes/index.js';
import { type Client, createTestApp, type TestApp } from '../../../testing/test-app.js';
import { basicPair } from '../auth-placement.js';
import { tokenUrlFor } from '../http-call.js';
import type { IntegrationDefinition } from '../integration.js';
import type { UpstreamTransport } from '../upstream.js';
import { CONNECTORS } from './index.js';

/**
 * The credential-leak contract: every connector gets a credential no other one has, is called by
 * the operator's API and by the model (answers that echo the credential back included, and a
 * failing answer that echoes it in its error body), and a write waits for a confirmation with
 * its dry run. Then no credential (in any of its wire forms) may appear in what the model was
 * sent, a trace, an audit row, a log line, a live event, an API answer, a confirmation or a
 * metric label.
 */
const definitions: IntegrationDefinition[] = [];
for (const load of Object.values(CONNECTORS)) definitions.push((await load()).default);

/** Fields with no shape of their own (hex, UUIDs, free text): hidden by value, not by pattern. */
const VALUE_ONLY = new Set([
  'cloudflare.api_token',
  'datadog.api_key',
  'datadog.application_key',
  'gitea.token',
  'gotify.client_token',
  'jellyfin.api_key',
  'mattermost.access_token',
  'microsoft-graph.client_secret',
  'microsoft-graph.refresh_token',
  'ollama.api_key',
  'openweather.api_key',
  'opsgenie.api_key',
  'pagerduty.api_key',
  'postmark.server_token',
  'pushover.app_token',
  'pushover.user_key',
  'spotify.client_secret',
  'spotify.refresh_token',
  'todoist.token',
  'trello.api_key',
  'twilio.auth_token',
  'vercel.token',
]);

describe('credential-leak contract over every connector', () => {
  let t: TestApp;
  let client: Client;
  let model: FakeModelServer;
  let current: FakeUpstream | null = null;
  const logLines: string[] = [];
  const liveEvents: string[] = [];
  const answers: string[] = [];
  const secrets = new Map<string, Record<string, string>>();

  /** Every vendor host goes to the fake of the connector under test. */
  const toCurrentFake = (vendors: UpstreamTransport): UpstreamTransport => ({
    send(request, options) {
      if (!current) throw new Error('no fake vendor is up');
      const url = new URL(request.url.href);
      const fake = new URL(current.url);
      url.protocol = fake.protocol;
      url.host = fake.host;
      return vendors.send({ ...request, url }, { ...options, operatorHost: fake.hostname });
    },
  });

  beforeAll(async () => {
    model = await startFakeOpenAi();
    const sink = new Writable({
      write(chunk, _encoding, done) {
        logLines.push(String(chunk));
        done();
      },
    });
    t = await createTestApp({
      env: {
        OPENAI_API_KEY: 'sk-test-0123456789abcdefghijkl',
        OPENAI_BASE_URL: model.baseUrl,
        DEFAULT_MODEL: 'openai/gpt-4o-mini',
      },
      logger: pino(loggerOptions('trace'), sink),
      integrationsOptions: { transport: toCurrentFake },
    });
    t.app.events.subscribe((event) => liveEvents.push(JSON.stringify(event)));
    client = await t.login();
  });
  afterAll(async () => {
    await current?.close();
    await t?.close();
    await model?.close();
  });

  const call = async (url: string, method: 'GET' | 'POST' | 'PUT', payload?: object) => {
    // Several calls in a row: a vendor's own rate limit (arXiv's one per 3 s) is not under test.
    await t.kv.deleteByPattern('int:rate:*');
    const response = await client.inject({ method, url, ...(payload ? { payload } : {}) });
    answers.push(response.body);
    return response;
  };

  it('gives every connector its own credential in its own format', () => {
    const seen = new Set<string>();
    for (const d of definitions) {
      const values: Record<string, string> = {};
      for (const field of d.fields.filter((f) => f.secret)) {
        const value = uniqueCredential(field, `leak-${d.id}`);
        expect(
          value.length,
          `${d.id}.${field.name} is too short to be told apart`,
        ).toBeGreaterThanOrEqual(8);
        expect(seen.has(value), `${d.id}.${field.name} repeats another credential`).toBe(false);
        seen.add(value);
        values[field.name] = value;
      }
      secrets.set(d.id, values);
    }
  });

  it('has a redaction rule for every credential format with a shape of its own', () => {
    const uncovered: string[] = [];
    for (const d of definitions)
      for (const field of d.fields.filter((f) => f.secret)) {
        const key = `${d.id}.${field.name}`;
        // A fresh value, never registered: only a pattern can hide it.
        const value = uniqueCredential(field, `pattern-${key}`);
        if (!VALUE_ONLY.has(key) && redactText(`sent ${value} here`).includes(value))
          uncovered.push(key);
      }
    expect(uncovered).toEqual([]);
  });

  it.each(definitions.map((d) => [d.id, d] as const))(
    '%s: called by the operator and the model, leaks nothing',
    async (id, d) => {
      const credentials = secrets.get(id) ?? {};
      const values = Object.fromEntries(
        d.fields.filter((f) => !f.secret).map((f) => [f.name, f.default ?? f.example]),
      );
      await current?.close();
      const fake = await startFakeUpstream({
        auth: d.auth,
        credentials: { ...values, ...credentials },
        ...(d.auth.type === 'oauth2'
          ? { tokenPath: tokenUrlFor(d.auth, new URL(d.baseUrl), values).pathname }
          : {}),
      });
      current = fake;
      await t.app.autonomy.setMode('FULL', 'test', null);
      if (d.baseUrlOverride === 'required')
        expect(
          (
            await call(`/api/integrations/${id}/base-url`, 'PUT', {
              base_url: 'https://self-hosted.example/api',
            })
          ).statusCode,
        ).toBe(200);
      if (d.fields.length > 0) {
        const set = await call(`/api/integrations/${id}/credentials`, 'PUT', {
          values: { ...values, ...credentials },
        });
        expect(set.statusCode, set.body).toBe(200);
      }

      // The operator's execute: the fake echoes every header back.
      const ok = await call(`/api/integrations/${id}/execute`, 'POST', {
        action: d.testAction,
        params: {},
      });
      expect(ok.statusCode, ok.body).toBe(200);
      expect(fake.refusals).toEqual([]);
      // A failing answer whose error body repeats the request, credential and all.
      fake.failNext(1, (request) => ({
        status: 400,
        body: { error: 'bad request', you_sent: request },
      }));
      const failed = await call(`/api/integrations/${id}/execute`, 'POST', {
        action: d.testAction,
        params: {},
      });
      expect(failed.json()).toMatchObject({ error: 'upstream_error', status: 400 });

      // The model's call through integration_skill.
      model.queue(
        {
          toolCalls: [
            {
              name: 'integration_skill',
              input: { integration_id: id, action: d.testAction, params: {} },
            },
          ],
        },
        { text: 'Done.' },
      );
      const chat = await call('/chat', 'POST', { text: `check ${id}`, chat_id: `leak-${id}` });
      expect(chat.statusCode, chat.body).toBe(200);
      const trace = await call(`/api/traces/${chat.json().request_id}`, 'GET');
      expect(trace.json().steps).toMatchObject([{ skill: 'integration_skill', status: 'done' }]);

      // A write waits for the operator, with its dry run.
      const write = Object.entries(d.actions).find(([, action]) => action.risk !== 'read');
      if (write) {
        await t.app.autonomy.setMode('SEMI', 'test', null);
        const held = await call(`/api/integrations/${id}/execute`, 'POST', {
          action: write[0],
          params: write[1].example.input,
        });
        expect(held.statusCode, held.body).toBe(202);
      }
      await call(`/api/integrations/${id}/calls`, 'GET');
      await call(`/api/integrations/${id}`, 'GET');
    },
  );

  it('finds no credential in any sink', async () => {
    await t.app.audit.flush();
    const audit = await t.app.audit.list({ limit: 500 });
    const traces = await call('/api/traces?limit=500', 'GET');
    const confirmations = await call('/api/confirmations?limit=200', 'GET');
    await call('/api/integrations', 'GET');
    const sinks: Record<string, string> = {
      'model requests': JSON.stringify(model.requests),
      traces: traces.body,
      'audit rows': JSON.stringify(audit),
      'log lines': logLines.join(''),
      'live events': liveEvents.join('\n'),
      'API answers': answers.join('\n'),
      confirmations: confirmations.body,
      metrics: await t.app.metrics.metrics(),
    };
    expect(model.requests.length).toBeGreaterThan(definitions.length);
    expect(JSON.parse(confirmations.body).confirmations.length).toBeGreaterThan(10);
    for (const d of definitions) {
      const credentials = secrets.get(d.id) ?? {};
      const forms = Object.values(credentials).flatMap((value) => [
        value,
        encodeURIComponent(value),
      ]);
      if (d.auth.type === 'basic') {
        const { auth } = d;
        const user = auth.usernameField
          ? (credentials[auth.usernameField] ??
            d.fields.find((f) => f.name === auth.usernameField)?.example ??
            '')
          : (auth.username ?? '');
        forms.push(basicPair(user, credentials[auth.passwordField] ?? ''));
      }
      for (const [sink, text] of Object.entries(sinks))
        for (const form of forms)
          expect(text.includes(form), `${d.id} credential in ${sink}`).toBe(false);
    }
  });
});
