import { telemetry } from '../telemetry/telemetry.js';
import type { Claim } from './task-claim.js';

/**
 * One attempt at a goal task as a span, parent of the run it makes. The task's title and
 * instruction are the operator's words: content, exported only when capture is on.
 */
export function goalTaskSpan<T>(claim: Claim, attempt: () => Promise<T>): Promise<T> {
  const tracing = telemetry();
  if (!tracing.on) return attempt();
  return tracing.span(
    'goal_task',
    {
      attributes: {
        'agent_runtime.goal.id': claim.goal_id,
        'agent_runtime.task.id': claim.task_id,
        'agent_runtime.task.attempt': claim.attempt,
        'agent_runtime.task.position': claim.position,
      },
    },
    async (span) => {
      span.content('agent_runtime.task.title', () => claim.title);
      return attempt();
    },
  );
}
