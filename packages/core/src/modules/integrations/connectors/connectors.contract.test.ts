import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SafeFetcher } from '../../../net/safe-fetch.js';
import { createSsrfGuard } from '../../../net/ssrf.js';
import { deriveKeys } from '../../../security/keys.js';
import {
  type FakeUpstream,
  routeToFake,
  startFakeUpstream,
  uniqueCredential,
} from '../../../testing/fakes/fake-upstream.js';
import { openScratchKvStore } from '../../../testing/services.js';
import { Vault } from '../../vault/vault.service.js';
import { connectorProblems, documentedCall, fieldExamples } from '../connector-checks.js';
import { CredentialScrubber } from '../credential-scrubber.js';
import { buildCall, sendCall, tokenUrlFor } from '../http-call.js';
import type { IntegrationDefinition } from '../integration.js';
import { OAuthTokens } from '../oauth-tokens.js';
import { serializeBody } from '../request-builder.js';
import { SafeUpstream } from '../upstream.js';
import { CONNECTORS } from './index.js';

/**
 * The connector contract, for every connector in the index: a sound definition, and every action
 * sent over real HTTP to a fake vendor that refuses it unless the credential is placed as the
 * connector's auth scheme says, with the method, path, query and body the example documents.
 */
const ids = Object.keys(CONNECTORS);
const definitions = new Map<string, IntegrationDefinition>();
for (const id of ids)
  definitions.set(
    id,
    (await (CONNECTORS[id] as () => Promise<{ default: IntegrationDefinition }>)()).default,
  );
const here = import.meta.dirname;

describe('connector index', () => {
  it('lists every connector file once, sorted by id, each under its category folder', async () => {
    expect(ids).toEqual([...ids].sort());
    const files: string[] = [];
    for (const entry of await readdir(here, { withFileTypes: true })) {
      if (!entry.isDirectory()) continue;
      for (const file of await readdir(path.join(here, entry.name)))
        if (file.endsWith('.ts') && !file.endsWith('.test.ts')) files.push(`${entry.name}/${file}`);
    }
    const listed = new Set<string>();
    for (const file of files) {
      const module = (await import(path.join(here, file))) as { default?: IntegrationDefinition };
      const definition = module.default;
      expect(definition?.id, `${file} has no default defineIntegration export`).toBeTypeOf(
        'string',
      );
      const id = definition?.id as string;
      expect(definitions.get(id), `${file} (id ${id}) is not listed in connectors/index.ts`).toBe(
        definition,
      );
      expect(file, `connector ${id} lives at <category>/<id>.ts`).toBe(
        `${definition?.category}/${id}.ts`,
      );
      listed.add(id);
    }
    expect([...listed].sort()).toEqual(ids);
  });
});

const fetcher = new SafeFetcher({
  guard: createSsrfGuard({ allowlist: [] }),
  maxBytes: 1024 * 1024,
  timeoutMs: 10_000,
});
const transport = new SafeUpstream(fetcher, { timeoutMs: 10_000, maxBytes: 1024 * 1024 });
const closing: Array<() => Promise<void>> = [];
let tokens: Promise<OAuthTokens> | undefined;

function oauthTokens(): Promise<OAuthTokens> {
  tokens ??= (async () => {
    const store = await openScratchKvStore();
    closing.push(() => store.destroy());
    return new OAuthTokens(new Vault(store.kv, deriveKeys('c'.repeat(64)).vault), store.kv);
  })();
  return tokens;
}

afterAll(async () => {
  for (const close of closing.reverse()) await close();
  await transport.close();
  await fetcher.close();
});

describe.each(ids)('connector %s', (id) => {
  const definition = definitions.get(id) as IntegrationDefinition;
  const credentials = Object.fromEntries(
    definition.fields.filter((f) => f.secret).map((f) => [f.name, uniqueCredential(f, id)]),
  );
  let fake: FakeUpstream;

  beforeAll(async () => {
    const { auth } = definition;
    fake = await startFakeUpstream({
      auth,
      credentials: { ...fieldValues(definition), ...credentials },
      ...(auth.type === 'oauth2'
        ? {
            tokenPath: tokenUrlFor(auth, new URL(definition.baseUrl), fieldValues(definition))
              .pathname,
          }
        : {}),
    });
  });
  afterAll(() => fake?.close());

  it('is a sound definition: fields, auth, actions, schemas and documented examples', () => {
    expect(connectorProblems(definition)).toEqual([]);
  });

  it.each(Object.keys(definition.actions))(
    'sends %s as documented, credential in place',
    async (name) => {
      const action = definition.actions[name];
      if (!action) throw new Error(`no action ${name}`);
      const input = action.input.parse(action.example.input) as Record<string, unknown>;
      const call = documentedCall(definition, action, input);
      const built = buildCall(call, fieldExamples(definition));
      const sent = buildCall(call, credentials);
      const { response } = await sendCall(call, credentials, {
        transport: routeToFake(transport, fake.url),
        scrubber: new CredentialScrubber(),
        ...(definition.auth.type === 'oauth2' ? { oauth: await oauthTokens() } : {}),
        signal: AbortSignal.timeout(10_000),
      });
      expect(fake.refusals.map((r) => r.problem)).toEqual([]);
      expect(response.status).toBe(200);
      const received = fake.accepted.at(-1);
      const url = new URL(received?.url ?? '/', 'http://fake.invalid');
      expect(`${received?.method} ${url.pathname}`).toBe(`${built.method} ${sent.url.pathname}`);
      for (const [key, value] of sent.url.searchParams)
        expect(url.searchParams.getAll(key)).toContain(value);
      const body = serializeBody(sent);
      if (body !== undefined && sent.bodyType === 'json') {
        const arrived = JSON.parse(received?.body ?? 'null') as unknown;
        expect(arrived).toMatchObject(JSON.parse(body) as object);
      }
    },
  );
});

/** Non-secret fields at their default or example, as an operator would have entered them. */
function fieldValues(definition: IntegrationDefinition): Record<string, string> {
  return Object.fromEntries(
    definition.fields.filter((f) => !f.secret).map((f) => [f.name, f.default ?? f.example]),
  );
}
