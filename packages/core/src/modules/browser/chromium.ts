import { access, constants } from 'node:fs/promises';

/** Where Debian, Ubuntu and most images put Chromium; the first executable one is used. */
const CANDIDATES = [
  '/usr/bin/chromium',
  '/usr/bin/chromium-browser',
  '/usr/lib/chromium/chromium',
  '/usr/bin/google-chrome',
];

/** The path of an installed Chromium, or null when there is none (the browser is then unavailable). */
export async function findChromium(preferred?: string): Promise<string | null> {
  for (const candidate of preferred ? [preferred, ...CANDIDATES] : CANDIDATES) {
    try {
      await access(candidate, constants.X_OK);
      return candidate;
    } catch {
      // try the next one
    }
  }
  return null;
}
