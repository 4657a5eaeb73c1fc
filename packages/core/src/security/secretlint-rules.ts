/**
 * The maintained base of secret redaction: the rules of secretlint's recommended preset, run
 * synchronously on a string. secretlint's own engine is asynchronous and file-oriented, but each
 * of its scanner rules is a plain object whose `file(source)` handler reports ranges through a
 * context synchronously, so the rules are driven here with a minimal context of our own. The set
 * of rules (and their patterns) comes from the package, so it improves when the package does.
 */
import { rules } from '@secretlint/secretlint-rule-preset-recommend';

type Range = [number, number];
interface RuleContext {
  createTranslator: () => (id: string, data?: Record<string, unknown>) => unknown;
  report: (descriptor: { range: Range }) => void;
  ignore: () => void;
}
interface RuleCreator {
  meta: { id: string };
  create: (
    context: RuleContext,
    options: Record<string, unknown>,
  ) => {
    file?: (source: {
      content: string;
      filePath: string;
      ext: string;
      contentType: string;
    }) => unknown;
  };
}

/** Rules left out: `filter-comments` would let a text switch redaction off with a comment. */
const SKIPPED = new Set(['@secretlint/secretlint-rule-filter-comments']);
/** AWS key ids are scanned too (the preset leaves them off for repositories with example ids). */
const OPTIONS: Record<string, Record<string, unknown>> = {
  '@secretlint/secretlint-rule-aws': { enableIDScanRule: true },
};

let found: Range[] = [];
const context: RuleContext = {
  createTranslator: () => (id) => id,
  report: ({ range }) => {
    found.push(range);
  },
  ignore: () => {},
};

const handlers = (rules as unknown as RuleCreator[])
  .filter((rule) => !SKIPPED.has(rule.meta.id))
  .map((rule) => rule.create(context, OPTIONS[rule.meta.id] ?? {}).file)
  .filter((file) => file !== undefined);

/**
 * Every format the preset detects is a run of at least 16 token characters, a URL with
 * credentials or a PEM block. Running 25 rules costs tens of microseconds per call whatever the
 * length, so texts with none of these shapes (most log fields and short values) skip them.
 */
const CANDIDATE = /[A-Za-z0-9_+/=.-]{16}|:\/\/|-----BEGIN/;

/** Ranges of `text` that a preset rule reports as a secret, in no particular order. */
export function secretlintRanges(text: string): Range[] {
  if (!CANDIDATE.test(text)) return [];
  found = [];
  for (const file of handlers) {
    // No file extension: the rules for key files (.p12, .json, .npmrc) parse whole files, which a
    // text is not; key material inside them is caught by the private-key and key-name rules.
    const result = file({ content: text, filePath: '', ext: '', contentType: 'text' });
    // Every text rule is synchronous; one that is not (binary formats) is ignored here.
    if (result instanceof Promise) result.catch(() => {});
  }
  const ranges = found;
  found = [];
  return ranges;
}
