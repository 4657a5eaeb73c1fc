import type { SearchSource } from '../search/search.service.js';
import { includesText, oneLine } from '../search/search-text.js';
import type { AgentsService } from './agents.service.js';

/**
 * Sub-agents whose name or objective holds the text, or whose id it is. Agents are defined by
 * the operator (tens, not thousands), so the whole list is matched here.
 */
export const agentsSearchSource = (agents: AgentsService): SearchSource => ({
  name: 'agents',
  label: 'Agents',
  async search({ text, limit }) {
    const all = await agents.list();
    return all
      .filter(
        (agent) =>
          agent.agent_id === text.toLowerCase() ||
          includesText(agent.name, text) ||
          includesText(agent.objective, text),
      )
      .slice(0, limit)
      .map((agent) => ({
        id: agent.agent_id,
        title: agent.name,
        detail: `${agent.status} · ${oneLine(agent.objective, 80)}`,
        url: `/agents/${agent.agent_id}`,
        at: agent.updated_at,
      }));
  },
});
