import { Alert, Text } from '@mantine/core';
import type { Proposal } from '../../api/self-improve';
import { FormDialog } from '../../components/form-dialog';
import { formErrors } from '../../components/form-errors';
import { GateVerdict } from './gate-verdict';

interface ApplyDialogProps {
  proposal: Proposal | null;
  opened: boolean;
  applying: boolean;
  /** The apply request's error, when the runtime refused it outright. */
  error: unknown;
  /** Returns the request's promise; the dialog closes when it resolves. */
  onApply: () => Promise<unknown> | undefined;
  onClose: () => void;
  onReset: () => void;
}

/** Asks before writing to the runtime's own source, with the safety gate's verdict. */
export function ApplyDialog({
  proposal,
  opened,
  applying,
  error,
  onApply,
  onClose,
  onReset,
}: ApplyDialogProps) {
  const blocked = proposal?.gate.decision === 'BLOCK';
  return (
    <FormDialog
      opened={opened}
      onClose={onClose}
      onReset={onReset}
      title={proposal ? `Apply the patch to ${proposal.path}?` : ''}
      label="Apply patch"
      submitLabel="Apply patch"
      submitColor={blocked ? 'red' : undefined}
      submitDisabled={!proposal}
      busy={applying}
      refusal={formErrors(error, {}).refusal}
      onSubmit={onApply}
    >
      {proposal ? (
        <>
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
        </>
      ) : null}
    </FormDialog>
  );
}
