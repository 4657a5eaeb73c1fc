/**
 * The input guard's corpus: attacks of every form the guard reads and benign texts that use the
 * same words innocently. Shared by input-guard.corpus.test.ts and bench/input-guard.bench.ts.
 */
import { HIDDEN_ATTACKS } from './attacks-hidden.js';
import { MULTILINGUAL_ATTACKS } from './attacks-multilingual.js';
import { PHRASE_ATTACKS } from './attacks-phrases.js';
import { STRUCTURAL_ATTACKS } from './attacks-structural.js';
import { EVERYDAY_BENIGN } from './benign-everyday.js';
import { MULTILINGUAL_BENIGN } from './benign-multilingual.js';
import { PAGE_BENIGN } from './benign-pages.js';
import { SECURITY_BENIGN } from './benign-security.js';
import { TECHNICAL_BENIGN } from './benign-technical.js';
import type { Attack, Benign } from './types.js';

export type { Attack, AttackCategory, Benign, BenignCategory, Carrier } from './types.js';

export const ATTACKS: Attack[] = [
  ...PHRASE_ATTACKS,
  ...STRUCTURAL_ATTACKS,
  ...HIDDEN_ATTACKS,
  ...MULTILINGUAL_ATTACKS,
];

export const BENIGN: Benign[] = [
  ...SECURITY_BENIGN,
  ...EVERYDAY_BENIGN,
  ...TECHNICAL_BENIGN,
  ...MULTILINGUAL_BENIGN,
  ...PAGE_BENIGN,
];
