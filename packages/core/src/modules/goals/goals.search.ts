import type { SearchSource } from '../search/search.service.js';
import { oneLine } from '../search/search-text.js';
import type { GoalsService } from './goals.service.js';

/** Goals of every status whose objective holds the text, or whose id it is. */
export const goalsSearchSource = (goals: GoalsService): SearchSource => ({
  name: 'goals',
  label: 'Goals',
  async search({ text, limit }) {
    const found = await goals.list({ status: 'all', text, limit });
    return found.map((goal) => ({
      id: goal.goal_id,
      title: oneLine(goal.objective),
      detail: `${goal.status} · priority ${goal.priority} · ${goal.progress}% done`,
      url: `/goals/${goal.goal_id}`,
      at: goal.updated_at,
    }));
  },
});
