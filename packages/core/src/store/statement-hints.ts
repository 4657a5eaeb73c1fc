/**
 * Settings that hold for one statement, written as pg_hint_plan writes them: a leading
 * `/*+ Set(enable_seqscan off) *\/` comment. On the embedded database the connection
 * (PgliteConnection) sets them before the statement and resets them after it, in the same call
 * into PGlite, so a query needs no transaction of its own to keep a planner setting local. On
 * PostgreSQL the comment is a comment (or, where pg_hint_plan is loaded, means the same).
 */

/** What a hint may name and set: a setting's name, and a plain word or number as its value. */
const NAME = /^[a-z_][a-z0-9_.]*$/i;
const VALUE = /^[\w.-]+$/;
const LEADING_HINT = /^\/\*\+([^*]*)\*\//;
const SET = /Set\(\s*([^\s)]+)\s+([^\s)]+)\s*\)/g;

/** The leading comment that sets `settings` for one statement. */
export function hint(settings: Record<string, string>): string {
  const sets = Object.entries(settings).map(([name, value]) => {
    if (!NAME.test(name) || !VALUE.test(value)) throw new Error(`not a hintable setting: ${name}`);
    return `Set(${name} ${value})`;
  });
  return `/*+ ${sets.join(' ')} */ `;
}

/**
 * The settings named by the hint a statement opens with, or null when it has none. Every
 * statement the embedded database runs passes here, so one that does not start with the
 * hint's opening is passed over at the cost of one comparison.
 */
export function hintedSettings(text: string): Array<[string, string]> | null {
  if (!text.startsWith('/*+')) return null;
  const comment = LEADING_HINT.exec(text)?.[1];
  if (!comment) return null;
  const settings: Array<[string, string]> = [];
  for (const [, name = '', value = ''] of comment.matchAll(SET))
    if (NAME.test(name) && VALUE.test(value)) settings.push([name, value]);
  return settings.length > 0 ? settings : null;
}

/** The statements that set the hinted settings for the session, then return them to defaults. */
export function settingStatements(settings: Array<[string, string]>): {
  set: string;
  reset: string;
} {
  return {
    set: settings.map(([name, value]) => `set ${name} = '${value}'`).join('; '),
    reset: settings.map(([name]) => `reset ${name}`).join('; '),
  };
}
