import { Box } from '@mantine/core';
import { type KeyboardEvent, useId, useMemo, useState } from 'react';
import type { GoalDetail, GoalTask, TaskRun, TaskStatus } from '../../api/goals';
import { plural } from '../../components/format';
import { useNow } from '../../hooks/use-now';
import { formatDuration, TASK_STATUS } from './goal-badges';
import { layoutTaskGraph, NODE_HEIGHT, NODE_WIDTH, type PlacedEdge } from './task-graph-layout';
import { fitText } from './text-fit';

const color = (name: string, shade: number) => `var(--mantine-color-${name}-${shade})`;

/** Fill, outline and text colour of a node by its task's status. */
const NODE_STYLE: Record<TaskStatus, { fill: string; stroke: string; dash?: string }> = {
  pending: { fill: '#fff', stroke: color('gray', 4), dash: '5 4' },
  ready: { fill: color('cyan', 0), stroke: color('cyan', 5) },
  running: { fill: color('blue', 0), stroke: color('blue', 6) },
  done: { fill: color('green', 0), stroke: color('green', 6) },
  failed: { fill: color('red', 0), stroke: color('red', 6) },
  cancelled: { fill: color('gray', 1), stroke: color('gray', 4), dash: '2 3' },
};

type EdgeTone = 'idle' | 'done' | 'failed' | 'flowing' | 'selected';
const EDGE_COLORS: Record<EdgeTone, string> = {
  idle: color('gray', 4),
  done: color('green', 5),
  failed: color('red', 4),
  flowing: color('blue', 5),
  selected: color('indigo', 6),
};

const TITLE_FONT = '600 13px';
const ICON_X = 20;
const TEXT_X = 40;

function StatusIcon({ status }: { status: TaskStatus }) {
  const tone = TASK_STATUS[status]?.color ?? 'gray';
  const cy = NODE_HEIGHT / 2;
  switch (status) {
    case 'running':
      return (
        <g transform={`translate(${ICON_X} ${cy})`}>
          <circle r={8} fill="none" style={{ stroke: color('blue', 1) }} strokeWidth={3} />
          <path
            d="M 0 -8 A 8 8 0 0 1 8 0"
            fill="none"
            style={{ stroke: color('blue', 6) }}
            strokeWidth={3}
            strokeLinecap="round"
          >
            <animateTransform
              attributeName="transform"
              type="rotate"
              from="0"
              to="360"
              dur="0.9s"
              repeatCount="indefinite"
            />
          </path>
        </g>
      );
    case 'done':
    case 'failed':
    case 'cancelled':
      return (
        <g transform={`translate(${ICON_X} ${cy})`}>
          <circle r={9} style={{ fill: color(tone, status === 'cancelled' ? 5 : 6) }} />
          <path
            d={
              status === 'done'
                ? 'M -4 0.5 L -1.2 3.3 L 4.2 -2.8'
                : status === 'failed'
                  ? 'M -3.5 -3.5 L 3.5 3.5 M 3.5 -3.5 L -3.5 3.5'
                  : 'M -4 0 L 4 0'
            }
            fill="none"
            stroke="#fff"
            strokeWidth={2}
            strokeLinecap="round"
            strokeLinejoin="round"
          />
        </g>
      );
    case 'ready':
      return (
        <g transform={`translate(${ICON_X} ${cy})`}>
          <circle r={8} fill="none" style={{ stroke: color('cyan', 6) }} strokeWidth={1.8} />
          <circle r={3} style={{ fill: color('cyan', 6) }} />
        </g>
      );
    default:
      return (
        <circle
          cx={ICON_X}
          cy={cy}
          r={8}
          fill="none"
          style={{ stroke: color('gray', 5) }}
          strokeWidth={1.6}
          strokeDasharray="2.5 2.5"
        />
      );
  }
}

/** What the second line of a node says: attempts, and how long the latest one took or takes. */
function detailLine(task: GoalTask, run: TaskRun | undefined, now: number): string {
  const parts: string[] = [];
  if (task.attempts > 0)
    parts.push(task.attempts === 1 ? '1 attempt' : `${task.attempts} attempts`);
  if (run && run.status === 'running' && task.status === 'running')
    parts.push(formatDuration(Math.max(0, now - Date.parse(run.started_at))));
  else if (run?.duration_ms != null) parts.push(formatDuration(run.duration_ms));
  return parts.join(' · ');
}

