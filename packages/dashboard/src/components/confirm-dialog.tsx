import { TextInput } from '@mantine/core';
import { type ReactNode, useState } from 'react';
import { FormDialog, type FormDialogProps } from './form-dialog';

type Shared =
  | 'opened'
  | 'onClose'
  | 'title'
  | 'busy'
  | 'refusal'
  | 'refusalTestId'
  | 'onReset'
  | 'focusButton';

interface ConfirmDialogProps extends Pick<FormDialogProps, Shared> {
  /** What will happen, in the operator's terms. */
  children: ReactNode;
  confirmLabel: string;
  onConfirm: FormDialogProps['onSubmit'];
  /** A word the operator types before the button works, for what cannot be undone at scale. */
  typedConfirmation?: string;
  /** The form's accessible name; the title's text when absent. */
  label?: string;
  /** Default true: a red button. False for a change that gives nothing up (a safer mode). */
  destructive?: boolean;
}

/** A yes/no confirmation: what will happen, an optional typed word, a red button if it costs. */
export function ConfirmDialog({
  children,
  confirmLabel,
  onConfirm,
  typedConfirmation,
  label,
  destructive = true,
  onClose,
  ...dialog
}: ConfirmDialogProps) {
  const [typed, setTyped] = useState('');
  const typedRight = !typedConfirmation || typed.trim() === typedConfirmation;
  return (
    <FormDialog
      {...dialog}
      label={label ?? (typeof dialog.title === 'string' ? dialog.title : confirmLabel)}
      size="md"
      onClose={() => {
        setTyped('');
        onClose();
      }}
      submitLabel={confirmLabel}
      submitColor={destructive ? 'red' : undefined}
      submitDisabled={!typedRight}
      onSubmit={() => (typedRight ? onConfirm() : undefined)}
    >
      {children}
      {typedConfirmation ? (
        <TextInput
          label={`Type ${typedConfirmation} to confirm`}
          value={typed}
          onChange={(event) => setTyped(event.currentTarget.value)}
          autoComplete="off"
          data-autofocus
        />
      ) : null}
    </FormDialog>
  );
}
