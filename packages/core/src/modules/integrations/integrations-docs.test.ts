import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { CONNECTORS } from './connectors/index.js';
import {
  INTEGRATIONS_DOC,
  loadShippedConnectors,
  renderIntegrationsDoc,
} from './integrations-docs.js';

describe('docs/integrations.md', () => {
  it('is the page generated from the registry (run `npm run docs:integrations` when this fails)', async () => {
    const committed = await readFile(INTEGRATIONS_DOC, 'utf8').catch(() => '(missing)');
    expect(committed).toBe(renderIntegrationsDoc(await loadShippedConnectors()));
  });

  it('names every connector, action, risk level and auth scheme', async () => {
    const definitions = await loadShippedConnectors();
    const page = renderIntegrationsDoc(definitions);
    expect(definitions.map((d) => d.id).sort()).toEqual(Object.keys(CONNECTORS).sort());
    for (const d of definitions) {
      expect(page).toContain(`### ${d.id}\n`);
      for (const [name, action] of Object.entries(d.actions))
        expect(page).toMatch(new RegExp(`\\| \`${name}\` \\| ${action.risk} `));
    }
    expect(page).toContain('## Adding a connector');
  });
});
