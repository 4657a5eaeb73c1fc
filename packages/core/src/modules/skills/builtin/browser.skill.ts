import { z } from 'zod';
import { AppError } from '../../../errors/app-error.js';
import { cutText } from '../../../net/body-text.js';
import { hiddenHtmlText } from '../../../net/html-hidden.js';
import { displayUrl } from '../../../net/ssrf.js';
import type { BrowserPool, BrowserSession } from '../../browser/browser-pool.js';
import { defineSkill, SkillError } from '../skill.js';
import { toSkillError } from './outbound-error.js';
import { urlTarget } from './url-target.js';

const TEXT_CHARS = 20_000;
/** With a screenshot the model mostly looks at the image; a short text anchors it. */
const SCREENSHOT_TEXT_CHARS = 1_000;

const inputSchema = z.object({
  url: z.string().min(1).describe('http(s) URL'),
  action: z
    .enum(['read', 'screenshot'])
    .default('read')
    .describe('read: visible text; screenshot: PNG of the viewport'),
});
export type BrowserInput = z.infer<typeof inputSchema>;

/** Opens a page in headless Chromium, for sites that need JavaScript to show their content. */
export function createBrowserSkill({ pool }: { pool: BrowserPool }) {
  return defineSkill<BrowserInput>({
    name: 'browser',
    description:
      'Read or screenshot a page in a real browser (runs JavaScript). Slower; use when ' +
      'fetch_url shows an empty or script-only page.',
    level: 'MONITORED',
    targetOf: (input) => urlTarget(input.url),
    inputSchema,
    availability: () => pool.availability(),
    async execute(input, context) {
      try {
        return await pool.withSession(context.signal, (session) => visit(session, input));
      } catch (error) {
        // Cancelled: the page was closed under the work, whatever error that caused.
        if (context.signal.aborted) throw context.signal.reason;
        throw toSkillError(error, context.signal);
      }
    },
  });
}

/** Navigates; failures become SkillErrors in words the model can act on. */
async function navigate(session: BrowserSession, target: string): Promise<number | null> {
  try {
    return (await session.goto(target))?.status() ?? null;
  } catch (error) {
    if (error instanceof AppError) throw error; // the guard refused the URL before any request
    const shown = displayUrl(new URL(target));
    const message = String((error as Error).message).split('\n')[0] ?? '';
    // A navigation the route aborted (DNS changed its answer since the check above) fails in
    // Chromium's words (net::ERR_BLOCKED_BY_CLIENT); the guard's message says why.
    const reason = session.blocked.at(-1);
    if (reason && message.includes('ERR_BLOCKED_BY_CLIENT'))
      throw new SkillError(reason, 'url_blocked');
    const code = (error as Error).name === 'TimeoutError' ? 'browser_timeout' : 'browser_failed';
    throw new SkillError(`${shown} did not load: ${message}`, code);
  }
}

async function visit(session: BrowserSession, input: BrowserInput) {
  const { page, blocked } = session;
  const status = await navigate(session, input.url);
  const url = displayUrl(new URL(page.url()));
  const title = await page.title();
  const visible = (
    await page
      .locator('body')
      .innerText()
      .catch(() => '')
  ).trim();
  // innerText leaves out what the page hides; the input guard reads that part from the markup.
  const hiddenText = hiddenHtmlText(await page.content().catch(() => ''));
  const header = [`URL: ${url}`, `Status: ${status ?? 'unknown'}`, `Title: ${title}`];
  if (blocked.length) header.push(`Blocked: ${blocked.length} request(s) to disallowed addresses`);
  const data: Record<string, unknown> = {
    url,
    status,
    title,
    blocked_requests: blocked.length,
    blocked: blocked.slice(0, 10),
  };
  if (input.action === 'screenshot') {
    const png = await page.screenshot({ type: 'png' });
    const { text } = cutText(visible, SCREENSHOT_TEXT_CHARS);
    const viewport = page.viewportSize();
    return {
      text: `${header.join('\n')}\nScreenshot: ${viewport?.width}×${viewport?.height} PNG, ${png.length} bytes (in data)\n\n${text}`,
      untrusted: true,
      hiddenText,
      data: { ...data, mime: 'image/png', screenshot_base64: png.toString('base64') },
    };
  }
  const { text, cut } = cutText(visible, TEXT_CHARS);
  return {
    text: `${header.join('\n')}\n\n${text}`,
    untrusted: true,
    hiddenText,
    data: { ...data, chars: visible.length, truncated: cut > 0 },
  };
}
