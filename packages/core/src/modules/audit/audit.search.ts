import type { SearchSource } from '../search/search.service.js';
import { includesText } from '../search/search-text.js';
import type { AuditService } from './audit.plugin.js';

/**
 * Audit actions (`skill.shell`, `goal.create`) whose name holds the text, names that start with
 * it first; each opens the audit log filtered to that action.
 */
export const auditSearchSource = (audit: AuditService): SearchSource => ({
  name: 'audit',
  label: 'Audit actions',
  async search({ text, limit }) {
    const lower = text.toLowerCase();
    const matching = (await audit.actions())
      .filter((action) => includesText(action, text))
      .sort((a, b) => Number(!a.startsWith(lower)) - Number(!b.startsWith(lower)))
      .slice(0, limit);
    return Promise.all(
      matching.map(async (action) => ({
        id: action,
        title: action,
        detail: 'Audit log entries of this action',
        url: `/audit?action=${encodeURIComponent(action)}`,
        at: await audit.lastRecorded(action),
      })),
    );
  },
});
