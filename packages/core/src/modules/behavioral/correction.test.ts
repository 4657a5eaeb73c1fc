import { describe, expect, it } from 'vitest';
import { detectCorrection } from './correction.js';
import { containsKeyword, fingerprint } from './words.js';

describe('corrections', () => {
  it.each([
    ['No, always answer in French.', 'Always answer in French.'],
    ["That's wrong, the capital is Canberra", 'The capital is Canberra.'],
    ["Don't use bullet points", "Don't use bullet points."],
    ['Stop apologising so much!', 'Stop apologising so much.'],
    ['never reply with more than three paragraphs', 'Never reply with more than three paragraphs.'],
    ['I told you not to use emojis', 'Do not use emojis.'],
    ['I told you to use metric units.', 'Use metric units.'],
    ['Next time, put a summary at the top', 'Put a summary at the top.'],
    ["nope. I've told you twice: keep replies short", 'Keep replies short.'],
    ['No — please cite your sources', 'Cite your sources.'],
  ])('turns %j into a rule', (message, text) => {
    expect(detectCorrection(message)).toMatchObject({ text, trigger: { type: 'always' } });
  });

  it('derives keywords from a condition', () => {
    expect(detectCorrection("Don't use bullet points when writing emails")).toMatchObject({
      text: "Don't use bullet points.",
      trigger: { type: 'keywords', keywords: ['emails'] },
    });
    expect(detectCorrection('Next time you write a report, add a summary first.')).toMatchObject({
      text: 'Add a summary first.',
      trigger: { type: 'keywords', keywords: ['report'] },
    });
    expect(detectCorrection('No, if the invoice is overdue, mention the late fee')).toMatchObject({
      text: 'Mention the late fee.',
      trigger: { type: 'keywords', keywords: ['invoice', 'overdue'] },
    });
  });

  it.each([
    'No, thanks',
    'No, thank you',
    'no way',
    'No, why?',
    "That's wrong.",
    'Never mind',
    'Stop',
    "Don't you think that is odd?",
    'Please fetch https://example.com',
    'What is the weather in Paris?',
    'There is no milk left, add it to the list',
    `No, ${'very '.repeat(120)}long`,
  ])('ignores %j', (message) => {
    expect(detectCorrection(message)).toBeNull();
  });

  it('gives the same fingerprint to the same correction in other words and case', () => {
    const first = detectCorrection('No, always answer in French.');
    const second = detectCorrection('no!! ALWAYS answer in french');
    expect(first?.fingerprint).toBe(second?.fingerprint);
    expect(fingerprint("Don't use emojis")).toBe(fingerprint('do not use EMOJIS!'));
    expect(first?.fingerprint).not.toBe(detectCorrection('Always answer in German')?.fingerprint);
  });
});

describe('keyword triggers', () => {
  it('match whole words and phrases, in any case, singular or plural', () => {
    expect(containsKeyword('Draft the Invoices for March', ['invoice'])).toBe(true);
    expect(containsKeyword('raise a purchase-order', ['purchase order'])).toBe(true);
    expect(containsKeyword('invoicing software', ['invoice'])).toBe(false);
    expect(containsKeyword('the orders are in', ['purchase order'])).toBe(false);
    expect(containsKeyword('Café opening hours', ['cafe', 'café'])).toBe(true);
    expect(containsKeyword('anything', ['!!!'])).toBe(false);
  });
});
