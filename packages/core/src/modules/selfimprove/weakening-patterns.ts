/**
 * The 13 weakening patterns of the soft safety gate (SPEC Limits): each a named regular
 * expression over the lines a patch adds. They are signals, not proof: on their own they block
 * nothing; with a critical path and a large or dense patch they block the apply.
 */
export interface WeakeningPattern {
  name: string;
  /** What the pattern looks for, as the gate's reasons say it. */
  label: string;
  /** Tested on every added line (without its + marker). */
  pattern: RegExp;
  matches(added: string[], removed: string[]): boolean;
}

const define = (
  name: string,
  label: string,
  pattern: RegExp,
  extra?: (added: string[], removed: string[]) => boolean,
): WeakeningPattern => ({
  name,
  label,
  pattern,
  matches: (added, removed) =>
    added.some((line) => pattern.test(line)) || (extra?.(added, removed) ?? false),
});

/** An audit write: app.audit.record(...), this.audit.record(...), audit_log inserts. */
const AUDIT_WRITE =
  /\baudit\w*\s*\.\s*(?:record|write|log|insert\w*)\s*\(|insertInto\(\s*['"]audit_log['"]/i;
const count = (lines: string[], pattern: RegExp) =>
  lines.filter((line) => pattern.test(line)).length;

export const WEAKENING_PATTERNS: readonly WeakeningPattern[] = [
  define(
    'sandbox_disabled',
    'disabling the sandbox',
    /\b(?:disable|skip|bypass|no)[_-]?sandbox(?:ing)?\b|\bsandbox(?:_?enabled|ing)?\s*[:=]\s*(?:false|False|None|null|off|['"](?:none|off|false)['"])|\bSANDBOX\s*[:=]\s*['"]?none\b/i,
  ),
  define(
    'guard_bypassed',
    'bypassing a guard',
    /\b(?:bypass|skip|disable|no)[_-]?(?:input[_-]?|output[_-]?|policy[_-]?|injection[_-]?)?(?:guards?|grounder|gate)\b|\b(?:guards?|guard_chain|grounder)\s*[:=]\s*(?:\[\s*\]|false|False|None|null)\b/i,
  ),
  define(
    'confirmation_skipped',
    'skipping confirmation',
    /\b(?:skip|bypass|disable|no)[_-]?confirm(?:ation)?s?\b|\bauto[_-]?approve\w*\s*[:=]\s*(?:true|True)|\b(?:require|needs?)[_-]?confirm(?:ation)?\s*[:=]\s*(?:false|False)|\bneedsConfirmation\s*\([^)]*\)\s*(?::[^{]*)?\{?\s*return\s+false/i,
  ),
  define(
    'high_risk_set_emptied',
    'emptying the high-risk-action set',
    /\b(?:HIGH_RISK\w*|high_risk\w*|RISKY_\w*|CONFIRMED_LEVELS|AUDITED_LEVELS|(?:SEMI|MANUAL)\b)\s*(?::[^=]*)?[:=]\s*(?:new\s+Set\s*\(\s*(?:\[\s*\])?\s*\)|\[\s*\]|\{\s*\}|set\(\s*\)|frozenset\(\s*\))/i,
  ),
  define(
    'redaction_disabled',
    'turning off redaction',
    /\b(?:disable|skip|bypass|no)[_-]?redact(?:ion|ing)?\b|\bredact(?:ion|_?enabled)?\s*[:=]\s*(?:false|False|None|null)\b|\bredact(?:Text|Value|_text|_value)\s*=\s*(?:\(\s*(\w+)[^)]*\)\s*=>\s*\1\b|lambda\s+(\w+)\s*:\s*\2\b)/i,
  ),
  define(
    'csrf_or_auth_disabled',
    'disabling CSRF or auth checks',
    /\b(?:disable|skip|bypass|no)[_-]?(?:csrf|auth(?:entication)?|session[_-]?check|login[_-]?check)\b|\b(?:csrf\w*|requireAuth|requireSession|auth_?required|login_required|verify_?csrf)\s*[:=]\s*(?:false|False|None|null)\b|\bcsrf_exempt\b/i,
  ),
  define(
    'ssrf_allowlist_widened',
    'widening the SSRF allowlist to everything',
    /\ballow(?:list|ed_?hosts?)\w*\s*[:=]\s*\[?\s*['"](?:\*|0\.0\.0\.0\/0|::\/0)['"]|\b(?:allow_?private\w*|allow_?all\w*|allowPrivate\w*|allowAll\w*)\s*[:=]\s*(?:true|True)\b|\bSSRF_ALLOWLIST\s*[:=]\s*['"]?\*/i,
  ),
  define(
    'audit_removed',
    'removing audit writes',
    /^\s*(?:\/\/|#|\/\*)\s*.*\baudit\w*\s*\.\s*(?:record|write|log)\s*\(|\b(?:disable|skip|bypass|no)[_-]?audit(?:ing)?\b|\baudit(?:_?enabled|ing)?\s*[:=]\s*(?:false|False|None|null)\b|\bisAudited\s*\([^)]*\)\s*(?::[^{]*)?\{?\s*return\s+false/i,
    // A removed audit write that the patch does not add back is the same signal.
    (added, removed) => count(removed, AUDIT_WRITE) > count(added, AUDIT_WRITE),
  ),
  define(
    'autonomy_full_default',
    'setting the autonomy mode to FULL by default',
    /\b(?:DEFAULT_AUTONOMY_MODE|default_?(?:autonomy_?)?mode|AUTONOMY_MODE)\w*\s*(?::[^=]*)?[:=]\s*['"]FULL['"]|\bdefault\s*:\s*['"]FULL['"]/i,
  ),
  define(
    'dynamic_eval',
    'eval or new Function',
    /(?<![.\w])eval\s*\(|\bnew\s+Function\s*\(|(?<![.\w])Function\s*\(\s*['"`]|(?<![.\w])exec\s*\(\s*(?:compile\s*\(|['"])/,
  ),
  define(
    'chmod_777',
    'chmod 777',
    /\bchmod\b.*\b0?o?777\b|\bchmod(?:Sync)?\s*\([^)]*\b0o?777\b|\bmode\s*[:=]\s*0o?777\b/i,
  ),
  define(
    'tls_verification_disabled',
    'disabling TLS verification',
    /\brejectUnauthorized\s*:\s*false\b|NODE_TLS_REJECT_UNAUTHORIZED\W+0|\bverify\s*=\s*False\b|\bCERT_NONE\b|\bcheck_hostname\s*=\s*False\b|\bInsecureSkipVerify\s*:\s*true\b|\bcurl\b.*\s(?:-k|--insecure)\b/,
  ),
  define(
    'hardcoded_credentials',
    'hard-coded credentials',
    /\b\w*(?:password|passwd|secret|api_?key|access_?key|private_?key|auth_?token)\w*['"]?\s*[:=]\s*['"][^'"\s]{6,}['"]|-----BEGIN [A-Z ]*PRIVATE KEY-----|\bsk-[A-Za-z0-9_-]{20,}|\b(?:AKIA|ASIA)[0-9A-Z]{16}\b/i,
  ),
];
