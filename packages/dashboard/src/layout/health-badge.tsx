import { Badge, Tooltip } from '@mantine/core';
import { Link } from 'react-router';
import { statusColor } from '../components/status-badge';
import { useHealth } from '../hooks/use-health';

const LABELS = { ok: 'Healthy', degraded: 'Degraded', down: 'Down' } as const;

/** The runtime's overall status, polled; links to the health page. */
export function HealthBadge() {
  const { data, isError } = useHealth();
  if (!data) {
    return (
      <Badge variant="dot" color={isError ? 'red' : 'gray'} size="lg">
        {isError ? 'Unreachable' : 'Checking…'}
      </Badge>
    );
  }
  const { cpi, cpi_high: high } = data.components;
  return (
    <Tooltip label={`Version ${data.version} · CPI ${cpi}${high ? ' (high)' : ''}`} withArrow>
      <Badge
        component={Link}
        to="/health"
        variant="dot"
        size="lg"
        color={statusColor(data.status)}
        style={{ cursor: 'pointer' }}
        aria-label={`Runtime status: ${LABELS[data.status]}`}
      >
        {LABELS[data.status]}
      </Badge>
    </Tooltip>
  );
}
