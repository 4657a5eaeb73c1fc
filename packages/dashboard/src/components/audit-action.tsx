import { Badge } from '@mantine/core';
import type { AuditEntry } from '../api/audit';

/** A failed action stands out whatever its area; otherwise the colour says which area acted. */
function actionColor(entry: Pick<AuditEntry, 'action' | 'error' | 'exit_code'>): string {
  if (entry.error || (entry.exit_code !== null && entry.exit_code !== 0)) return 'red';
  if (/(failed|rate_limited|denied|rejected)$/.test(entry.action)) return 'orange';
  if (entry.action.startsWith('auth.')) return 'blue';
  if (entry.action.startsWith('skill.')) return 'violet';
  return 'gray';
}

export function AuditAction({
  entry,
}: {
  entry: Pick<AuditEntry, 'action' | 'error' | 'exit_code'>;
}) {
  return (
    <Badge
      variant="light"
      color={actionColor(entry)}
      radius="sm"
      tt="none"
      ff="monospace"
      fw={500}
      style={{ maxWidth: '100%' }}
    >
      {entry.action}
    </Badge>
  );
}
