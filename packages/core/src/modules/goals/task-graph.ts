/** Pure checks on task graphs: known dependencies, no cycles, a run order. */

export interface GraphEdge {
  /** The task that waits. */
  task: string;
  /** The task it waits for. */
  dependsOn: string;
}

/**
 * A cycle in the graph as the ids along it (first repeated at the end: a, b, a), or null.
 * Iterative depth-first search, so a long chain cannot overflow the stack.
 */
export function findCycle(nodes: Iterable<string>, edges: GraphEdge[]): string[] | null {
  const next = new Map<string, string[]>();
  for (const edge of edges) {
    const list = next.get(edge.task) ?? [];
    list.push(edge.dependsOn);
    next.set(edge.task, list);
  }
  const state = new Map<string, 'open' | 'closed'>();
  for (const start of nodes) {
    if (state.has(start)) continue;
    const path: string[] = [start];
    const cursors: number[] = [0];
    state.set(start, 'open');
    while (path.length > 0) {
      const node = path[path.length - 1] as string;
      const index = cursors[cursors.length - 1] as number;
      const targets = next.get(node) ?? [];
      if (index >= targets.length) {
        state.set(node, 'closed');
        path.pop();
        cursors.pop();
        continue;
      }
      cursors[cursors.length - 1] = index + 1;
      const target = targets[index] as string;
      const seen = state.get(target);
      if (seen === 'open') return [...path.slice(path.indexOf(target)), target];
      if (seen === undefined) {
        state.set(target, 'open');
        path.push(target);
        cursors.push(0);
      }
    }
  }
  return null;
}

export interface PlannedTask {
  key: string;
  title: string;
  instruction: string;
  depends_on: string[];
}

export type PlanCheck = { ok: true; tasks: PlannedTask[] } | { ok: false; problem: string };

export const MAX_PLANNED_TASKS = 8;

/**
 * Checks a model's plan: 1-8 tasks, unique keys, dependencies on keys of the plan only, no
 * cycle. Returns the tasks in an order where each comes after what it depends on.
 */
export function checkPlan(tasks: PlannedTask[]): PlanCheck {
  if (tasks.length === 0) return { ok: false, problem: 'the plan has no tasks' };
  if (tasks.length > MAX_PLANNED_TASKS)
    return { ok: false, problem: `the plan has ${tasks.length} tasks (at most 8)` };
  const keys = new Set<string>();
  for (const task of tasks) {
    if (keys.has(task.key)) return { ok: false, problem: `the key ${task.key} is used twice` };
    keys.add(task.key);
  }
  const edges: GraphEdge[] = [];
  for (const task of tasks) {
    for (const dependency of new Set(task.depends_on)) {
      if (!keys.has(dependency))
        return { ok: false, problem: `${task.key} depends on an unknown key ${dependency}` };
      edges.push({ task: task.key, dependsOn: dependency });
    }
  }
  const cycle = findCycle(keys, edges);
  if (cycle) return { ok: false, problem: `the plan has a cycle: ${cycle.join(' -> ')}` };
  return {
    ok: true,
    tasks: runOrder(tasks).map((task) => ({ ...task, depends_on: [...new Set(task.depends_on)] })),
  };
}

/** A topological order that keeps the plan's own order where the dependencies allow it. */
function runOrder(tasks: PlannedTask[]): PlannedTask[] {
  const placed = new Set<string>();
  const ordered: PlannedTask[] = [];
  while (ordered.length < tasks.length) {
    const next = tasks.find(
      (task) => !placed.has(task.key) && task.depends_on.every((key) => placed.has(key)),
    );
    // checkPlan has ruled out cycles, so there is always a next task.
    if (!next) throw new Error('cycle in a checked plan');
    placed.add(next.key);
    ordered.push(next);
  }
  return ordered;
}
