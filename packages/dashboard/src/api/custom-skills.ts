import { request } from './client';

/** One folder under DATA_DIR/skills: loaded, or why not. */
export interface CustomSkill {
  /** The folder name (which the manifest's name must equal) */
  name: string;
  path: string;
  /** What the manifest says, as far as it could be read */
  language: string | null;
  level: string | null;
  description: string | null;
  loaded: boolean;
  /** Why the skill is not loaded; null when it is */
  error: string | null;
}

export interface CustomSkillList {
  /** DATA_DIR/skills */
  folder: string;
  skills: CustomSkill[];
}

export const fetchCustomSkills = (signal?: AbortSignal) =>
  request<CustomSkillList>('/api/custom-skills', { signal });

export const reloadCustomSkills = () =>
  request<CustomSkillList>('/api/custom-skills/reload', { method: 'POST' });
