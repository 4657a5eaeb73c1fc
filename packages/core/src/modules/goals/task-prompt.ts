import { markUntrusted } from '../runtime/guards/input-guard.js';
import type { Claim } from './task-claim.js';
import type { Db } from './task-lifecycle.js';

/** Each dependency's result is cut to this; the whole request to MAX_TEXT. */
const RESULT_SHOWN = 4_000;
const MAX_TEXT = 32_000;

const clip = (text: string, max: number) =>
  text.length <= max ? text : `${text.slice(0, max)}\n[... ${text.length - max} characters cut]`;

/**
 * What one task asks the runtime: its instruction followed by the results of the tasks it
 * depends on, and standing instructions that place it within its goal. A result whose run read
 * untrusted content is fenced as untrusted, and its sources taint this task's run.
 */
export async function taskRequest(
  db: Db,
  claim: Claim,
): Promise<{ text: string; instructions: string[]; taintedBy: string[] }> {
  const dependencies = await db
    .selectFrom('goal_task_dependencies as d')
    .innerJoin('goal_tasks as t', 't.task_id', 'd.depends_on')
    .select(['t.title', 't.result', 't.tainted_by'])
    .where('d.task_id', '=', claim.task_id)
    .orderBy('t.position')
    .execute();
  const taintedBy = new Set<string>();
  const results = dependencies.map((dependency) => {
    const result = clip(dependency.result?.trim() || '(no result)', RESULT_SHOWN);
    const sources = dependency.tainted_by ?? [];
    for (const source of sources) taintedBy.add(source);
    const body =
      sources.length > 0 ? markUntrusted(`goal task "${dependency.title}"`, result) : result;
    return `## ${dependency.title}\n${body}`;
  });
  const text =
    results.length > 0
      ? `${claim.instruction}\n\nResults of the tasks this one builds on:\n\n${results.join('\n\n')}`
      : claim.instruction;
  return {
    taintedBy: [...taintedBy],
    text: clip(text, MAX_TEXT),
    instructions: [
      `You are working on an autonomous goal (goal ${claim.goal_id}): "${clip(claim.objective, 1_000)}".`,
      `This request is task ${claim.position} of ${claim.tasks_total} of that goal: "${claim.title}". Do this task only and answer with its result; later tasks build on it.`,
    ],
  };
}
