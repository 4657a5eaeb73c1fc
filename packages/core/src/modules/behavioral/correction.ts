import type { Trigger } from './behavioral.schema.js';
import { fingerprint, words } from './words.js';

/** A rule proposed from an operator's correction. */
export interface DetectedCorrection {
  text: string;
  trigger: Trigger;
  fingerprint: string;
}

/** Longer messages are requests that happen to start with "no", not corrections. */
const MAX_MESSAGE = 500;

/** Phrases that open a correction and carry no instruction of their own. */
const LEAD_INS: RegExp[] = [
  /^(?:no|nope|nah|wrong)\s*[,.!:;—–-]+\s*/,
  /^(?:that'?s|that is|this is|it'?s|it is|you'?re|you are)\s+(?:wrong|not right|incorrect|not correct|not what i (?:asked|wanted))\b[\s,.!:;—–-]*/,
  /^please\s+/,
];
const TOLD_YOU =
  /^i(?:'ve| have)?\s+(?:already\s+)?told you(?:\s+(?:before|already|twice))?\b[\s,.:;—–-]*/;
const NEXT_TIME = /^next time\b[\s,:;—–-]*/;
/** Openings that are themselves the instruction. */
const DIRECTIVE = /^(?:don'?t|do not|never|always|stop)\b/;
const CONDITION_FIRST = /^(?:when|whenever|if)\s+([^,]+),\s*(.+)$/;
const CONDITION_AFTER = /^(.+?)\s+(?:when|whenever|if)\s+(.+)$/;
const NOT_INSTRUCTIONS = /^(?:thanks|thank you|problem|worries|idea|way|never ?mind)\b/;

const STOPWORDS = new Set(
  `about after again also and any anything are asked asks been before being but can could did does
  doing done for from get gets had has have her here him his how into its just like make makes may
  might more most much must not off once only other our out over own same she should some something
  such than that the their them then there these they this those through too under until very was
  way were what when where which while who why will with would you your yours write writes wrote
  answer answers reply replies respond tell ask use using next time please`.split(/\s+/),
);

/**
 * Finds an operator's correction ("no, ...", "that's wrong, ...", "don't ...", "stop ...",
 * "always ...", "never ...", "I told you ...", "next time ...") and turns it into a proposed
 * rule: the instruction in the operator's words, and a keyword trigger when the correction names
 * a condition ("... when writing emails"), otherwise `always`. Null when there is none.
 */
export function detectCorrection(message: string): DetectedCorrection | null {
  let rest = message.trim().replace(/[’‘]/g, "'");
  if (rest.length === 0 || rest.length > MAX_MESSAGE) return null;
  let marked = false;
  let condition: string | null = null;
  for (let changed = true; changed; ) {
    changed = false;
    for (const lead of [...LEAD_INS, TOLD_YOU]) {
      const match = lead.exec(rest.toLowerCase());
      if (!match) continue;
      rest = rest.slice(match[0].length);
      marked ||= lead !== LEAD_INS[2];
      changed = true;
      if (lead === TOLD_YOU) rest = afterToldYou(rest);
    }
    const next = NEXT_TIME.exec(rest.toLowerCase());
    if (next) {
      rest = rest.slice(next[0].length);
      marked = true;
      changed = true;
      const comma = rest.indexOf(',');
      if (comma > 0 && /^(?:you|when|if|whenever|i)\b/i.test(rest)) {
        condition = rest.slice(0, comma);
        rest = rest.slice(comma + 1).trim();
      }
    }
  }
  if (!marked && !DIRECTIVE.test(rest.toLowerCase())) return null;

  let instruction = rest.trim();
  const first = CONDITION_FIRST.exec(instruction);
  const after = first ? null : CONDITION_AFTER.exec(instruction);
  if (first) [condition, instruction] = [first[1] as string, first[2] as string];
  else if (after) [instruction, condition] = [after[1] as string, after[2] as string];

  instruction = instruction.replace(/[\s.!,;:—–-]+$/, '');
  if (instruction.endsWith('?') || NOT_INSTRUCTIONS.test(instruction.toLowerCase())) return null;
  if (words(instruction).length < 2) return null;
  const text = `${instruction.charAt(0).toUpperCase()}${instruction.slice(1)}.`.slice(0, 500);
  const keywords = condition ? keywordsOf(condition) : [];
  return {
    text,
    trigger: keywords.length > 0 ? { type: 'keywords', keywords } : { type: 'always' },
    fingerprint: fingerprint(text),
  };
}

/** "I told you to X" is "X"; "I told you not to X" is "Do not X". */
function afterToldYou(rest: string): string {
  const lower = rest.toLowerCase();
  if (lower.startsWith('not to ')) return `Do not ${rest.slice(7)}`;
  if (lower.startsWith('to ')) return rest.slice(3);
  if (lower.startsWith('that ')) return rest.slice(5);
  return rest;
}

/** Content words of a condition: no stop words, no short words, gerunds only when alone. */
function keywordsOf(condition: string): string[] {
  const content = [...new Set(words(condition, { stemmed: false }))].filter(
    (word) => word.length > 2 && !STOPWORDS.has(word) && !/^\d+$/.test(word),
  );
  const nouns = content.filter((word) => !word.endsWith('ing'));
  return (nouns.length > 0 ? nouns : content).slice(0, 5);
}
