import { findChromium } from '../modules/browser/chromium.js';

/** As for services (see services.ts): required under CI, optional on a developer machine. */
const chromiumRequired = process.env.CI === 'true' || process.env.TEST_SERVICES === 'required';

let found: Promise<string | null> | undefined;

/**
 * The Chromium the browser tests drive. Under CI a missing Chromium fails the suite; elsewhere
 * the suite is skipped with a warning.
 */
export async function chromiumAvailable(): Promise<boolean> {
  found ??= findChromium(process.env.CHROMIUM_PATH);
  if (await found) return true;
  const reason = 'Chromium is not installed (apt-get install -y chromium, or set CHROMIUM_PATH)';
  if (chromiumRequired) throw new Error(`${reason}; required under CI`);
  console.warn(`[tests] ${reason}; browser suites are skipped`);
  return false;
}
