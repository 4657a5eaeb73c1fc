import { z } from 'zod';
import { defineSkill, SkillError, type SkillOutput } from '../skills/skill.js';
import { BrokerCallError, type BrokerClient, type ContainerInspect } from './broker-client.js';
import { evaluateContainerGate, type RuntimeIdentity } from './container-gate.js';

/** Characters of inspect or logs the model reads in one call. */
const SHOWN_CHARS = 12_000;
const DEFAULT_TAIL = 100;

const containerName = z
  .string()
  .regex(/^[A-Za-z0-9][A-Za-z0-9_.-]{0,127}$/, 'must be a container name or id')
  .describe('container name or id');

const inputSchema = z
  .object({
    action: z
      .enum(['list', 'inspect', 'logs', 'start', 'stop'])
      .describe(
        'list (all?). inspect, logs (tail?), start, stop (timeout_seconds?) take container.',
      ),
    container: containerName.optional(),
    all: z.boolean().optional().describe('list: include stopped containers (default true)'),
    tail: z.number().int().min(1).max(1000).optional().describe('logs: last lines (default 100)'),
    timeout_seconds: z
      .number()
      .int()
      .min(0)
      .max(60)
      .optional()
      .describe('stop: seconds before the engine kills it (default 10)'),
  })
  .refine((input) => input.action === 'list' || input.container !== undefined, {
    message: 'container is required for this action',
    path: ['container'],
  });
export type ContainerControlInput = z.infer<typeof inputSchema>;

const cut = (text: string) =>
  text.length > SHOWN_CHARS
    ? `${text.slice(0, SHOWN_CHARS)}\n[... ${text.length - SHOWN_CHARS} more characters]`
    : text;

/** The broker's refusals become errors the model and the operator can act on. */
async function readable<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (!(error instanceof BrokerCallError)) throw error;
    const wait = error.retryAfterSeconds ? ` Try again in ${error.retryAfterSeconds} s.` : '';
    throw new SkillError(`${error.message.replace(/\.$/, '')}.${wait}`, error.code);
  }
}

function stateLine(inspect: ContainerInspect): string {
  const state = inspect.State;
  const since = state.Running ? state.StartedAt : state.FinishedAt;
  return `${inspect.Name ?? inspect.Id}: ${state.Status ?? 'unknown'}${since ? ` since ${since}` : ''}`;
}

export interface ContainerControlOptions {
  /** Null when BROKER_URL and BROKER_TOKEN are not both set. */
  broker: BrokerClient | null;
  self: RuntimeIdentity;
}

/**
 * container_control (PRIVILEGED, SPEC's capability table): list, inspect, read logs of, start
 * and stop containers through agent-broker, which allows only these calls, on the containers
 * the operator named, redacts inspect and throttles restarts. Starts and stops pass the soft
 * safety gate (container-gate.ts) both in the dry run and again when they run.
 */
