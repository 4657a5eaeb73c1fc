import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useRef } from 'react';
import type { AutonomyMode } from '../../api/skills';
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
  const setMode = useSetAutonomyMode();
  // The dialog keeps its mode while it animates closed.
  const shown = useRef<AutonomyMode>('SEMI');
  if (mode) shown.current = mode;
  const target = shown.current;
  const full = target === 'FULL';

  const apply = () =>
    setMode.mutate(target, {
      onSuccess: ({ mode: now }) => {
        onClose();
        announceModeChange(now);
      },
    });

  return (
    <Modal
      opened={mode !== null}
      onClose={onClose}
      title={full ? 'Switch to full autonomy?' : `Switch to ${target} mode?`}
      centered
    >
      <Stack gap="md">
        <Text size="sm">{full ? FULL_WARNING : MODE_INFO[target].summary}</Text>
        <Group justify="flex-end" gap="sm">
          {/* Before FULL, focus lands on Cancel: a second Enter does not give up approvals. */}
          <Button variant="default" onClick={onClose} data-autofocus={full || undefined}>
            Cancel
          </Button>
          <Button
            color={full ? 'red' : undefined}
            loading={setMode.isPending}
            onClick={apply}
            data-autofocus={!full || undefined}
          >
            Switch to {target}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