interface NodeProps {
  task: GoalTask;
  run: TaskRun | undefined;
  x: number;
  y: number;
  now: number;
  selected: boolean;
  onSelect: (taskId: string) => void;
}

function TaskNode({ task, run, x, y, now, selected, onSelect }: NodeProps) {
  const [focused, setFocused] = useState(false);
  const style = NODE_STYLE[task.status] ?? NODE_STYLE.pending;
  const status = TASK_STATUS[task.status] ?? { color: 'gray', label: task.status, hint: '' };
  const detail = detailLine(task, run, now);
  const label = fitText(task.title, NODE_WIDTH - TEXT_X - 34, TITLE_FONT);
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      onSelect(task.task_id);
    }
  };

  return (
    // biome-ignore lint/a11y/useSemanticElements: an SVG group cannot be a <button>
    <g
      transform={`translate(${x} ${y})`}
      role="button"
      tabIndex={0}
      aria-pressed={selected}
      aria-label={`${task.title}: ${status.label}${detail ? `, ${detail}` : ''}`}
      data-testid="task-node"
      data-task-id={task.task_id}
      data-status={task.status}
      onClick={() => onSelect(task.task_id)}
      onKeyDown={onKeyDown}
      onFocus={() => setFocused(true)}
      onBlur={() => setFocused(false)}
      style={{ cursor: 'pointer', outline: 'none' }}
    >
      <title>{`${task.title}\n${status.hint}`}</title>
      {selected || focused ? (
        <rect
          x={-5}
          y={-5}
          width={NODE_WIDTH + 10}
          height={NODE_HEIGHT + 10}
          rx={14}
          fill="none"
          style={{ stroke: color('indigo', selected ? 5 : 3) }}
          strokeWidth={selected ? 3 : 2}
        />
      ) : null}
      {task.status === 'running' ? (
        <rect
          width={NODE_WIDTH}
          height={NODE_HEIGHT}
          rx={10}
          fill="none"
          style={{ stroke: color('blue', 4) }}
        >
          <animate attributeName="stroke-width" values="0;14" dur="1.6s" repeatCount="indefinite" />
          <animate attributeName="opacity" values="0.7;0" dur="1.6s" repeatCount="indefinite" />
        </rect>
      ) : null}
      <rect
        width={NODE_WIDTH}
        height={NODE_HEIGHT}
        rx={10}
        style={{ fill: style.fill, stroke: style.stroke }}
        strokeWidth={task.status === 'running' ? 2 : 1.5}
        strokeDasharray={style.dash}
      />
      <StatusIcon status={task.status} />
      <text
        x={TEXT_X}
        y={27}
        fontSize={13}
        fontWeight={600}
        style={{ fill: color('gray', task.status === 'cancelled' ? 6 : 9) }}
      >
        {label}
      </text>
      <text
        x={NODE_WIDTH - 10}
        y={26}
        fontSize={11}
        textAnchor="end"
        style={{ fill: color('gray', 5) }}
      >
        #{task.position}
      </text>
      <text x={TEXT_X} y={48} fontSize={11.5}>
        <tspan fontWeight={600} style={{ fill: color(status.color, 7) }}>
          {status.label}
        </tspan>
        {detail ? <tspan style={{ fill: color('gray', 6) }}>{`  ·  ${detail}`}</tspan> : null}
      </text>
    </g>
  );
}

function edgeTone(
  edge: PlacedEdge,
  status: Map<string, TaskStatus>,
  selected: string | null,
): EdgeTone {
  if (selected && (edge.from === selected || edge.to === selected)) return 'selected';
  const source = status.get(edge.from);
  if (source === 'done') return status.get(edge.to) === 'running' ? 'flowing' : 'done';
  if (source === 'failed') return 'failed';
  return 'idle';
}

interface TaskGraphProps {
  goal: Pick<GoalDetail, 'tasks' | 'dependencies'>;
  /** The goal's runs, newest first: durations and running times. */
  runs: TaskRun[];
  selected: string | null;
  onSelect: (taskId: string) => void;
}

