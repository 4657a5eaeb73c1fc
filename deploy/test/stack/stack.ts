// What the stack's end-to-end suite uses to reach the stack as an operator or an attacker on the
// host would: HTTPS through agent-proxy trusting Caddy's internal CA explicitly, the operator's
// `docker compose` command (the one stack-e2e.sh runs), and the engine's CLI.
import { execFile, spawn } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import { request as httpsRequest } from 'node:https';
import path from 'node:path';
import { Readable } from 'node:stream';
import { promisify } from 'node:util';

const run = promisify(execFile);
export const REPO = path.resolve(import.meta.dirname, '../../..');
const STACK = import.meta.dirname;
const RUN_DIR = process.env.STACK_RUN_DIR ?? '';
if (!RUN_DIR || !process.env.DOCKER_HOST)
  throw new Error('the stack suite runs from deploy/test/stack-e2e.sh, which starts the stack');

const readEnvFile = (): Record<string, string> =>
  Object.fromEntries(
    readFileSync(path.join(RUN_DIR, 'ops', '.env'), 'utf8')
      .split('\n')
      .filter((line) => line.includes('='))
      .map((line) => [line.slice(0, line.indexOf('=')), line.slice(line.indexOf('=') + 1)]),
  );

/** The deployment's .env as install.sh wrote it; readDeployEnv() reads it again after a drill. */
export const deployEnv: Record<string, string> = readEnvFile();
export function readDeployEnv(): Record<string, string> {
  return Object.assign(deployEnv, readEnvFile());
}

/**
 * Runs `script` in bash with engine.sh's functions, as stack-e2e.sh has them, in `cwd`: no
 * terminal, nothing on stdin (as from a script or a cron job). Resolves with what it printed on
 * stdout; a failure rejects with all it printed.
 */
export function engine(script: string, args: string[] = [], cwd?: string): Promise<string> {
  const child = spawn('bash', ['-c', `. "${STACK}/engine.sh"\n${script}`, '_', ...args], {
    cwd,
    env: { ...process.env, repo: REPO, stack: STACK, run: RUN_DIR },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk) => (stdout += chunk));
  child.stderr.on('data', (chunk) => (stderr += chunk));
  return new Promise((resolve, reject) =>
    child.on('close', (code) =>
      code === 0
        ? resolve(stdout)
        : reject(
            new Error(`${script.split('\n').at(-1)} exited with ${code}:\n${stdout}${stderr}`),
          ),
    ),
  );
}

/** `docker compose` exactly as stack-e2e.sh runs it (engine.sh's compose function). */
export function compose(...args: string[]): Promise<string> {
  return engine('compose "$@"', args);
}

export async function docker(...args: string[]): Promise<string> {
  const { stdout } = await run('docker', args, { maxBuffer: 64 * 1024 * 1024 });
  return stdout.trim();
}

/** The container id of a compose service. */
export async function containerOf(service: string): Promise<string> {
  return (await compose('ps', '-q', service)).trim().split('\n')[0] ?? '';
}

let rootCa: string | undefined;
/** Caddy's internal root certificate, read from agent-proxy as docs/operations.md says. */
export async function caddyRoot(): Promise<string> {
  rootCa ??= await compose(
    'exec',
    '-T',
    'agent-proxy',
    'cat',
    '/data/caddy/pki/authorities/local/root.crt',
  );
  return rootCa;
}

export interface Answer {
  status: number;
  headers: IncomingHttpHeaders;
  body: string;
  // biome-ignore lint/suspicious/noExplicitAny: tests read the API's answers.
  json: () => any;
}

export interface Call {
  method?: string;
  headers?: Record<string, string>;
  body?: unknown;
  /** Omit the CA: to check that the certificate is not trusted without it. */
  untrusted?: boolean;
}

/** An HTTPS request to https://localhost<path> through agent-proxy on 443. */
export async function https(pathname: string, call: Call = {}): Promise<Answer> {
  const response = await open(pathname, call);
  const chunks: Buffer[] = [];
  for await (const chunk of response) chunks.push(chunk as Buffer);
  const body = Buffer.concat(chunks).toString('utf8');
  return {
    status: response.statusCode ?? 0,
    headers: response.headers,
    body,
    json: () => JSON.parse(body),
  };
}

/** The same, as a fetch Response whose body streams as it arrives (for SSE). */
export async function httpsStream(pathname: string, call: Call = {}): Promise<Response> {
  const response = await open(pathname, call);
  const headers = new Headers();
  for (const [name, value] of Object.entries(response.headers))
    for (const one of [value ?? []].flat()) headers.append(name, one);
  return new Response(Readable.toWeb(response) as ReadableStream, {
    status: response.statusCode,
    headers,
  });
}

