import { Badge, type BadgeProps, Button, Group, Loader, Tooltip } from '@mantine/core';
import type { Agent, AgentCommand, AgentStatus } from '../../api/agents';
import { PauseIcon, PlayIcon, StopIcon } from '../../components/icons';
import { useAgentCommand } from '../../hooks/use-agents';

const STATUS: Record<AgentStatus, { color: string; hint: string }> = {
  idle: { color: 'teal', hint: 'Ready for work' },
  running: { color: 'blue', hint: 'Working on a message' },
  paused: { color: 'yellow', hint: 'Takes no new work until resumed' },
  stopped: { color: 'gray', hint: 'Its work was cancelled; resume it to send work again' },
  error: { color: 'red', hint: 'Its last run failed; it still takes messages' },
};

interface AgentStatusBadgeProps extends Omit<BadgeProps, 'color' | 'children'> {
  agent: Pick<Agent, 'status' | 'last_error'>;
}

/** The status word; an error carries its reason in the tooltip. */
export function AgentStatusBadge({ agent, ...props }: AgentStatusBadgeProps) {
  const status = STATUS[agent.status] ?? { color: 'gray', hint: agent.status };
  const hint = agent.status === 'error' && agent.last_error ? agent.last_error : status.hint;
  return (
    <Tooltip label={hint} withArrow multiline maw={360}>
      <Badge
        variant="light"
        color={status.color}
        miw="max-content"
        leftSection={agent.status === 'running' ? <Loader size={10} color="blue" /> : undefined}
        data-testid="agent-status"
        data-status={agent.status}
        {...props}
      >
        {agent.status}
      </Badge>
    </Tooltip>
  );
}

/** Which commands the status allows (docs/api/agents.md, Status). */
export const allowedCommands = (status: AgentStatus) => ({
  pause: status === 'idle' || status === 'running' || status === 'error',
  resume: status === 'paused' || status === 'stopped',
  stop: status !== 'stopped',
});

const LABELS: Record<AgentCommand, string> = { pause: 'Pause', resume: 'Resume', stop: 'Stop' };

/** Pause or Resume, and Stop, as the agent's status allows. */
export function AgentControls({ agent, size = 'xs' }: { agent: Agent; size?: 'xs' | 'sm' }) {
  const command = useAgentCommand();
  const allowed = allowedCommands(agent.status);
  const busy = (name: AgentCommand) =>
    command.isPending &&
    command.variables?.id === agent.agent_id &&
    command.variables.command === name;
  const run = (name: AgentCommand) => command.mutate({ id: agent.agent_id, command: name });
  const iconSize = size === 'xs' ? 14 : 16;

  return (
    <Group gap={6} wrap="nowrap">
      {allowed.resume ? (
        <Button
          size={size}
          variant="light"
          color="teal"
          leftSection={<PlayIcon size={iconSize} />}
          loading={busy('resume')}
          onClick={() => run('resume')}
        >
          {LABELS.resume}
        </Button>
      ) : (
        <Button
          size={size}
          variant="default"
          leftSection={<PauseIcon size={iconSize} />}
          loading={busy('pause')}
          disabled={!allowed.pause}
          onClick={() => run('pause')}
        >
          {LABELS.pause}
        </Button>
      )}
      <Tooltip
        label={
          agent.status === 'running' ? 'Cancels the work in flight at once' : 'Takes no new work'
        }
        withArrow
        disabled={!allowed.stop}
      >
        <Button
          size={size}
          variant="subtle"
          color="red"
          leftSection={<StopIcon size={iconSize} />}
          loading={busy('stop')}
          disabled={!allowed.stop}
          onClick={() => run('stop')}
        >
          {LABELS.stop}
        </Button>
      </Tooltip>
    </Group>
  );
}