/**
 * The goal's tasks as a layered graph, dependencies left of the tasks that wait for them, each
 * node in its live status. Drawn in SVG; a wide or tall graph scrolls inside its frame.
 */
export function TaskGraph({ goal, runs, selected, onSelect }: TaskGraphProps) {
  const markerPrefix = `arrow-${useId().replace(/[^a-zA-Z0-9_-]/g, '')}`;
  const running = goal.tasks.some((task) => task.status === 'running');
  const now = useNow(running ? 1_000 : 60_000);

  // The shape depends only on which tasks and edges exist, not on their statuses.
  const shapeKey = `${goal.tasks.map((task) => `${task.task_id}:${task.position}`).join(',')}|${goal.dependencies
    .map((edge) => `${edge.task_id}>${edge.depends_on}`)
    .join(',')}`;
  // biome-ignore lint/correctness/useExhaustiveDependencies: shapeKey stands for tasks and edges
  const layout = useMemo(
    () =>
      layoutTaskGraph(
        goal.tasks.map((task) => ({ id: task.task_id, position: task.position })),
        goal.dependencies.map((edge) => ({ task: edge.task_id, dependsOn: edge.depends_on })),
      ),
    [shapeKey],
  );

  const status = new Map(goal.tasks.map((task) => [task.task_id, task.status]));
  const latestRun = new Map<string, TaskRun>();
  for (const run of runs) if (!latestRun.has(run.task_id)) latestRun.set(run.task_id, run);
  const tones: EdgeTone[] = ['idle', 'done', 'failed', 'flowing', 'selected'];
  // Selected edges last, so they are drawn on top.
  const edges = layout.edges
    .map((edge) => ({ edge, tone: edgeTone(edge, status, selected) }))
    .sort((a, b) => Number(a.tone === 'selected') - Number(b.tone === 'selected'));

  return (
    <Box
      style={{ overflow: 'auto', maxHeight: '70vh' }}
      data-testid="task-graph"
      data-levels={layout.levels}
    >
      {/* biome-ignore lint/a11y/useSemanticElements: an <svg> groups its nodes; a fieldset cannot */}
      <svg
        width={layout.width}
        height={layout.height}
        viewBox={`0 0 ${layout.width} ${layout.height}`}
        role="group"
        aria-label={`Task graph: ${plural(goal.tasks.length, 'task')} in ${plural(layout.levels, 'level')}`}
        style={{ display: 'block', margin: '0 auto', fontFamily: 'inherit' }}
      >
        <defs>
          {tones.map((tone) => (
            <marker
              key={tone}
              id={`${markerPrefix}-${tone}`}
              viewBox="0 0 10 10"
              refX={9}
              refY={5}
              markerWidth={8}
              markerHeight={8}
              orient="auto"
              markerUnits="userSpaceOnUse"
            >
              <path d="M 0 0 L 10 5 L 0 10 z" style={{ fill: EDGE_COLORS[tone] }} />
            </marker>
          ))}
        </defs>
        <g>
          {edges.map(({ edge, tone }) => (
            <path
              key={`${edge.from}>${edge.to}`}
              d={edge.path}
              fill="none"
              style={{ stroke: EDGE_COLORS[tone] }}
              strokeWidth={tone === 'selected' ? 2.5 : tone === 'idle' ? 1.5 : 2}
              strokeDasharray={tone === 'flowing' ? '6 5' : undefined}
              markerEnd={`url(#${markerPrefix}-${tone})`}
              data-testid="task-edge"
              data-from={edge.from}
              data-to={edge.to}
            >
              {tone === 'flowing' ? (
                <animate
                  attributeName="stroke-dashoffset"
                  from="22"
                  to="0"
                  dur="0.8s"
                  repeatCount="indefinite"
                />
              ) : null}
            </path>
          ))}
        </g>
        <g>
          {goal.tasks.map((task) => {
            const node = layout.nodes.get(task.task_id);
            if (!node) return null;
            return (
              <TaskNode
                key={task.task_id}
                task={task}
                run={latestRun.get(task.task_id)}
                x={node.x}
                y={node.y}
                now={now}
                selected={selected === task.task_id}
                onSelect={onSelect}
              />
            );
          })}
        </g>
      </svg>
    </Box>
  );
}
