import { useMutation } from '@tanstack/react-query';
import { changePassword } from '../api/password';

export const passwordMutationKey = ['password-change'] as const;

/** Validation and wrong-password answers are shown next to the fields, not as toasts. */
export function useChangePassword() {
  return useMutation({
    mutationKey: passwordMutationKey,
    mutationFn: changePassword,
    meta: { shownByForm: true },
  });
}
