import { describe, expect, it } from 'vitest';
import { createUnifiedDiff } from './diff-create.js';
import { CRITICAL_PATHS, criticalPathRule, evaluateGate } from './safety-gate.js';
import { WEAKENING_PATTERNS } from './weakening-patterns.js';

/** One added line each pattern must catch, and a harmless neighbour it must not. */
const EXAMPLES: Record<string, { hit: string; miss: string }> = {
  sandbox_disabled: { hit: 'const disable_sandbox = true;', miss: "const mode = 'bubblewrap';" },
  guard_bypassed: {
    hit: 'if (bypassGuard) return reply;',
    miss: 'const guards = [input, output];',
  },
  confirmation_skipped: {
    hit: 'const skipConfirmation = true;',
    miss: 'await confirmations.request(call);',
  },
  high_risk_set_emptied: {
    hit: 'HIGH_RISK_ACTIONS = set()',
    miss: "HIGH_RISK_ACTIONS = {'shell', 'python_exec'}",
  },
  redaction_disabled: { hit: 'redact = False', miss: 'text = redact_text(text)' },
  csrf_or_auth_disabled: { hit: 'csrfCheck: false,', miss: 'csrf: verifyToken(request),' },
  ssrf_allowlist_widened: {
    hit: "allowlist: ['*'],",
    miss: "allowlist: ['api.example.com'],",
  },
  audit_removed: { hit: '// app.audit.record({ action });', miss: 'app.audit.record({ action });' },
  autonomy_full_default: {
    hit: "export const DEFAULT_AUTONOMY_MODE: AutonomyMode = 'FULL';",
    miss: "export const DEFAULT_AUTONOMY_MODE: AutonomyMode = 'SEMI';",
  },
  dynamic_eval: { hit: 'const result = eval(source);', miss: 'const match = pattern.exec(text);' },
  chmod_777: { hit: 'await chmod(file, 0o777);', miss: 'await chmod(file, 0o644);' },
  tls_verification_disabled: {
    hit: 'const agent = new Agent({ rejectUnauthorized: false });',
    miss: 'const agent = new Agent({ rejectUnauthorized: true });',
  },
  hardcoded_credentials: {
    hit: "const password = 'hunter2-prod';",
    miss: 'const password = process.env.DB_PASSWORD;',
  },
};

const diffOf = (lines: string[]) =>
  createUnifiedDiff('x.ts', 'keep\n', `keep\n${lines.map((line) => `${line}\n`).join('')}`);

describe('soft safety gate', () => {
  it('has 13 named weakening patterns, each catching its case and sparing a neighbour', () => {
    expect(WEAKENING_PATTERNS.map((pattern) => pattern.name)).toEqual(Object.keys(EXAMPLES));
    for (const pattern of WEAKENING_PATTERNS) {
      const example = EXAMPLES[pattern.name];
      if (!example) throw new Error(`no example for ${pattern.name}`);
      expect(pattern.matches([example.hit], []), `${pattern.name} hit`).toBe(true);
      expect(pattern.matches([example.miss], []), `${pattern.name} miss`).toBe(false);
    }
  });

  it('counts an audit write the patch removes and does not add back', () => {
    const audit = WEAKENING_PATTERNS.find((pattern) => pattern.name === 'audit_removed');
    expect(audit?.matches([], ['    this.audit.record({ action });'])).toBe(true);
    expect(
      audit?.matches(
        ['    this.audit.record({ action, actor });'],
        ['    this.audit.record({ action });'],
      ),
    ).toBe(false);
  });

  it("knows SPEC's critical files and this runtime's equivalents", () => {
    expect(CRITICAL_PATHS).toContain('response_grounder.py');
    expect(criticalPathRule('agent/sandbox.py')).toBe('sandbox.py');
    expect(criticalPathRule('control_layer.py')).toBe('control_layer.py');
    expect(criticalPathRule('modules/auth/session.service.ts')).toBe('modules/auth/');
    expect(criticalPathRule('src/modules/runtime/guards/input-guard.ts')).toBe(
      'modules/runtime/guards/',
    );
    expect(criticalPathRule('modules/runtime/skill-runner.ts')).toBe(
      'modules/runtime/skill-runner.ts',
    );
    expect(criticalPathRule('net/ssrf.ts')).toBe('net/ssrf.ts');
    expect(criticalPathRule('modules/selfimprove/safety-gate.ts')).toBe('modules/selfimprove/');
    expect(criticalPathRule('modules/runtime/runtime.service.ts')).toBeNull();
    expect(criticalPathRule('net/safe-fetch.ts')).toBeNull();
    expect(criticalPathRule('my_sandbox.py')).toBeNull();
  });

  it('measures the diff: its length and the mean length of the added lines', () => {
    const diff = diffOf(['x'.repeat(10), 'y'.repeat(30)]);
    const verdict = evaluateGate('x.ts', diff);
    expect(verdict).toMatchObject({
      decision: 'ALLOW',
      patch_length: diff.length,
      avg_line_length: 20,
      is_large_patch: false,
      is_dense_patch: false,
      critical_path: false,
      weakening_patterns: [],
      reasons: [],
    });
  });

  it('decides by the table: BLOCK, WARN or ALLOW', () => {
    const large = Array.from({ length: 60 }, (_, n) => `export const value${n} = ${n} * 2; // ok`);
    const dense = [`export const table = [${'1, '.repeat(100)}];`];
    const weakening = 'const disable_sandbox = true;';
    const cases: [string, string[], string][] = [
      ['modules/sandbox/run.ts', [...large, weakening], 'BLOCK'],
      ['modules/sandbox/run.ts', [...dense, weakening], 'BLOCK'],
      ['modules/sandbox/run.ts', large, 'WARN'],
      ['modules/sandbox/run.ts', dense, 'WARN'],
      ['modules/sandbox/run.ts', [weakening], 'ALLOW'],
      ['util/run.ts', [...large, weakening], 'ALLOW'],
    ];
    for (const [path, lines, decision] of cases) {
      const verdict = evaluateGate(path, diffOf(lines));
      expect(verdict.decision, `${path} ${lines.length} lines`).toBe(decision);
    }
    const blocked = evaluateGate('modules/sandbox/run.ts', diffOf([...large, weakening]));
    expect(blocked.reasons).toEqual([
      'critical path (modules/sandbox/)',
      `large patch (${blocked.patch_length} > 2000 characters)`,
      'weakening pattern sandbox_disabled: disabling the sandbox',
    ]);
    expect(evaluateGate('modules/sandbox/run.ts', diffOf(dense)).is_dense_patch).toBe(true);
  });
});
