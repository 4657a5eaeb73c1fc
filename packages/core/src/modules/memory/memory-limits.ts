import { ValidationError } from '../../errors/app-error.js';

/**
 * The limits every write path meets, because the repository checks them (never a tool or a
 * route alone): a block holds at most its char_limit, an archival item at most ITEM_TEXT_MAX,
 * and all active pinned blocks together reserve at most PINNED_TOTAL_MAX characters of the
 * prompt, so memory can never grow the per-request cost without bound.
 */
export const MEMORY_LIMITS = {
  itemTextMax: 4_000,
  blockLimitMin: 50,
  blockLimitMax: 5_000,
  blockLimitDefault: 2_000,
  pinnedTotalMax: 8_000,
  pathMax: 200,
  pathDepthMax: 8,
} as const;

/** Lower-case segments of letters, digits, `_ - .`, separated by `/`: `core/human`, `facts/people/ana`. */
export const PATH_PATTERN = /^[a-z0-9][a-z0-9_.-]*(\/[a-z0-9][a-z0-9_.-]*){0,7}$/;

/** A path as the API would accept it; the agent's and the extractor's are cleaned, not refused. */
export function cleanPath(path: string, fallback = 'facts'): string {
  const segments = path
    .toLowerCase()
    .split('/')
    .map((segment) =>
      segment
        .trim()
        .replace(/[^a-z0-9_.-]+/g, '-')
        .replace(/^[^a-z0-9]+/, '')
        .replace(/-+$/, '')
        .slice(0, 40),
    )
    .filter(Boolean)
    .slice(0, MEMORY_LIMITS.pathDepthMax);
  const cleaned = segments.join('/').slice(0, MEMORY_LIMITS.pathMax).replace(/\/+$/, '');
  return PATH_PATTERN.test(cleaned) ? cleaned : fallback;
}

export interface LimitSubject {
  path: string;
  text: string;
  pinned: boolean;
  char_limit: number | null;
}

/** Throws a 400 naming the limit and the numbers, in words the agent and the operator can act on. */
export function assertWithinLimits(item: LimitSubject): void {
  const problems: Array<{ path: string; message: string }> = [];
  const chars = item.text.length;
  if (item.text.trim().length === 0) problems.push({ path: '/text', message: 'must not be empty' });
  if (item.pinned && item.char_limit === null)
    problems.push({ path: '/char_limit', message: 'a pinned block needs a char_limit' });
  if (item.char_limit !== null) {
    const { blockLimitMin: min, blockLimitMax: max } = MEMORY_LIMITS;
    if (item.char_limit < min || item.char_limit > max)
      problems.push({ path: '/char_limit', message: `must be between ${min} and ${max}` });
    else if (chars > item.char_limit)
      problems.push({
        path: '/text',
        message: `is ${chars} characters; ${item.path} holds at most ${item.char_limit}`,
      });
  }
  if (chars > MEMORY_LIMITS.itemTextMax)
    problems.push({
      path: '/text',
      message: `is ${chars} characters; a memory item holds at most ${MEMORY_LIMITS.itemTextMax}`,
    });
  if (!PATH_PATTERN.test(item.path) || item.path.length > MEMORY_LIMITS.pathMax)
    problems.push({
      path: '/path',
      message: 'must be lower-case segments of letters, digits, _ - . separated by /',
    });
  if (problems.length > 0)
    throw new ValidationError(
      `Memory limit: ${problems.map((p) => `${p.path.slice(1)} ${p.message}`).join('; ')}`,
      problems,
    );
}

/** Throws when pinning `adding` more characters would pass the total the prompt reserves. */
export function assertPinnedBudget(reserved: number, adding: number): void {
  const total = reserved + adding;
  if (total > MEMORY_LIMITS.pinnedTotalMax)
    throw new ValidationError(
      `Memory limit: pinned blocks would reserve ${total} characters of the prompt; at most ${MEMORY_LIMITS.pinnedTotalMax}`,
      [
        {
          path: '/char_limit',
          message: `pinned blocks reserve ${reserved} of ${MEMORY_LIMITS.pinnedTotalMax} characters`,
        },
      ],
    );
}
