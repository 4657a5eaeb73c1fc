import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/test-app.js';

const DASHBOARD = path.resolve(
  import.meta.dirname,
  '../../../../../docs/grafana/agent-runtime.json',
);

interface Panel {
  title: string;
  targets?: Array<{ expr: string }>;
}

/** The metric names a PromQL expression reads (functions, labels and keywords are not names). */
function metricNames(expr: string): string[] {
  const withoutLabels = expr.replace(/\{[^}]*\}/g, '').replace(/\[[^\]]*\]/g, '');
  const words = withoutLabels.match(/[a-z_][a-z0-9_]*(?=\s*(\)|$|,))/g) ?? [];
  return words.filter((word) => word.includes('_') && !/^(by|le)$/.test(word));
}

/** The Grafana dashboard in docs/ queries only metrics the runtime exports. */
describe('docs/grafana/agent-runtime.json', () => {
  let t: TestApp;
  let exported: Map<string, string>;

  beforeAll(async () => {
    t = await createTestApp();
    const text = await t.app.metrics.metrics();
    exported = new Map(
      [...text.matchAll(/^# TYPE (\S+) (\S+)$/gm)].map((m) => [m[1] as string, m[2] as string]),
    );
  });
  afterAll(async () => {
    await t?.close();
  });

  it('reads every metric it queries from /metrics, histogram series by their base name', () => {
    const dashboard = JSON.parse(readFileSync(DASHBOARD, 'utf8')) as { panels: Panel[] };
    const queried = dashboard.panels.flatMap((panel) =>
      (panel.targets ?? []).flatMap((target) => metricNames(target.expr)),
    );
    expect(queried.length).toBeGreaterThan(10);
    const missing = queried.filter((name) => {
      if (exported.has(name)) return false;
      const base = name.replace(/_(bucket|sum|count)$/, '');
      return exported.get(base) !== 'histogram';
    });
    expect(missing).toEqual([]);
    // The names the API and integration panels rely on, so the parser above is not vacuous.
    expect(queried).toEqual(
      expect.arrayContaining([
        'http_request_duration_seconds_bucket',
        'integration_calls_total',
        'integration_breaker_state',
        'process_resident_memory_bytes',
      ]),
    );
  });
});
