/**
 * The features the guard's learned model reads: hashed character 4-grams (which carry any
 * script and survive misspellings) and hashed words and word pairs, of the normalised text.
 * Each feature is a bucket in a table of `FEATURE_BUCKETS` weights; a window's score is the mean
 * weight of its features, so every window is scored from per-block sums (`bestWindow`) and a
 * page costs one pass, however many windows it has.
 *
 * Shared by the runtime (which scores) and bench/injection-corpora/train.ts (which learns the
 * weights): both must read a text the same way.
 */

export const FEATURE_BITS = 17;
export const FEATURE_BUCKETS = 1 << FEATURE_BITS;
const MASK = FEATURE_BUCKETS - 1;
/** 4-grams alone read the development halves as well as 3- to 5-grams, at a third of the cost. */
const GRAM = 4;
/**
 * How far one window starts after the last, and how many characters it holds: an attack of up
 * to STEP characters lies whole in some window, diluted by at most as much text again.
 */
export const STEP = 120;
export const WINDOW = 2 * STEP;

const FNV_OFFSET = 0x811c9dc5;
const FNV_PRIME = 0x01000193;
/** Words and word pairs hash apart from character n-grams of the same letters. */
const WORD_SEED = 0x9e3779b9;
const PAIR_SEED = 0x85ebca6b;

const isWordChar = (code: number) =>
  (code >= 0x30 && code <= 0x39) || (code >= 0x61 && code <= 0x7a) || code >= 0xc0;

/** The buckets of a 4-gram, a word (its running hash) and a word pair. */
const gramBucket = (first: number, second: number, third: number, fourth: number) => {
  let hash = Math.imul(FNV_OFFSET ^ first, FNV_PRIME);
  hash = Math.imul(hash ^ second, FNV_PRIME);
  hash = Math.imul(hash ^ third, FNV_PRIME);
  hash = Math.imul(hash ^ fourth, FNV_PRIME);
  return (hash ^ (hash >>> 15)) & MASK;
};
const wordHash = (word: number) => word ^ (word >>> 13);
const pairBucket = (previousWord: number, unigram: number) => {
  const pair = Math.imul(previousWord ^ PAIR_SEED, FNV_PRIME) ^ unigram;
  return (pair ^ (pair >>> 16)) & MASK;
};

/**
 * Calls `emit(position, bucket)` for every feature of `text`, in order of position: the 4-gram
 * starting at each character, and a word and the pair it ends at the word's last character.
 * blockSums reads the same features without the calls; a test holds the two together.
 */
export function forEachFeature(text: string, emit: (position: number, bucket: number) => void) {
  const length = text.length;
  let word = WORD_SEED;
  let previousWord = 0;
  let inWord = false;
  for (let index = 0; index < length; index += 1) {
    const code = text.charCodeAt(index);
    if (index + GRAM <= length)
      emit(
        index,
        gramBucket(
          code,
          text.charCodeAt(index + 1),
          text.charCodeAt(index + 2),
          text.charCodeAt(index + 3),
        ),
      );
    if (isWordChar(code)) {
      word = Math.imul(word ^ code, FNV_PRIME);
      inWord = true;
    }
    if (inWord && (!isWordChar(code) || index === length - 1)) {
      const unigram = wordHash(word);
      emit(index, unigram & MASK);
      if (previousWord !== 0) emit(index, pairBucket(previousWord, unigram));
      previousWord = unigram;
      word = WORD_SEED;
      inWord = false;
    }
  }
}

/**
 * Per block of STEP characters, the sum of its features' weights (added in forEachFeature's
 * order, so the sums are the same to the last bit) and their count. The scan's model pass:
 * one loop with the 4-gram's characters carried from one place to the next, where a call per
 * feature and four reads per place cost twice the time.
 */
export function blockSums(text: string, weights: Float32Array) {
  const length = text.length;
  const blocks = Math.max(1, Math.ceil(length / STEP));
  const sums = new Float64Array(blocks);
  const counts = new Uint32Array(blocks);
  let word = WORD_SEED;
  let previousWord = 0;
  let inWord = false;
  // The 4-gram's characters, carried from one place to the next.
  let first = text.charCodeAt(0);
  let second = text.charCodeAt(1);
  let third = text.charCodeAt(2);
  for (let block = 0; block < blocks; block += 1) {
    let sum = 0;
    let count = 0;
    const end = Math.min(length, (block + 1) * STEP);
    for (let index = block * STEP; index < end; index += 1) {
      const code = first;
      if (index + GRAM <= length) {
        const fourth = text.charCodeAt(index + 3);
        sum += weights[gramBucket(code, second, third, fourth)] ?? 0;
        count += 1;
        first = second;
        second = third;
        third = fourth;
      } else {
        // The last places: no 4-gram starts here, only words end.
        first = second;
        second = third;
      }
      if (isWordChar(code)) {
        word = Math.imul(word ^ code, FNV_PRIME);
        inWord = true;
      }
      if (inWord && (!isWordChar(code) || index === length - 1)) {
        const unigram = wordHash(word);
        sum += weights[unigram & MASK] ?? 0;
        count += 1;
        if (previousWord !== 0) {
          sum += weights[pairBucket(previousWord, unigram)] ?? 0;
          count += 1;
        }
        previousWord = unigram;
        word = WORD_SEED;
        inWord = false;
      }
    }
    sums[block] = sum;
    counts[block] = count;
  }
  return { sums, counts };
}

/**
 * The windows of a text of `length` characters: the whole of a short text, else every two
 * neighbouring blocks of STEP characters (the last window may be shorter), so each window's
 * sums are two blocks' sums.
 */
export function windowsOf(length: number): Array<[number, number]> {
  if (length <= WINDOW) return [[0, length]];
  const windows: Array<[number, number]> = [];
  for (let start = 0; start + STEP < length; start += STEP)
    windows.push([start, Math.min(length, start + WINDOW)]);
  return windows;
}

export interface WindowScore {
  logit: number;
  start: number;
  end: number;
}

/**
 * The model's logit of the most suspicious window of `text`: bias plus the mean weight of the
 * window's features. Linear in the text's length; it keeps one sum per block, not per character.
 */
export function bestWindow(text: string, weights: Float32Array, bias: number): WindowScore {
  const { sums, counts } = blockSums(text, weights);
  let best: WindowScore = { logit: Number.NEGATIVE_INFINITY, start: 0, end: text.length };
  // The trainer's windows (windowsOf), each read as the blocks it spans.
  for (const [start, end] of windowsOf(text.length)) {
    let sum = 0;
    let features = 0;
    for (let block = start / STEP; block < Math.ceil(end / STEP); block += 1) {
      sum += sums[block] ?? 0;
      features += counts[block] ?? 0;
    }
    if (features === 0) continue;
    const logit = bias + sum / features;
    if (logit > best.logit) best = { logit, start, end };
  }
  return best;
}
