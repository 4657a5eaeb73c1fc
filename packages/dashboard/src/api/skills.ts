import { request } from './client';

export const CAPABILITY_LEVELS = [
  'SAFE',
  'MONITORED',
  'CONTROLLED',
  'RESTRICTED',
  'PRIVILEGED',
] as const;
export type CapabilityLevel = (typeof CAPABILITY_LEVELS)[number];

export const AUTONOMY_MODES = ['SEMI', 'MANUAL', 'FULL'] as const;
export type AutonomyMode = (typeof AUTONOMY_MODES)[number];

export interface Skill {
  name: string;
  description: string;
  level: CapabilityLevel;
  available: boolean;
  unavailable_reason: string | null;
  /** Under the current autonomy mode */
  needs_confirmation: boolean;
  /** JSON Schema of the skill's input */
  input_schema: unknown;
}

export interface SkillList {
  mode: AutonomyMode;
  skills: Skill[];
}

export interface AutonomyState {
  mode: AutonomyMode;
  modes: AutonomyMode[];
}

export const fetchSkills = (signal?: AbortSignal) => request<SkillList>('/api/skills', { signal });

export const fetchAutonomy = (signal?: AbortSignal) =>
  request<AutonomyState>('/api/autonomy', { signal });

export const setAutonomyMode = (mode: AutonomyMode) =>
  request<AutonomyState>('/api/autonomy', { method: 'PUT', body: { mode } });
