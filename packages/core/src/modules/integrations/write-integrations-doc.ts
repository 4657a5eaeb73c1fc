/** `npm run docs:integrations`: regenerates docs/integrations.md from the connector registry. */
import { INTEGRATIONS_DOC, writeIntegrationsDoc } from './integrations-docs.js';

const fresh = await writeIntegrationsDoc();
console.log(`${INTEGRATIONS_DOC} ${fresh ? 'was already up to date' : 'was rewritten'}`);
