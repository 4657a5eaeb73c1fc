import os from 'node:os';
import { afterEach, describe, expect, it } from 'vitest';
import { testSkillContext } from '../../../testing/skill-context.js';
import {
  createSystemInfoSkill,
  formatBytes,
  formatUptime,
  type SystemInfo,
} from './system-info.skill.js';

const context = testSkillContext();

describe('system_info skill', () => {
  const skill = createSystemInfoSkill({ version: '9.8.7' });

  afterEach(() => {
    delete process.env.SYSTEM_INFO_TEST_SECRET;
  });

  it('is SAFE and takes no input', () => {
    expect(skill.name).toBe('system_info');
    expect(skill.level).toBe('SAFE');
    expect(skill.inputSchema.parse({})).toEqual({});
  });

  it('reports the machine in text and data', async () => {
    const output = await skill.execute({}, context);
    const info = output.data as unknown as SystemInfo;
    expect(info.host_name).toBe(os.hostname());
    expect(info.os).toEqual({
      type: os.type(),
      platform: os.platform(),
      release: os.release(),
      arch: os.arch(),
    });
    expect(info.cpu.count).toBeGreaterThan(0);
    expect(info.cpu.load_average).toHaveLength(3);
    expect(info.memory.total_bytes).toBe(os.totalmem());
    expect(info.memory.process_rss_bytes).toBeGreaterThan(0);
    expect(info.disk?.total_bytes).toBeGreaterThan(0);
    expect(info.disk?.free_bytes).toBeLessThanOrEqual(info.disk?.total_bytes ?? 0);
    expect(info.uptime_seconds.process).toBeGreaterThanOrEqual(0);
    expect(info.node_version).toBe(process.version);
    expect(info.runtime_version).toBe('9.8.7');
    for (const label of ['Host:', 'OS:', 'CPU:', 'Load average:', 'Memory:', 'Disk', 'Uptime:'])
      expect(output.text).toContain(label);
    expect(output.text).toContain(`Node.js ${process.version}, agent runtime 9.8.7`);
  });

  it('leaks no environment variable, home directory or path', async () => {
    process.env.SYSTEM_INFO_TEST_SECRET = 'hunter2-very-secret-value';
    const output = await skill.execute({}, context);
    const everything = `${output.text}\n${JSON.stringify(output.data)}`;
    expect(everything).not.toContain('hunter2-very-secret-value');
    expect(everything).not.toContain(os.homedir());
    expect(everything).not.toContain(process.cwd());
  });
});

describe('formatBytes', () => {
  it.each([
    [512, '512 B'],
    [2048, '2.0 KiB'],
    [1.5 * 1024 ** 3, '1.5 GiB'],
    [3 * 1024 ** 4, '3.0 TiB'],
  ])('%d -> %s', (bytes, text) => {
    expect(formatBytes(bytes)).toBe(text);
  });
});

describe('formatUptime', () => {
  it.each([
    [0, '0 s'],
    [42, '42 s'],
    [303, '5 min 3 s'],
    [3_600, '1 h'],
    [3 * 86_400 + 4 * 3_600 + 12 * 60, '3 d 4 h'],
    [86_400 + 59, '1 d'],
  ])('%d s -> %s', (seconds, text) => {
    expect(formatUptime(seconds)).toBe(text);
  });
});
