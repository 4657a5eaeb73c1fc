import { PasswordInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { FormDialog } from '../components/form-dialog';
import { formErrors } from '../components/form-errors';
import { useChangePassword } from '../hooks/use-password';

interface ChangePasswordDialogProps {
  /** The signed-in user, so password managers know which entry to update. */
  user: string | undefined;
  opened: boolean;
  onClose: () => void;
}

const EMPTY = { current: '', next: '', confirm: '' };

const FIELD_PATHS = { current: '/current_password', next: '/new_password' };

export function ChangePasswordDialog({ user, opened, onClose }: ChangePasswordDialogProps) {
  const [values, setValues] = useState(EMPTY);
  const [mismatch, setMismatch] = useState(false);
  const change = useChangePassword();
  const refused = formErrors(change.error, FIELD_PATHS, { invalid_credentials: 'current' });
  const errors = refused.fields;

  const reset = () => {
    setValues(EMPTY);
    setMismatch(false);
    change.reset();
  };

  const submit = () => {
    // Only the typo check is local; the password rules are the server's to state.
    if (values.next !== values.confirm) {
      setMismatch(true);
      return;
    }
    setMismatch(false);
    return change
      .mutateAsync({ current_password: values.current, new_password: values.next })
      .then(({ revoked_sessions: revoked }) =>
        notifications.show({
          color: 'green',
          title: 'Password changed',
          message:
            revoked === 0
              ? 'No other sessions were signed in.'
              : `${revoked} other ${revoked === 1 ? 'session was' : 'sessions were'} signed out.`,
        }),
      );
  };

  const set = (field: keyof typeof EMPTY) => (event: { currentTarget: { value: string } }) => {
    // Read now: React clears currentTarget before a state updater runs.
    const value = event.currentTarget.value;
    setValues((previous) => ({ ...previous, [field]: value }));
    // An error about the old input would be misleading once it is edited.
    if (change.isError) change.reset();
  };

  return (
    <FormDialog
      opened={opened}
      onClose={onClose}
      onReset={reset}
      title="Change password"
      label="Change password"
      description="Every other signed-in session of this user is signed out; this one stays."
      submitLabel="Change password"
      busy={change.isPending}
      refusal={refused.refusal}
      onSubmit={submit}
      size="md"
    >
      <input
        type="text"
        name="username"
        autoComplete="username"
        value={user ?? ''}
        readOnly
        hidden
      />
      <PasswordInput
        label="Current password"
        autoComplete="current-password"
        value={values.current}
        onChange={set('current')}
        error={errors.current}
        required
        data-autofocus
      />
      <PasswordInput
        label="New password"
        description="At least 12 characters"
        autoComplete="new-password"
        value={values.next}
        onChange={set('next')}
        error={errors.next}
        required
      />
      <PasswordInput
        label="Repeat new password"
        autoComplete="new-password"
        value={values.confirm}
        onChange={set('confirm')}
        error={mismatch ? 'The two new passwords differ.' : undefined}
        required
      />
    </FormDialog>
  );
}
