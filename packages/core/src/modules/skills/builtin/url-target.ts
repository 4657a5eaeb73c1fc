import { displayUrl } from '../../../net/ssrf.js';

/**
 * A URL as a trace step's target: without user name, password or fragment, so the same page
 * read twice has the same target. Null when the text is not an http(s) URL.
 */
export function urlTarget(text: string): string | null {
  try {
    const url = new URL(text);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
    url.hash = '';
    return displayUrl(url);
  } catch {
    return null;
  }
}
