import { startFakeOpenAi } from '../../testing/fakes/index.js';
import { RawExchange, requestHead } from '../../testing/raw-http.js';
import { createTestApp } from '../../testing/test-app.js';
import { type ActiveWork, activeWorkSchema, type HealthReport } from './health.schema.js';

const API_KEY = 'sk-test-0123456789abcdefghijkl';

/** The runtime listening on a real port, with a slow fake model and a short body-read timeout. */
export interface PressureHarness {
  /** The counters of work in flight, read in the process. */
  active(): ActiveWork;
  /** Requests that got past the auth hook into the app, by path. */
  arrived(path: string): number;
  /** Opens a connection to the runtime and writes `text` on it. */
  open(text: string): RawExchange;
  /** The head of a request sent with the operator's session cookie (and CSRF token). */
  signedIn(method: string, path: string, headers?: Record<string, string | number>): string;
  /** GET /health as an uptime monitor asks it (no session). */
  health(): Promise<HealthReport>;
  close(): Promise<void>;
}

/** Every counter of work in flight at zero. */
export const IDLE_WORK = Object.fromEntries(
  activeWorkSchema.keyof().options.map((kind) => [kind, 0]),
) as ActiveWork;

/** The seconds REQUEST_TIMEOUT is set to. */
export const REQUEST_TIMEOUT_S = 2;

export async function startPressureHarness(): Promise<PressureHarness> {
  const model = await startFakeOpenAi({ apiKey: API_KEY });
  // Every answer takes longer than REQUEST_TIMEOUT and Node's check of it together, so a stream
  // outlives the timeout, and a stream or a waiting reply is always left mid-way.
  model.respond = () => ({ text: 'one two three four five six', chunkDelayMs: 800 });
  const arrivals = new Map<string, number>();
  const t = await createTestApp({
    env: {
      OPENAI_API_KEY: API_KEY,
      OPENAI_BASE_URL: model.baseUrl,
      DEFAULT_MODEL: 'openai/gpt-4o-mini',
      REQUEST_TIMEOUT: `${REQUEST_TIMEOUT_S}s`,
    },
    extend(app) {
      app.addHook('onRequest', (request, _reply, done) => {
        const path = request.url.split('?')[0] ?? '';
        arrivals.set(path, (arrivals.get(path) ?? 0) + 1);
        done();
      });
    },
  });
  const url = await t.app.listen({ port: 0, host: '127.0.0.1' });
  const port = Number(new URL(url).port);
  const client = await t.login();
  return {
    active: () => t.app.pressure.activeWork(),
    arrived: (path) => arrivals.get(path) ?? 0,
    open: (text) => new RawExchange(port, text),
    signedIn: (method, path, headers = {}) =>
      requestHead(method, path, {
        cookie: client.cookie,
        'x-csrf-token': client.csrfToken,
        ...headers,
      }),
    health: async () => (await fetch(`${url}/health`)).json() as Promise<HealthReport>,
    async close() {
      await t.close();
      await model.close();
    },
  };
}
