import type { Page } from 'playwright-core';

/**
 * Everything that went wrong on a page while it was watched: console errors, requests the
 * runtime refused or failed, and requests that never got an answer. `path` is prefixed to
 * each, so one list can hold the problems of many pages.
 */
export function watchRequestsAndConsole(page: Page): { problems: string[]; path: string } {
  const watch = { problems: [] as string[], path: '' };
  const note = (problem: string) => watch.problems.push(`${watch.path}: ${problem}`);
  page.on('pageerror', (error) => note(`uncaught ${error.message}`));
  page.on('console', (message) => {
    if (message.type() === 'error') note(`console error: ${message.text()}`);
  });
  page.on('response', (response) => {
    if (response.status() >= 400)
      note(`${response.request().method()} ${response.url()} answered ${response.status()}`);
  });
  page.on('requestfailed', (request) => {
    // Leaving a page cancels its queries and closes its event streams: the browser's own doing,
    // not a failure of the runtime. Every other failure (refused, reset, DNS) is one.
    if (request.failure()?.errorText === 'net::ERR_ABORTED') return;
    note(`${request.method()} ${request.url()} failed: ${request.failure()?.errorText}`);
  });
  return watch;
}

/** Waits until no placeholder is shown (every query of the page has answered). */
export async function waitUntilLoaded(page: Page): Promise<void> {
  await page.waitForFunction(
    () => !document.querySelector('.mantine-Skeleton-root[data-visible="true"]'),
    undefined,
    { timeout: 15_000 },
  );
  // Fonts, images and the layout after the last answer.
  await page.evaluate(() => document.fonts.ready);
}

/**
 * What sticks out sideways: the document wider than the window; an element past the window's
 * edge; or one past the edge of a box that hides its overflow (a table cut off by its panel).
 * A box that scrolls its content is fine, and so is text cut short with an ellipsis on purpose.
 * At most eight, described by test id, name or text; then any table cell whose content is wider
 * than the cell, and any badge whose word is cut short.
 */
export function overflowing(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const found: string[] = [];
    const scroll = document.documentElement.scrollWidth;
    if (scroll > width) found.push(`the page is ${scroll} px wide in a ${width} px window`);
    /**
     * The right edge an element's children must stay within, or null when they may go past it
     * (it scrolls, or cuts text with an ellipsis on purpose); remembered, so each box is styled
     * once per page.
     */
    const edges = new Map<Element, number | null>();
    const edgeFor = (box: Element | null): number | null => {
      if (!box || box === document.body) return width;
      const known = edges.get(box);
      if (known !== undefined) return known;
      const style = getComputedStyle(box);
      const edge =
        style.overflowX === 'visible'
          ? edgeFor(box.parentElement)
          : style.overflowX === 'hidden' || style.overflowX === 'clip'
            ? style.textOverflow === 'ellipsis'
              ? null
              : box.getBoundingClientRect().right
            : null;
      edges.set(box, edge);
      return edge;
    };
    const describe = (element: Element) =>
      element.getAttribute('data-testid') ??
      element.getAttribute('aria-label') ??
      (element.textContent ?? '').trim().slice(0, 40);
    for (const element of document.body.querySelectorAll('*')) {
      const box = element.getBoundingClientRect();
      if (box.width === 0) continue;
      const edge = edgeFor(element.parentElement);
      if (edge === null || box.right <= edge + 1) continue;
      // Only content counts: a switch's sliding track label is empty and meant to be clipped,
      // and its real checkbox is invisible.
      if (!element.textContent?.trim() || getComputedStyle(element).opacity === '0') continue;
      found.push(
        `<${element.tagName.toLowerCase()}> "${describe(element)}" ends at ${Math.round(box.right)} px, past ${Math.round(edge)} px`,
      );
      if (found.length >= 8) break;
    }
    // A table cell does not clip: what is wider than it lies over the next column.
    for (const cell of document.querySelectorAll('td')) {
      if (cell.scrollWidth <= cell.clientWidth + 1 || !cell.getClientRects().length) continue;
      found.push(
        `a cell of "${describe(cell.closest('table') ?? cell)}" holds ${cell.scrollWidth} px in ${cell.clientWidth} px: "${describe(cell)}"`,
      );
    }
    // A badge says a state in a word or two; one cut to "HEAL…" says nothing.
    for (const label of document.querySelectorAll('.mantine-Badge-label')) {
      if (label.scrollWidth <= label.clientWidth || !label.getClientRects().length) continue;
      found.push(`badge "${label.textContent}" is cut to ${label.clientWidth} px`);
    }
    return found;
  });
}
