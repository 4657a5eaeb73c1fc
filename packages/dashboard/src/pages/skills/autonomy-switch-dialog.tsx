import { Text } from '@mantine/core';
import { useRef } from 'react';
import type { AutonomyMode } from '../../api/skills';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { formErrors } from '../../components/form-errors';
import { useSetAutonomyMode } from '../../hooks/use-skills';
import { announceModeChange, MODE_INFO } from './autonomy-modes';

interface AutonomySwitchDialogProps {
  /** The mode to switch to; null keeps the dialog closed. */
  mode: AutonomyMode | null;
  onClose: () => void;
}

const FULL_WARNING =
  'In FULL mode no skill call waits for your approval. RESTRICTED skills such as shell commands and PRIVILEGED ones such as self-improvement run as soon as the agent decides to call them. Audit, simulation and the safety gate still apply where a skill\u2019s level calls for them.';

/** Asks before the autonomy mode changes; the change is applied and announced with a toast. */
export function AutonomySwitchDialog({ mode, onClose }: AutonomySwitchDialogProps) {
  const setMode = useSetAutonomyMode(true);
  // The dialog keeps its mode while it animates closed.
  const shown = useRef<AutonomyMode>('SEMI');
  if (mode) shown.current = mode;
  const target = shown.current;
  const full = target === 'FULL';

  return (
    <ConfirmDialog
      opened={mode !== null}
      onClose={onClose}
      onReset={setMode.reset}
      title={full ? 'Switch to full autonomy?' : `Switch to ${target} mode?`}
      confirmLabel={`Switch to ${target}`}
      onConfirm={() => setMode.mutateAsync(target).then(({ mode: now }) => announceModeChange(now))}
      // Only FULL gives approvals up: it is red, and a second Enter lands on Cancel.
      destructive={full}
      focusButton={full ? 'cancel' : 'submit'}
      busy={setMode.isPending}
      refusal={formErrors(setMode.error, {}).refusal}
    >
      <Text size="sm">{full ? FULL_WARNING : MODE_INFO[target].summary}</Text>
    </ConfirmDialog>
  );
}
