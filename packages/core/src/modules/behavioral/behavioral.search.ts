import type { SearchSource } from '../search/search.service.js';
import { oneLine } from '../search/search-text.js';
import type { BehavioralService } from './behavioral.service.js';

/** Learned and operator rules whose text holds the search text; the link filters the page by it. */
export const rulesSearchSource = (rules: BehavioralService): SearchSource => ({
  name: 'rules',
  label: 'Behavioral rules',
  async search({ text, limit }) {
    const found = await rules.list({ q: text, limit });
    return found.map((rule) => ({
      id: rule.rule_id,
      title: oneLine(rule.text),
      detail: `${rule.enabled ? 'enabled' : 'disabled'} · ${rule.source} · ${rule.hit_count} hits`,
      url: `/behavioral-rules?q=${encodeURIComponent(text)}`,
      at: rule.updated_at,
    }));
  },
});
