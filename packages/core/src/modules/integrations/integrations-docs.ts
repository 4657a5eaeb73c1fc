import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { CONNECTORS } from './connectors/index.js';
import {
  type AuthScheme,
  INTEGRATION_CATEGORIES,
  type IntegrationDefinition,
  RISK_CAPABILITY,
} from './integration.js';

/** docs/integrations.md, from the repository root. */
export const INTEGRATIONS_DOC = path.resolve(
  import.meta.dirname,
  '../../../../../docs/integrations.md',
);

export async function loadShippedConnectors(): Promise<IntegrationDefinition[]> {
  const loaded = await Promise.all(Object.values(CONNECTORS).map((load) => load()));
  return loaded.map((module) => module.default).sort((a, b) => a.id.localeCompare(b.id));
}

/**
 * docs/integrations.md, generated from the registry: every connector with its auth scheme, base
 * URL and actions (risk level, capability level, request line), and how to add one. A test fails
 * when the committed file differs; `npm run docs:integrations` rewrites it.
 */
export function renderIntegrationsDoc(definitions: IntegrationDefinition[]): string {
  const lines: string[] = [
    '# Integrations',
    '',
    '<!-- Generated from packages/core/src/modules/integrations/connectors by',
    '     `npm run docs:integrations`; do not edit by hand (a test compares). -->',
    '',
    `${definitions.length} connector${definitions.length === 1 ? '' : 's'}. The agent reaches them through one skill,`,
    '`integration_skill(integration_id, action, params)`, and the operator through',
    '`POST /api/integrations/{integration_id}/execute` (see [api/integrations.md](api/integrations.md)).',
    'Credentials are entered on the /integrations page (or `PUT /api/integrations/{id}/credentials`),',
    'sealed in the vault, and placed into the request only at the moment of the call: the model',
    'never sees them.',
    '',
    '## Risk levels',
    '',
    'Each action has a risk level, which the policy gate judges as a capability level, so the',
    'autonomy modes and confirmations treat it like any skill of that level:',
    '',
    '| Risk | Capability level | SEMI mode | Meaning |',
    '|---|---|---|---|',
    `| read | ${RISK_CAPABILITY.read} | runs, audited | reads data |`,
    `| write | ${RISK_CAPABILITY.write} | asks the operator, with a dry run | creates or changes data, sends messages |`,
    `| destructive | ${RISK_CAPABILITY.destructive} | asks the operator, with a dry run | deletes data or moves money |`,
    '',
    'The operator may raise or lower the risk of any action, or turn it off, on the /integrations page.',
    '',
    '## Connectors',
    '',
    '| Connector | Category | Auth | Actions | Base URL |',
    '|---|---|---|---|---|',
  ];
  const sorted = [...definitions].sort(
    (a, b) =>
      INTEGRATION_CATEGORIES.indexOf(a.category) - INTEGRATION_CATEGORIES.indexOf(b.category) ||
      a.id.localeCompare(b.id),
  );
  for (const d of sorted) {
    lines.push(
      `| [${d.name}](#${d.id}) (\`${d.id}\`) | ${d.category} | ${authSummary(d.auth)} | ${Object.keys(d.actions).length} | ${baseUrlSummary(d)} |`,
    );
  }
  for (const d of sorted) lines.push('', ...connectorSection(d));
  lines.push('', ...HOW_TO_ADD);
  return `${lines.join('\n')}\n`;
}

