import type { SearchSource } from '../search/search.service.js';
import { oneLine } from '../search/search-text.js';
import type { SelfImproveService } from './selfimprove.service.js';

/** Proposals of every status whose path or rationale holds the text, or whose id it is. */
export const proposalsSearchSource = (selfImprove: SelfImproveService): SearchSource => ({
  name: 'proposals',
  label: 'Self-improve proposals',
  async search({ text, limit }) {
    const found = await selfImprove.list(undefined, limit, text);
    return found.map((proposal) => ({
      id: proposal.proposal_id,
      title: proposal.path,
      detail: `${proposal.status} · ${oneLine(proposal.rationale || 'no rationale', 80)}`,
      url: `/self-improve#proposal-${proposal.proposal_id}`,
      at: proposal.decided_at ?? proposal.created_at,
    }));
  },
});