async function open(pathname: string, call: Call) {
  const ca = call.untrusted ? undefined : await caddyRoot();
  const payload = call.body === undefined ? undefined : JSON.stringify(call.body);
  return new Promise<import('node:http').IncomingMessage>((resolve, reject) => {
    const req = httpsRequest(
      {
        host: 'localhost',
        port: 443,
        path: pathname,
        method: call.method ?? (payload ? 'POST' : 'GET'),
        ca,
        headers: {
          ...(payload ? { 'content-type': 'application/json' } : {}),
          ...call.headers,
        },
      },
      resolve,
    );
    req.on('error', reject);
    req.end(payload);
  });
}

/** A plain-HTTP request to http://localhost<path> on 80. */
export function http(pathname: string): Promise<{ status: number; headers: IncomingHttpHeaders }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: 'localhost', port: 80, path: pathname }, (res) => {
      res.resume();
      resolve({ status: res.statusCode ?? 0, headers: res.headers });
    });
    req.on('error', reject);
    req.end();
  });
}

export interface Session {
  cookie: string;
  csrf: string;
  setCookie: string[];
  /** An API call with the session cookie and, on unsafe methods, the CSRF token. */
  call(pathname: string, call?: Call): Promise<Answer>;
  stream(pathname: string, call?: Call): Promise<Response>;
}

const SESSION_FILE = path.join(RUN_DIR, 'session.json');

/**
 * The admin's session, signed in once per run with the password install.sh generated and shared
 * by every file of the suite: sign-in allows five attempts in five minutes per client address, and
 * every request of the suite comes from the same one. `fresh` signs in anew (with `headers`).
 */
export async function signIn({
  fresh = false,
  headers = {},
}: {
  fresh?: boolean;
  headers?: Record<string, string>;
} = {}): Promise<Session> {
  if (!fresh && existsSync(SESSION_FILE)) {
    const saved = JSON.parse(readFileSync(SESSION_FILE, 'utf8')) as {
      setCookie: string[];
      csrf: string;
    };
    const session = sessionOf(saved.setCookie, saved.csrf);
    // A session ends with a secret rotation or a restore to before it: then sign in again.
    if ((await session.call('/auth/session')).status === 200) return session;
  }
  const answer = await https('/auth/login', {
    body: { username: deployEnv.DASHBOARD_USER ?? 'admin', password: deployEnv.DASHBOARD_PASSWORD },
    headers,
  });
  if (answer.status !== 200) throw new Error(`sign-in failed: ${answer.status} ${answer.body}`);
  const setCookie = [answer.headers['set-cookie'] ?? []].flat();
  const csrf = answer.json().csrf_token as string;
  if (!fresh) writeFileSync(SESSION_FILE, JSON.stringify({ setCookie, csrf }), { mode: 0o600 });
  return sessionOf(setCookie, csrf);
}

function sessionOf(setCookie: string[], csrf: string): Session {
  const cookie = setCookie.map((line) => line.split(';')[0]).join('; ');
  const withSession = (call: Call = {}): Call => ({
    ...call,
    headers: { cookie, 'x-csrf-token': csrf, ...call.headers },
  });
  return {
    cookie,
    csrf,
    setCookie,
    call: (pathname, call) => https(pathname, withSession(call)),
    stream: (pathname, call) => httpsStream(pathname, withSession(call)),
  };
}

/**
 * Has the agent call one skill through the scripted model ("call <skill> <json>"), approves the
 * confirmation the call waits for (the default SEMI mode asks for RESTRICTED and PRIVILEGED
 * skills) unless `approve` is false, and returns the chat's reply: "Result: <what it returned>".
 */
export async function callSkill(
  session: Session,
  skill: string,
  input: Record<string, unknown>,
  { approve = true, chatId = `stack-${skill}-${Date.now()}` } = {},
): Promise<string> {
  const reply = session.call('/chat', {
    body: { text: `call ${skill} ${JSON.stringify(input)}`, chat_id: chatId },
  });
  const deadline = Date.now() + 30_000;
  let decided = false;
  while (!decided && Date.now() < deadline) {
    const pending = (await session.call('/api/confirmations?status=pending')).json().confirmations;
    const mine = pending.find((c: { chat_id: string }) => c.chat_id === chatId);
    if (mine) {
      const verdict = approve ? 'approve' : 'deny';
      const answer = await session.call(`/api/confirmations/${mine.confirmation_id}/${verdict}`, {
        method: 'POST',
        body: {},
      });
      if (answer.status !== 200) throw new Error(`${verdict}: ${answer.status} ${answer.body}`);
      decided = true;
    } else {
      const settled = await Promise.race([reply.then(() => true), sleep(250).then(() => false)]);
      if (settled) break; // the skill needed no confirmation
    }
  }
  const answer = await reply;
  if (answer.status !== 200) throw new Error(`chat: ${answer.status} ${answer.body}`);
  return answer.json().reply as string;
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
