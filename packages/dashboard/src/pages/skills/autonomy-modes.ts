import { notifications } from '@mantine/notifications';
import type { AutonomyMode, CapabilityLevel } from '../../api/skills';

/** SPEC's autonomy table: which levels wait for the operator in each mode. */
export const MODE_INFO: Record<
  AutonomyMode,
  { label: string; summary: string; confirms: CapabilityLevel[] }
> = {
  SEMI: {
    label: 'Semi-autonomous',
    summary:
      'The default. Read-only and side-effect skills run on their own; RESTRICTED and PRIVILEGED calls wait for your approval, with a dry-run preview.',
    confirms: ['RESTRICTED', 'PRIVILEGED'],
  },
  MANUAL: {
    label: 'Manual',
    summary:
      'Every skill call waits for your approval, even a calculation. The safest mode, and the slowest.',
    confirms: ['SAFE', 'MONITORED', 'CONTROLLED', 'RESTRICTED', 'PRIVILEGED'],
  },
  FULL: {
    label: 'Full autonomy',
    summary:
      'No call waits for approval: shell commands, code execution and self-improvement run at once. Audit, simulation and the safety gate still apply.',
    confirms: [],
  },
};

/** SPEC's capability table: what each level costs in oversight. */
export const LEVEL_AUDIT: Record<CapabilityLevel, string> = {
  SAFE: 'Not audited; pure read-only',
  MONITORED: 'Not audited; read-only, external',
  CONTROLLED: 'Audited; has side effects',
  RESTRICTED: 'Audited and simulated',
  PRIVILEGED: 'Audited, simulated and safety-gated',
};

/** The toast after a mode change, wherever it was made. */
export const announceModeChange = (mode: AutonomyMode) =>
  notifications.show({
    color: 'green',
    title: 'Autonomy mode changed',
    message: `The runtime now runs in ${mode} mode (${MODE_INFO[mode].label}).`,
  });