function connectorSection(d: IntegrationDefinition): string[] {
  const lines = [
    `### ${d.id}`,
    '',
    `**${d.name}** (${d.category}). API reference: <${d.docsUrl}> (version ${d.apiVersion}).`,
    '',
    `- Base URL: \`${d.baseUrl}\`${d.baseUrlOverride === 'required' ? ' (an example: the operator sets it)' : d.baseUrlOverride === 'optional' ? ' (the operator may point it at their own server)' : ''}`,
    `- Auth: ${authDetail(d.auth)}`,
  ];
  if (d.fields.length > 0) {
    const fields = d.fields.map(
      (f) =>
        `\`${f.name}\` (${f.label}${f.secret ? ', secret' : ''}${f.optional ? ', optional' : ''}${f.default ? `, default \`${f.default}\`` : ''})`,
    );
    lines.push(`- Fields: ${fields.join(', ')}`);
  }
  if (d.rateLimit)
    lines.push(`- Rate limit: ${d.rateLimit.requests} calls per ${d.rateLimit.perSeconds} s`);
  lines.push(`- Connection test: \`${d.testAction}\``, '');
  lines.push('| Action | Risk | Request | What it does |', '|---|---|---|---|');
  for (const [name, action] of Object.entries(d.actions)) {
    const risk = `${action.risk} (${RISK_CAPABILITY[action.risk]})`;
    lines.push(
      `| \`${name}\` | ${risk} | \`${action.method} ${action.path}\` | ${escapeCell(action.description)} |`,
    );
  }
  return lines;
}

function authSummary(auth: AuthScheme): string {
  if (auth.type === 'api_key')
    return `API key (${auth.placements.map((placement) => placement.in).join(', ')})`;
  return { none: 'none', bearer: 'bearer token', basic: 'basic', oauth2: 'OAuth 2.0' }[auth.type];
}

function authDetail(auth: AuthScheme): string {
  switch (auth.type) {
    case 'none':
      return 'none';
    case 'bearer':
      return `bearer token in \`${auth.header ?? 'Authorization'}\`${auth.prefix === undefined ? '' : ` with prefix \`${auth.prefix}\``} (field \`${auth.field}\`)`;
    case 'basic':
      return `HTTP Basic, user ${auth.usernameField ? `field \`${auth.usernameField}\`` : `\`${auth.username ?? ''}\``}, password field \`${auth.passwordField}\``;
    case 'api_key':
      return auth.placements
        .map(
          (p) =>
            `API key \`${p.field}\` in the ${p.in}${p.name ? ` as \`${p.name}\`` : ''}${p.prefix ? ` with prefix \`${p.prefix}\`` : ''}`,
        )
        .join('; ');
    case 'oauth2':
      return `OAuth 2.0 refresh-token grant at \`${auth.tokenUrl}\`${auth.scopes?.length ? `, scopes \`${auth.scopes.join(' ')}\`` : ''}; the access token is cached sealed and refreshed once on a 401`;
  }
}

function baseUrlSummary(d: IntegrationDefinition): string {
  if (d.baseUrlOverride === 'required') return 'set by the operator';
  return `\`${d.baseUrl}\`${d.baseUrlOverride === 'optional' ? ' (overridable)' : ''}`;
}

const escapeCell = (text: string) => text.replace(/\|/g, '\\|');

const HOW_TO_ADD = [
  '## Adding a connector',
  '',
  '1. Write `packages/core/src/modules/integrations/connectors/<category>/<id>.ts` whose default',
  "   export is `defineIntegration({...})` (see `integration.ts` for every field): the vendor's",
  "   API reference URL and version, the base URL (with `baseUrlOverride: 'optional'` for a",
  '   self-hostable product), the auth scheme and its fields (a `format` and a made-up `example`',
  '   for each), a read-only `testAction` that takes no params, and at least two actions. Each',
  '   action has a one-line description, a risk level, the method and path template (`{name}` is',
  '   one encoded segment, `{name*}` several), a zod input schema whose fields carry',
  '   `.describe()` text, the query and body mapping, and an `example` with the request line the',
  "   vendor's documentation shows for it.",
  '2. Add one line to `connectors/index.ts`, sorted by id.',
  '3. Run `npx vitest run packages/core/src/modules/integrations/connectors` (the contract test',
  '   builds every example and sends every action to a fake vendor that checks the credential',
  '   placement) and `npm run docs:integrations` to regenerate this page.',
];

/** Writes the page (`--check` only compares and fails when it is stale). */
export async function writeIntegrationsDoc(check = false): Promise<boolean> {
  const text = renderIntegrationsDoc(await loadShippedConnectors());
  const current = await readFile(INTEGRATIONS_DOC, 'utf8').catch(() => '');
  if (current === text) return true;
  if (!check) await writeFile(INTEGRATIONS_DOC, text);
  return false;
}
