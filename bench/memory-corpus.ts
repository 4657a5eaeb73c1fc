/**
 * Memory items written like extracted facts from many conversations, for the memory benches:
 * thousands of made-up words, people and places drawn with Zipf's law (a few common, most rare,
 * as words are in real speech), set in a few dozen fact-like sentence shapes. Deterministic: the
 * same seed gives the same memory.
 */

/** mulberry32: a small seeded generator, so every run builds the same memory. */
export function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const ONSETS = 'b c d f g h j k l m n p r s t v w z br cr dr fl gr kl pr sh st th tr'.split(' ');
const VOWELS = 'a e i o u ai ea ie ou'.split(' ');
const CODAS = ['', '', '', 'n', 'r', 'l', 's', 'm', 'nd', 'rt', 'st', 'x'];

/** Distinct pronounceable made-up words of two or three syllables. */
function words(count: number, next: () => number): string[] {
  const pick = <T>(list: T[]) => list[Math.floor(next() * list.length)] as T;
  const made = new Set<string>();
  while (made.size < count) {
    const syllables = next() < 0.6 ? 2 : 3;
    let word = '';
    for (let i = 0; i < syllables; i++) word += pick(ONSETS) + pick(VOWELS);
    made.add(word + pick(CODAS));
  }
  return [...made];
}

const capital = (word: string) => word[0]?.toUpperCase() + word.slice(1);

/** Draws ranks 0..n-1 with probability proportional to 1 / (rank + 1). */
function zipf(n: number, next: () => number): () => number {
  const cumulative: number[] = [];
  let sum = 0;
  for (let rank = 0; rank < n; rank++) {
    sum += 1 / (rank + 1);
    cumulative.push(sum);
  }
  return () => {
    const target = next() * sum;
    let low = 0;
    let high = n - 1;
    while (low < high) {
      const mid = (low + high) >> 1;
      if ((cumulative[mid] as number) < target) low = mid + 1;
      else high = mid;
    }
    return low;
  };
}

const SHAPES = [
  '{P} works as a {n} at the {n2} in {L}.',
  '{P} moved to {L} in {M} and misses the {n}.',
  "{P}'s sister {Q} keeps a {n} in the {n2}.",
  '{P} prefers {n} over {n2} when cooking for {Q}.',
  '{P} is planning a trip to {L} with {Q} to see the {n}.',
  '{P} bought a {n} from {Q} for the {n2}.',
  'The {n} near {L} opens at {H} on {D}s.',
  '{P} learned to play the {n} from {Q} last {M}.',
  '{P} is allergic to {n} and avoids the {n2}.',
  '{P} and {Q} meet at the {n} in {L} every {D}.',
  "{P}'s daughter studies {n} at the {n2} school in {L}.",
  '{P} lent {Q} a {n} and wants it back before {M}.',
  '{P} volunteers at the {n} on {D} mornings.',
  '{P} thinks the {n} in {L} is better than the one in {K}.',
  '{P} is saving money for a {n} and a new {n2}.',
  '{P} fixed the {n} with help from {Q}.',
  "{P}'s favourite {n} is the one {Q} made in {L}.",
  '{P} runs a small {n} business selling {n2}.',
  '{P} wants to adopt a {n} named {R}.',
  '{P} met {Q} at a {n} festival in {L}.',
];
const MONTHS =
  'January February March April May June July August September October November December'.split(
    ' ',
  );
const DAYS = 'Monday Tuesday Wednesday Thursday Friday Saturday Sunday'.split(' ');

export interface Corpus {
  /** The n-th fact, always the same text for the same n. */
  fact(index: number): { text: string; person: string; thing: string };
  vocabulary: number;
}

/** 6,000 words, 2,500 people, 800 places. */
export function corpus(seed = 7): Corpus {
  const next = random(seed);
  const made = words(9_300, next);
  const nouns = made.slice(0, 6_000);
  const people = made.slice(6_000, 8_500).map(capital);
  const places = made.slice(8_500).map(capital);
  return {
    vocabulary: made.length,
    fact(index) {
      const draw = random(seed * 1_000_003 + index);
      const noun = zipf(nouns.length, draw);
      const person = zipf(people.length, draw);
      const place = zipf(places.length, draw);
      const values = {
        P: people[person()] as string,
        Q: people[person()] as string,
        R: people[person()] as string,
        n: nouns[noun()] as string,
        n2: nouns[noun()] as string,
        L: places[place()] as string,
        K: places[place()] as string,
        M: MONTHS[Math.floor(draw() * 12)] as string,
        D: DAYS[Math.floor(draw() * 7)] as string,
        H: `${6 + Math.floor(draw() * 5)}:${draw() < 0.5 ? '00' : '30'}`,
      };
      const shape = SHAPES[Math.floor(draw() * SHAPES.length)] as string;
      const text = shape.replace(/\{(\w+)\}/g, (_, key: keyof typeof values) => values[key]);
      return { text, person: values.P, thing: values.n };
    },
  };
}
