import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import type { Proposal } from '../../api/self-improve';
import { GateVerdict } from './gate-verdict';

interface ApplyDialogProps {
  proposal: Proposal | null;
  opened: boolean;
  applying: boolean;
  onApply: () => void;
  onClose: () => void;
}

/** Asks before writing to the runtime's own source, with the safety gate's verdict. */
export function ApplyDialog({ proposal, opened, applying, onApply, onClose }: ApplyDialogProps) {
  const blocked = proposal?.gate.decision === 'BLOCK';
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={proposal ? `Apply the patch to ${proposal.path}?` : ''}
      size="lg"
      centered
    >
      {proposal ? (
        <Stack gap="md">
          <GateVerdict gate={proposal.gate} />
          <Text size="sm">
            The file's syntax is checked first. Then the current file is backed up, the new one is
            written in one step and the patch is kept, so it is applied again after a rebuild. The
            change takes effect when the runtime restarts.
          </Text>
          {blocked ? (
            <Alert color="red" variant="light">
              The gate blocked this patch when it was proposed. It is checked again now, on the file
              as it is.
            </Alert>
          ) : null}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button color={blocked ? 'red' : undefined} onClick={onApply} loading={applying}>
              Apply patch
            </Button>
          </Group>
        </Stack>
      ) : null}
    </Modal>
  );
}
