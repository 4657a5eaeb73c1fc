import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';
import { expect } from 'vitest';
import { entryCommand } from '../../../testing/spawn-entry.js';
import { TEST_PASSWORD, TEST_USER } from '../../../testing/test-app.js';

const CHILD = path.resolve(import.meta.dirname, '../../../testing/processes/serve-app.ts');
const WORKERS = 8;

/** The whole app in a child process (testing/processes/serve-app.ts), to be killed for real. */
export interface Served {
  child: ChildProcess;
  url: string;
}

export function serve(env: Record<string, string>): Promise<Served> {
  const child = spawn(...entryCommand(CHILD), {
    env: { PATH: process.env.PATH ?? '', ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return new Promise((resolve, reject) => {
    let out = '';
    child.stdout?.on('data', (chunk) => {
      out += chunk;
      const port = /LISTENING (\d+)/.exec(out)?.[1];
      if (port) resolve({ child, url: `http://127.0.0.1:${port}` });
    });
    child.once('exit', (code) => reject(new Error(`the app exited (${code}) before listening`)));
  });
}

/** Stops a served app cleanly (SIGTERM) and waits for it to exit. */
export async function stop(served: Served): Promise<void> {
  const exited = new Promise((resolve) => served.child.once('exit', resolve));
  served.child.kill('SIGTERM');
  await exited;
}

export async function signIn(url: string): Promise<Record<string, string>> {
  const response = await fetch(`${url}/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: TEST_USER, password: TEST_PASSWORD }),
  });
  expect(response.status).toBe(200);
  const cookie = response.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  const { csrf_token } = (await response.json()) as { csrf_token: string };
  return { cookie, 'x-csrf-token': csrf_token, 'content-type': 'application/json' };
}

/**
 * Fast-path requests from several callers until `stop` says so; returns the request ids of the
 * requests that got an answer (`answered`, filled as they come). Requests cut by the kill are
 * simply not answered.
 */
export async function load(
  url: string,
  headers: Record<string, string>,
  stop: () => boolean,
  answered: string[] = [],
) {
  await Promise.all(
    Array.from({ length: WORKERS }, async (_, worker) => {
      while (!stop()) {
        try {
          const response = await fetch(`${url}/chat`, {
            method: 'POST',
            headers,
            body: JSON.stringify({ text: 'what is 12*7?', chat_id: `crash-${worker}` }),
          });
          if (response.status !== 200) continue;
          const body = (await response.json()) as { request_id: string; tier: string };
          expect(body.tier).toBe('fast_path');
          answered.push(body.request_id);
        } catch {
          return; // the process is gone
        }
      }
    }),
  );
  return answered;
}
