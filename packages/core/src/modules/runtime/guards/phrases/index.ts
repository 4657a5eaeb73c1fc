/**
 * Phrase lists by language. English has its core patterns in injection-patterns.ts as well;
 * the others cover the same attacks in their own words: ignoring instructions, a new role,
 * probing the system prompt, sending secrets away, claims of authority, commands to run
 * unasked and spoofed ends of a document.
 */
import { ar } from './ar.js';
import { de } from './de.js';
import { en } from './en.js';
import { es } from './es.js';
import { fr } from './fr.js';
import { it } from './it.js';
import { ja } from './ja.js';
import { ko } from './ko.js';
import { nl } from './nl.js';
import type { PhraseList } from './phrase-list.js';
import { pl } from './pl.js';
import { pt } from './pt.js';
import { ru } from './ru.js';
import { tr } from './tr.js';
import { zh } from './zh.js';

export const PHRASE_LISTS: PhraseList[] = [en, de, fr, es, it, pt, nl, tr, pl, ru, zh, ja, ko, ar];
