import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type FakeModelServer,
  type OtlpReceiver,
  startFakeOpenAi,
  startOtlpReceiver,
} from '../../testing/fakes/index.js';
import { entryCommand } from '../../testing/spawn-entry.js';

const CHILD = path.resolve(import.meta.dirname, '../../testing/processes/one-chat.ts');
const PRELOAD = path.resolve(import.meta.dirname, '../../testing/processes/module-loads.mjs');

interface ChildReport {
  health: number;
  tier: string;
  opentelemetry: string[];
  modules: number;
}

/** One chat in a child process (the way `npm start` runs the runtime), with the loads it made. */
async function oneChat(env: Record<string, string>): Promise<ChildReport> {
  const [program, args] = entryCommand(CHILD);
  const dataDir = await mkdtemp(path.join(tmpdir(), 'otel-off-'));
  try {
    const child = spawn(program, ['--import', PRELOAD, ...args], {
      env: { PATH: process.env.PATH ?? '', APP_DATA_DIR: dataDir, ...env },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let out = '';
    child.stdout.on('data', (chunk) => {
      out += chunk;
    });
    const code = await new Promise((resolve) => child.once('exit', resolve));
    expect(code, out).toBe(0);
    return JSON.parse(out.trim().split('\n').at(-1) ?? '{}') as ChildReport;
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
}

const SDK = /\/@opentelemetry\/(sdk-trace-node|sdk-trace-base|exporter-trace-otlp-proto)\//;

/** With OTEL_EXPORTER_OTLP_ENDPOINT unset nothing of the SDK is loaded, and nothing is sent. */
describe('OpenTelemetry off', () => {
  let model: FakeModelServer;
  let receiver: OtlpReceiver;
  beforeAll(async () => {
    model = await startFakeOpenAi();
    receiver = await startOtlpReceiver();
  });
  afterAll(async () => {
    await Promise.all([model?.close(), receiver?.close()]);
  });

  it('loads no OpenTelemetry SDK module and sends no traceparent when the endpoint is unset', async () => {
    const report = await oneChat({ MODEL_URL: model.baseUrl });
    expect(report).toMatchObject({ health: 200, tier: 'llm_loop' });
    expect(report.modules).toBeGreaterThan(100);
    expect(report.opentelemetry.filter((url) => SDK.test(url))).toEqual([]);
    const call = model.requests.filter((r) => r.path.endsWith('/chat/completions')).at(-1);
    expect(call?.headers.traceparent).toBeUndefined();
    expect(receiver.spans).toEqual([]);
  }, 120_000);

  it('loads the SDK and exports when the endpoint is set (the probe above can see it)', async () => {
    const report = await oneChat({
      MODEL_URL: model.baseUrl,
      OTEL_EXPORTER_OTLP_ENDPOINT: receiver.endpoint,
    });
    expect(report).toMatchObject({ health: 200, tier: 'llm_loop' });
    expect(report.opentelemetry.filter((url) => SDK.test(url)).length).toBeGreaterThan(0);
    const call = model.requests.filter((r) => r.path.endsWith('/chat/completions')).at(-1);
    expect(call?.headers.traceparent).toMatch(/^00-[0-9a-f]{32}-[0-9a-f]{16}-01$/);
    expect(receiver.spans.map((span) => span.name)).toEqual(
      expect.arrayContaining(['GET /health', 'invoke_agent', 'chat gpt-4o-mini']),
    );
  }, 120_000);
});
