/**
 * Model text (replies, tool output) split into plain text, links and images, so the dashboard can
 * show what a Markdown image or link points at without the browser fetching it. The text may
 * have been written by whoever wrote a page the model read: an image URL can carry the
 * conversation to an attacker's server the moment it is loaded.
 */
export type ModelTextPart =
  | { kind: 'text'; text: string }
  | { kind: 'link'; label: string; url: string }
  | { kind: 'image'; alt: string; url: string };

// ![alt](url "title") and [label](url "title"), the URL optionally in <>; then bare web addresses.
const DESTINATION = String.raw`\(\s*<?([^\s()<>]+)>?(?:\s+(?:"[^"]*"|'[^']*'))?\s*\)`;
const PATTERN = new RegExp(
  String.raw`(!?)\[([^\]\n]{0,500})\]${DESTINATION}|\bhttps?:\/\/[^\s<>"'\])]+`,
  'gi',
);

/** A trailing full stop or comma ends the sentence, not the address. */
const trimBareUrl = (url: string) => url.replace(/[.,;:!?]+$/, '');

export function modelTextParts(text: string): ModelTextPart[] {
  const parts: ModelTextPart[] = [];
  let last = 0;
  const pushText = (value: string) => {
    if (!value) return;
    const previous = parts.at(-1);
    if (previous?.kind === 'text') previous.text += value;
    else parts.push({ kind: 'text', text: value });
  };
  for (const match of text.matchAll(PATTERN)) {
    const start = match.index;
    let whole = match[0];
    pushText(text.slice(last, start));
    if (match[3] !== undefined) {
      const url = match[3];
      parts.push(
        match[1] === '!'
          ? { kind: 'image', alt: match[2] ?? '', url }
          : { kind: 'link', label: match[2] ?? '', url },
      );
    } else {
      whole = trimBareUrl(whole);
      parts.push({ kind: 'link', label: whole, url: whole });
    }
    last = start + whole.length;
  }
  pushText(text.slice(last));
  return parts;
}

/** Only web and mail addresses become clickable; javascript:, data: and the like stay text. */
export function isOpenableUrl(url: string): boolean {
  try {
    return ['http:', 'https:', 'mailto:'].includes(new URL(url).protocol);
  } catch {
    return false;
  }
}
