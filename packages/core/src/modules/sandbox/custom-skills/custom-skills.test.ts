import { mkdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Client, createTestApp, type TestApp } from '../../../testing/test-app.js';
import {
  expectedUid,
  runContext,
  runningAsRoot,
  sandboxSettings,
  writeSkill as writeSkillIn,
} from '../sandbox-testing.js';
import { peeker, pythonSkill, type TestSkill, WEATHER, WORD_COUNT } from './test-skills.js';

describe.each(sandboxSettings())('custom skills (SANDBOX=%s)', (setting) => {
  let t: TestApp;
  let client: Client;
  let skillsDir: string;
  beforeAll(async () => {
    t = await createTestApp({ env: { SANDBOX: setting } });
    client = await t.login();
    skillsDir = path.join(t.sql.dataDir, 'skills');
    await t.app.autonomy.setMode('FULL', 'admin', null);
  });
  afterAll(() => t.close());

  const writeSkill = (folder: string, manifest: unknown, files: Record<string, string>) =>
    writeSkillIn(skillsDir, folder, manifest, files);
  const install = (skill: TestSkill) =>
    writeSkill(skill.manifest.name as string, skill.manifest, skill.files);
  const reload = async () => {
    const response = await client.inject({ method: 'POST', url: '/api/custom-skills/reload' });
    expect(response.statusCode).toBe(200);
    return response.json() as { folder: string; skills: Array<Record<string, unknown>> };
  };
  const call = (name: string, input: unknown, id = `req-${name}-${Date.now()}`) =>
    t.app.skillRunner.run(name, input, runContext(t.app, id, 'goal-custom'));

  it('loads Python and JavaScript skills, lists them, and runs them in the sandbox', async () => {
    await install(WEATHER);
    await install(WORD_COUNT);
    const listing = await reload();
    expect(listing.folder).toBe(skillsDir);
    expect(listing.skills).toEqual([
      {
        name: 'weather_report',
        path: path.join(skillsDir, 'weather_report'),
        language: 'python',
        level: 'CONTROLLED',
        description: 'Tells the weather of a city.',
        loaded: true,
        error: null,
      },
      expect.objectContaining({ name: 'word_count', language: 'javascript', loaded: true }),
    ]);
    const skills = (await client.inject({ method: 'GET', url: '/api/skills' })).json().skills;
    expect(skills.find((s: { name: string }) => s.name === 'word_count')).toMatchObject({
      level: 'RESTRICTED',
      available: true,
      input_schema: { properties: { text: { type: 'string' } }, required: ['text'] },
    });

    const weather = await call('weather_report', { city: 'Oslo' }, 'req-weather-1');
    expect(weather.status).toBe('done');
    expect(weather.modelText).toContain(
      `Oslo: sunny (uid=${expectedUid} cwd=${path.join(t.sql.dataDir, 'workspace')})`,
    );
    expect(weather.modelText).toMatch(/^<untrusted_content source="weather_report">/);
    const words = await call('word_count', { text: 'one two  three' });
    expect(words.operatorText).toBe('3 words');
    const invalid = await call('weather_report', { city: 'X' });
    expect(invalid).toMatchObject({ status: 'error' });
    expect(invalid.modelText).toMatch(/^Error: Invalid input: city:/);

    await t.app.audit.flush();
    const rows = (await t.app.audit.list({ limit: 5, action: 'skill.weather_report' })).entries;
    expect(rows.find((row) => row.request_id === 'req-weather-1')).toMatchObject({
      exit_code: 0,
      error: null,
      goal_id: 'goal-custom',
    });
    const reloads = (await t.app.audit.list({ limit: 5, action: 'custom_skills.reload' })).entries;
    expect(reloads[0]).toMatchObject({
      actor: 'admin',
      detail: { loaded: ['weather_report', 'word_count'], failed: [] },
    });
  });

  it('lists a broken folder with its error and registers nothing for it', async () => {
    const base = {
      description: 'Broken.',
      level: 'CONTROLLED',
      language: 'python',
      entry: 'main.py',
      input_schema: { type: 'object', properties: {} },
    };
    await writeSkill('bad_json', '{"name": "bad_json",', { 'main.py': '' });
    await writeSkill('too_safe', { ...base, name: 'too_safe', level: 'SAFE' }, { 'main.py': '' });
    await writeSkill('renamed', { ...base, name: 'other_name' }, { 'main.py': '' });
    await writeSkill(
      'escapes',
      { ...base, name: 'escapes', entry: '../weather_report/main.py' },
      {},
    );
    const schema = { type: 'object', properties: { a: { type: 'string', format: 'email' } } };
    await writeSkill(
      'odd_schema',
      { ...base, name: 'odd_schema', input_schema: schema },
      { 'main.py': '' },
    );
    await writeSkill('shell', { ...base, name: 'shell' }, { 'main.py': '' });
    await mkdir(path.join(skillsDir, 'no_manifest'), { recursive: true });

    const errors = Object.fromEntries((await reload()).skills.map((s) => [s.name, s.error]));
    expect(errors).toMatchObject({
      bad_json: expect.stringMatching(/^manifest\.json is not valid JSON: /),
      too_safe: expect.stringContaining(
        'level: must be CONTROLLED, RESTRICTED or PRIVILEGED (SAFE and MONITORED are not allowed',
      ),
      renamed: 'name "other_name" differs from its folder "renamed"',
      escapes: `entry "../weather_report/main.py" is not a file in the skill's folder`,
      odd_schema: 'input_schema.properties.a: unsupported keyword(s) for string: format',
      shell: 'the name shell is taken by a built-in skill',
      no_manifest: 'manifest.json is missing',
      weather_report: null,
    });
    for (const name of ['bad_json', 'too_safe', 'other_name', 'escapes', 'odd_schema']) {
      expect(t.app.skills.get(name)).toBeUndefined();
    }
    expect(t.app.skills.get('shell')?.level).toBe('RESTRICTED');
    const listed = (await client.inject({ method: 'GET', url: '/api/custom-skills' })).json();
    expect(listed.skills.find((s: { name: string }) => s.name === 'too_safe')).toMatchObject({
      language: 'python',
      level: 'SAFE',
      loaded: false,
    });
    for (const name of [
      'bad_json',
      'too_safe',
      'renamed',
      'escapes',
      'odd_schema',
      'shell',
      'no_manifest',
    ]) {
      await rm(path.join(skillsDir, name), { recursive: true });
    }
  });

  it('reloads by itself when a file changes, and forgets a deleted skill', async () => {
    // A new description and a new entry file: only a reload makes the registry see them.
    const manifest = { ...WEATHER.manifest, description: 'Weather, version two.', entry: 'v2.py' };
    await writeSkill('weather_report', manifest, {
      'v2.py':
        'import json, sys\nprint(json.dumps({"text": "rain in " + json.load(sys.stdin)["city"]}))\n',
    });
    await expect
      .poll(() => t.app.skills.get('weather_report')?.description, { timeout: 15_000 })
      .toBe('Weather, version two.');
    expect((await call('weather_report', { city: 'Bergen' })).operatorText).toBe('rain in Bergen');
    await rm(path.join(skillsDir, 'word_count'), { recursive: true });
    await expect
      .poll(() => t.app.customSkills.list().map((s) => s.name), { timeout: 15_000 })
      .toEqual(['weather_report']);
    expect(t.app.skills.get('word_count')).toBeUndefined();
  });

  it('offers nothing and runs nothing while the custom_skills flag is off', async () => {
    await t.app.configuration.setFlag('custom_skills', false, 'admin', null);
    try {
      const skills = (await client.inject({ method: 'GET', url: '/api/skills' })).json().skills;
      expect(skills.find((s: { name: string }) => s.name === 'weather_report')).toMatchObject({
        available: false,
        unavailable_reason: 'Turned off by the custom_skills feature flag.',
      });
      expect((await t.app.skills.available()).map((s) => s.name)).not.toContain('weather_report');
      const refused = await call('weather_report', { city: 'Oslo' });
      expect(refused.modelText).toBe(
        'Error: Custom skills are turned off by the custom_skills feature flag.',
      );
    } finally {
      await t.app.configuration.setFlag('custom_skills', true, 'admin', null);
    }
  });

  it('holds custom skills to the time limit, and reports a failing program', async () => {
    await install(pythonSkill('spinner', 'while True:\n    pass\n', { timeout_seconds: 1 }));
    const crash = 'import sys\nsys.stderr.write("no luck today\\n")\nsys.exit(2)\n';
    await install(pythonSkill('crasher', crash));
    await reload();
    const spun = await call('spinner', {}, 'req-spinner');
    expect(spun.modelText).toBe('Error: timeout after 1s');
    const crashed = await call('crasher', {}, 'req-crasher');
    expect(crashed.modelText).toBe('Error: crasher failed with exit code 2: no luck today');
    await t.app.audit.flush();
    const [spinRow] = (await t.app.audit.list({ limit: 1, action: 'skill.spinner' })).entries;
    expect(spinRow).toMatchObject({ error: 'timeout after 1s', exit_code: null });
    const [crashRow] = (await t.app.audit.list({ limit: 1, action: 'skill.crasher' })).entries;
    expect(crashRow).toMatchObject({ exit_code: 2 });
  });

  it('sees its own files and the workspace, not DATA_DIR or the other skills', async () => {
    await install(peeker(t.sql.dataDir));
    await reload();
    const seen = JSON.parse((await call('peeker', {})).operatorText);
    // bubblewrap: an empty DATA_DIR but for the workspace and this skill's own folder; uid:
    // DATA_DIR is closed to the sandbox's user altogether.
    if (setting === 'bubblewrap') expect(seen).toEqual([['skills', 'workspace'], ['peeker']]);
    else if (runningAsRoot) expect(seen).toEqual(['PermissionError', 'PermissionError']);
    await rm(path.join(skillsDir, 'peeker'), { recursive: true });
    await reload();
  });

  it('loads the skill files again after a restart', async () => {
    t = await t.restart();
    client = await t.login();
    expect(
      t.app.customSkills
        .list()
        .filter((s) => s.loaded)
        .map((s) => s.name),
    ).toEqual(['crasher', 'spinner', 'weather_report']);
    expect(t.app.skills.get('weather_report')?.level).toBe('CONTROLLED');
  });
});
