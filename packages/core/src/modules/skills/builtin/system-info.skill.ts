import { statfs } from 'node:fs/promises';
import os from 'node:os';
import { z } from 'zod';
import { defineSkill, type SkillOutput } from '../skill.js';

/**
 * A snapshot of the machine the runtime runs on. It deliberately leaves out environment
 * variables, user names, home directories and any path: they are where secrets and personal
 * details live, and the model does not need them to answer "how is the server doing?".
 */
export interface SystemInfo {
  host_name: string;
  os: { type: string; platform: string; release: string; arch: string };
  cpu: { model: string; count: number; load_average: [number, number, number] };
  memory: { total_bytes: number; free_bytes: number; process_rss_bytes: number };
  /** Null where the platform cannot say (statfs is missing on some systems). */
  disk: { total_bytes: number; free_bytes: number } | null;
  uptime_seconds: { system: number; process: number };
  node_version: string;
  runtime_version: string;
}

export interface SystemInfoSkillOptions {
  /** The runtime's own version, as GET /health reports it. */
  version: string;
}

const inputSchema = z.object({});

const BYTE_UNITS = ['B', 'KiB', 'MiB', 'GiB', 'TiB', 'PiB'];

export function formatBytes(bytes: number): string {
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < BYTE_UNITS.length - 1) {
    value /= 1024;
    unit++;
  }
  return `${unit === 0 ? value : value.toFixed(1)} ${BYTE_UNITS[unit]}`;
}

/** "3 d 4 h", "5 min 3 s": the two largest units are enough to read at a glance. */
export function formatUptime(seconds: number): string {
  const whole = Math.floor(seconds);
  const parts: Array<[number, string]> = [
    [Math.floor(whole / 86_400), 'd'],
    [Math.floor(whole / 3_600) % 24, 'h'],
    [Math.floor(whole / 60) % 60, 'min'],
    [whole % 60, 's'],
  ];
  const first = parts.findIndex(([count]) => count > 0);
  if (first === -1) return '0 s';
  return parts
    .slice(first, first + 2)
    .filter(([count]) => count > 0)
    .map(([count, unit]) => `${count} ${unit}`)
    .join(' ');
}

async function diskOfWorkingDirectory(): Promise<SystemInfo['disk']> {
  try {
    const stats = await statfs(process.cwd());
    return { total_bytes: stats.blocks * stats.bsize, free_bytes: stats.bavail * stats.bsize };
  } catch {
    return null;
  }
}

export async function collectSystemInfo(version: string): Promise<SystemInfo> {
  const cpus = os.cpus();
  const [one = 0, five = 0, fifteen = 0] = os.loadavg();
  return {
    host_name: os.hostname(),
    os: { type: os.type(), platform: os.platform(), release: os.release(), arch: os.arch() },
    cpu: {
      model: cpus[0]?.model.trim() || 'unknown',
      // cpus() is empty inside some containers; availableParallelism still counts.
      count: cpus.length || os.availableParallelism(),
      load_average: [one, five, fifteen].map((load) => Math.round(load * 100) / 100) as [
        number,
        number,
        number,
      ],
    },
    memory: {
      total_bytes: os.totalmem(),
      free_bytes: os.freemem(),
      process_rss_bytes: process.memoryUsage.rss(),
    },
    disk: await diskOfWorkingDirectory(),
    uptime_seconds: { system: Math.round(os.uptime()), process: Math.round(process.uptime()) },
    node_version: process.version,
    runtime_version: version,
  };
}

export function describeSystemInfo(info: SystemInfo): string {
  const { cpu, memory, disk } = info;
  return [
    `Host: ${info.host_name}`,
    `OS: ${info.os.type} ${info.os.release} (${info.os.platform}, ${info.os.arch})`,
    `CPU: ${cpu.count} × ${cpu.model}`,
    `Load average: ${cpu.load_average.join(', ')} (1, 5, 15 min)`,
    `Memory: ${formatBytes(memory.free_bytes)} free of ${formatBytes(memory.total_bytes)}`,
    `Process memory (RSS): ${formatBytes(memory.process_rss_bytes)}`,
    disk
      ? `Disk (working directory): ${formatBytes(disk.free_bytes)} free of ${formatBytes(disk.total_bytes)}`
      : 'Disk (working directory): unknown',
    `Uptime: system ${formatUptime(info.uptime_seconds.system)}, process ${formatUptime(info.uptime_seconds.process)}`,
    `Node.js ${info.node_version}, agent runtime ${info.runtime_version}`,
  ].join('\n');
}

export function createSystemInfoSkill(options: SystemInfoSkillOptions) {
  return defineSkill<z.infer<typeof inputSchema>>({
    name: 'system_info',
    description: "Host, OS, CPU, load, memory, disk, uptime and versions of the agent's server.",
    level: 'SAFE',
    inputSchema,
    async execute(): Promise<SkillOutput> {
      const info = await collectSystemInfo(options.version);
      return { text: describeSystemInfo(info), data: { ...info } };
    },
  });
}
