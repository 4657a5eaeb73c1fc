import { describe, expect, it } from 'vitest';
import { splitMessage, TELEGRAM_TEXT_LIMIT } from './split-message.js';

describe('splitMessage', () => {
  it('keeps a short reply whole', () => {
    expect(splitMessage('  short reply \n')).toEqual(['short reply']);
  });

  it('cuts at a paragraph break, else a line break, else a space, within the limit', () => {
    const paragraph = `${'a'.repeat(30)}\n\n${'b'.repeat(30)}`;
    expect(splitMessage(paragraph, 40)).toEqual(['a'.repeat(30), 'b'.repeat(30)]);
    expect(splitMessage(`${'a'.repeat(25)}\n${'b'.repeat(25)}`, 40)).toEqual([
      'a'.repeat(25),
      'b'.repeat(25),
    ]);
    expect(splitMessage(`${'a'.repeat(25)} ${'b'.repeat(25)}`, 40)).toEqual([
      'a'.repeat(25),
      'b'.repeat(25),
    ]);
  });

  it('cuts hard where there is no break, never inside a surrogate pair', () => {
    const parts = splitMessage('x'.repeat(9000));
    expect(parts.map((part) => part.length)).toEqual([
      TELEGRAM_TEXT_LIMIT,
      TELEGRAM_TEXT_LIMIT,
      808,
    ]);
    const emoji = `${'x'.repeat(39)}😀${'y'.repeat(10)}`;
    const cut = splitMessage(emoji, 40);
    expect(cut).toEqual(['x'.repeat(39), `😀${'y'.repeat(10)}`]);
  });
});
