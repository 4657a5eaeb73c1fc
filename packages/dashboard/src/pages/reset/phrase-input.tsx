import { TextInput } from '@mantine/core';
import { type FormEvent, useState } from 'react';

/** Ways text arrives without being typed key by key. */
const NOT_TYPED = new Set([
  'insertFromPaste',
  'insertFromPasteAsQuotation',
  'insertFromDrop',
  'insertFromYank',
  'insertReplacementText',
  'insertTranscription',
]);

interface PhraseInputProps {
  phrase: string;
  value: string;
  onChange(value: string): void;
  disabled: boolean;
}

/**
 * The confirmation field: the phrase must be typed. Paste, drop and autocomplete are refused;
 * the field stays read-only until it has focus, so the browser never offers to autofill it.
 */
export function PhraseInput({ phrase, value, onChange, disabled }: PhraseInputProps) {
  const [focused, setFocused] = useState(false);
  const [refused, setRefused] = useState(false);
  const refuse = (event: { preventDefault(): void }) => {
    event.preventDefault();
    setRefused(true);
  };
  return (
    <TextInput
      label={`Type ${phrase} to confirm`}
      description="Typed by hand: pasting, dropping and autofill are blocked."
      placeholder={phrase}
      value={value}
      readOnly={!focused || disabled}
      disabled={disabled}
      onFocus={() => setFocused(true)}
      onBlur={() => setFocused(false)}
      onChange={(event) => {
        setRefused(false);
        onChange(event.currentTarget.value);
      }}
      onPaste={refuse}
      onDrop={refuse}
      onDragOver={(event) => event.preventDefault()}
      onBeforeInput={(event: FormEvent<HTMLInputElement>) => {
        const { inputType } = event.nativeEvent as InputEvent;
        if (NOT_TYPED.has(inputType)) refuse(event);
      }}
      error={refused ? 'Type the phrase; it cannot be pasted or dropped.' : undefined}
      autoComplete="off"
      autoCorrect="off"
      autoCapitalize="off"
      spellCheck={false}
      name="reset-confirmation"
      data-1p-ignore
      data-lpignore="true"
      data-testid="reset-phrase"
    />
  );
}
