import { NumberInput } from '@mantine/core';

/** Why a priority cannot be sent, or undefined: the runtime takes whole numbers from 1 to 10. */
export const priorityProblem = (priority: number): string | undefined =>
  Number.isInteger(priority) && priority >= 1 && priority <= 10
    ? undefined
    : 'A whole number from 1 to 10.';

/** The priority field of a goal or a sub-agent: 1 to 10, whole numbers, held to the bounds. */
export function PriorityInput({
  description,
  value,
  onChange,
  error,
  w,
}: {
  description: string;
  value: number | string;
  onChange: (value: number | string) => void;
  error?: string;
  w: number;
}) {
  return (
    <NumberInput
      label="Priority"
      description={description}
      min={1}
      max={10}
      step={1}
      allowDecimal={false}
      clampBehavior="strict"
      value={value}
      onChange={onChange}
      error={error}
      w={w}
      required
    />
  );
}