export function createContainerControlSkill(options: ContainerControlOptions) {
  const { broker, self } = options;
  const client = () => {
    if (!broker)
      throw new SkillError(
        'Container control is not configured (BROKER_URL, BROKER_TOKEN).',
        'unconfigured',
      );
    return broker;
  };

  return defineSkill<ContainerControlInput>({
    name: 'container_control',
    description:
      'Lists, inspects, reads logs of, starts and stops the containers the operator allows, ' +
      'through agent-broker. It cannot create, exec into or remove containers.',
    level: 'PRIVILEGED',
    inputSchema,
    async availability() {
      return broker
        ? { available: true }
        : {
            available: false,
            reason:
              'BROKER_URL and BROKER_TOKEN are not set: agent-broker runs in the production deployment (deploy/).',
          };
    },
    async execute(input, context): Promise<SkillOutput> {
      const signal = context.signal;
      const container = input.container ?? '';
      if (input.action === 'list') {
        const containers = await readable(() => client().list(input.all !== false, signal));
        const lines = containers.map(
          (c) => `${c.name}\t${c.state ?? '?'}\t${c.status ?? ''}\t${c.image ?? ''}`,
        );
        return {
          text:
            containers.length === 0
              ? 'No container is open to control.'
              : `${containers.length} containers\n${lines.join('\n')}`,
          untrusted: true,
          data: { containers: containers.map((c) => ({ name: c.name, state: c.state })) },
          audit: { target: 'containers' },
        };
      }
      if (input.action === 'inspect') {
        const inspect = await readable(() => client().inspect(container, signal));
        return {
          text: `${stateLine(inspect)}\n${cut(JSON.stringify(inspect, null, 2))}`,
          untrusted: true,
          data: { container: inspect.Name, state: inspect.State.Status },
          audit: { target: container },
        };
      }
      if (input.action === 'logs') {
        const logs = await readable(() =>
          client().logs(container, input.tail ?? DEFAULT_TAIL, signal),
        );
        const lines = logs.lines.map((line) =>
          line.stream === 'stderr' ? `[stderr] ${line.text}` : line.text,
        );
        return {
          text: `Last ${logs.lines.length} log lines of ${logs.name}\n${cut(lines.join('\n'))}`,
          untrusted: true,
          data: { container: logs.name, lines: logs.lines.length },
          audit: { target: logs.name },
        };
      }
      const action = input.action;
      const inspect = await readable(() => client().inspect(container, signal));
      const gate = evaluateContainerGate(action, inspect, self);
      if (gate.decision === 'BLOCK')
        throw new SkillError(`Blocked by safety gate: ${gate.reasons.join('; ')}`, 'gate_blocked', {
          target: inspect.Name ?? container,
        });
      const result = await readable(() =>
        client().act(action, container, input.timeout_seconds, signal),
      );
      const outcome = result.changed
        ? `${action === 'start' ? 'Started' : 'Stopped'} ${result.name}; it is now ${result.state ?? 'in an unknown state'}.`
        : `${result.name} was already ${action === 'start' ? 'running' : 'stopped'} (${result.state ?? 'unknown'}).`;
      const warning =
        gate.decision === 'WARN' ? ` Safety gate WARN: ${gate.reasons.join('; ')}.` : '';
      return {
        text: `${outcome}${warning}`,
        data: {
          container: result.name,
          action,
          changed: result.changed,
          state: result.state,
          gate,
        },
        audit: { target: result.name },
      };
    },
    async simulate(input, context) {
      if (input.action === 'list' || input.action === 'inspect' || input.action === 'logs') {
        const what =
          input.action === 'list'
            ? 'list the containers open to control'
            : `${input.action === 'logs' ? 'read the logs of' : 'inspect'} ${input.container}`;
        return {
          summary: `Would ${what} through agent-broker; nothing changes.`,
          details: { action: input.action, container: input.container ?? null },
          warnings: [],
        };
      }
      const inspect = await readable(() => client().inspect(input.container ?? '', context.signal));
      const gate = evaluateContainerGate(input.action, inspect, self);
      const verb = input.action === 'start' ? 'start' : 'stop';
      const noChange = (input.action === 'start') === inspect.State.Running;
      return {
        summary:
          `Would ${verb} ${inspect.Name ?? input.container} (now ${stateLine(inspect)})` +
          `${noChange ? '; it is already in that state, so nothing would change' : ''}; safety gate ${gate.decision}.`,
        details: {
          action: input.action,
          container: inspect.Name,
          id: inspect.Id,
          state: inspect.State.Status,
          running: inspect.State.Running,
          since: inspect.State.Running ? inspect.State.StartedAt : inspect.State.FinishedAt,
          image: (inspect.Config as { Image?: unknown }).Image ?? null,
          gate,
        },
        warnings: gate.decision === 'ALLOW' ? [] : gate.reasons,
      };
    },
  });
}
