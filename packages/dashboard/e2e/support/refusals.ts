import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';

/**
 * The message shown under a field: the error element of the field's Mantine input wrapper, the
 * one its `aria-describedby` names for a screen reader.
 */
export async function fieldError(field: Locator): Promise<string> {
  const wrapper = field.locator(
    'xpath=ancestor::*[contains(@class, "mantine-InputWrapper-root")][1]',
  );
  const error = wrapper.locator('.mantine-InputWrapper-error');
  await error.waitFor({ timeout: 15_000 });
  return error.innerText();
}

/**
 * Answers the next `method` request to `path` with the runtime's own error shape, for forms whose
 * own checks keep a real refusal from being sent. Only that one request is answered here; every
 * other goes to the real runtime.
 */
export async function refuseNext(
  page: Page,
  method: string,
  path: string | RegExp,
  status: number,
  body: { error: string; message: string; details?: { path: string; message: string }[] },
): Promise<void> {
  let answered = false;
  await page.route(
    (url) => (typeof path === 'string' ? url.pathname === path : path.test(url.pathname)),
    async (route) => {
      if (answered || route.request().method() !== method) return route.fallback();
      answered = true;
      await route.fulfill({ status, contentType: 'application/json', body: JSON.stringify(body) });
    },
  );
}

/** The alert a form shows for what no field shows: the server's message and its code. */
export async function formRefusal(scope: Page | Locator, testId = 'form-refusal'): Promise<string> {
  const alert = scope.getByTestId(testId);
  await alert.waitFor();
  return alert.innerText();
}

/** A refusal that says why: the server's own message and code, never a bare failure. */
export function expectExplained(refusal: string, message: string, code: string): void {
  expect(refusal).toContain(message);
  expect(refusal).toContain(code);
  expect(refusal).not.toContain('Request failed');
}

/** Said once, where it belongs: no toast repeats what the form shows. */
export async function expectNoToast(page: Page): Promise<void> {
  expect(await page.locator('.mantine-Notification-root').count()).toBe(0);
}
