import { describe, expect, it } from 'vitest';
import { hint, hintedSettings, settingStatements } from './statement-hints.js';

describe('statement hints', () => {
  it('reads back the settings a hint writes, and only from a leading hint', () => {
    const text = `${hint({ enable_seqscan: 'off', 'pg_trgm.similarity_threshold': '0.45' })}select 1`;
    expect(text).toBe(
      '/*+ Set(enable_seqscan off) Set(pg_trgm.similarity_threshold 0.45) */ select 1',
    );
    expect(hintedSettings(text)).toEqual([
      ['enable_seqscan', 'off'],
      ['pg_trgm.similarity_threshold', '0.45'],
    ]);
    expect(hintedSettings('select 1 /*+ Set(enable_seqscan off) */')).toBeNull();
    expect(hintedSettings('/* Set(enable_seqscan off) */ select 1')).toBeNull();
    expect(hintedSettings('/*+ IndexScan(t) */ select 1')).toBeNull();
  });

  it('never lets a name or value carry SQL into the statements it builds', () => {
    expect(() => hint({ "work_mem = '1GB'; drop table x; --": 'on' })).toThrow(/not a hintable/);
    expect(() => hint({ work_mem: "1'; drop table x; --" })).toThrow(/not a hintable/);
    // A hand-written hint with such parts is ignored, not executed.
    expect(hintedSettings("/*+ Set(work_mem 1';drop) Set(x;y on) */ select 1")).toBeNull();
    expect(settingStatements([['enable_seqscan', 'off']])).toEqual({
      set: "set enable_seqscan = 'off'",
      reset: 'reset enable_seqscan',
    });
  });
});
