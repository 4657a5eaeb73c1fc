import { Button, Group, Modal, type ModalProps, Stack, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import type { FormEvent, ReactNode } from 'react';
import { PHONE_QUERY } from '../theme';
import type { Refusal } from './form-errors';
import { FormRefusal } from './form-refusal';

export interface FormDialogProps {
  /** Default true: most dialogs are mounted only while open, so their fields start afresh. */
  opened?: boolean;
  onClose: () => void;
  title: ReactNode;
  description?: ReactNode;
  /** The form's accessible name, by which the browser tests and screen readers find it. */
  label: string;
  children: ReactNode;
  /** Absent: no submit button, while there is nothing to act on (a record shown as it is). */
  submitLabel?: ReactNode;
  submitColor?: string;
  submitDisabled?: boolean;
  /** "Close" where the dialog mainly shows something and its action is optional. */
  cancelLabel?: ReactNode;
  /** Further buttons between Cancel and submit, for an action that sends nothing. */
  actions?: ReactNode;
  /**
   * The button that has focus on opening, where no field takes it: 'cancel' where a second Enter
   * must not confirm something risky, 'submit' where Enter should confirm.
   */
  focusButton?: 'cancel' | 'submit';
  busy: boolean;
  /** What no field shows (from formErrors); next to the buttons where the operator looks. */
  refusal?: Refusal;
  refusalTitle?: string;
  refusalTestId?: string;
  /**
   * Runs on submit (Enter in a field, or the button). Return the request's promise: when it
   * resolves the dialog closes; a rejection leaves it open with the refusal shown.
   */
  onSubmit: () => Promise<unknown> | undefined;
  /** Clears what the last attempt left (the mutation's error), on every close. */
  onReset?: () => void;
  size?: ModalProps['size'];
}

/** The one shape of every form dialog: title, fields, refusal, Cancel and submit. */
export function FormDialog({
  opened = true,
  onClose,
  title,
  description,
  label,
  children,
  submitLabel,
  submitColor,
  submitDisabled,
  cancelLabel = 'Cancel',
  actions,
  focusButton,
  busy,
  refusal,
  refusalTitle,
  refusalTestId,
  onSubmit,
  onReset,
  size = 'lg',
}: FormDialogProps) {
  const phone = useMediaQuery(PHONE_QUERY);
  const close = () => {
    onReset?.();
    onClose();
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    // A rejection is already the mutation's error, which the refusal shows.
    onSubmit()?.then(close, () => undefined);
  };

  return (
    <Modal opened={opened} onClose={close} title={title} centered size={size} fullScreen={phone}>
      <form onSubmit={submit} noValidate aria-label={label}>
        <Stack gap="md">
          {description ? <Text size="sm">{description}</Text> : null}
          {children}
          <FormRefusal refusal={refusal} title={refusalTitle} testId={refusalTestId} />
          <Group justify="flex-end" gap="sm">
            <Button
              variant="default"
              onClick={close}
              data-autofocus={focusButton === 'cancel' || undefined}
            >
              {cancelLabel}
            </Button>
            {actions}
            {submitLabel === undefined ? null : (
              <Button
                type="submit"
                color={submitColor}
                loading={busy}
                disabled={submitDisabled}
                data-autofocus={focusButton === 'submit' || undefined}
              >
                {submitLabel}
              </Button>
            )}
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
