import { z } from 'zod';
import type { AnySkill, CapabilityLevel, SkillAvailability } from './skill.js';

export interface SkillView {
  name: string;
  description: string;
  level: CapabilityLevel;
  available: boolean;
  unavailable_reason: string | null;
  input_schema: unknown;
}

/** Every skill the runtime can run, by name. Names are unique: a second one is a boot error. */
export class SkillRegistry {
  private readonly skills = new Map<string, AnySkill>();

  register(skill: AnySkill): void {
    if (this.skills.has(skill.name)) throw new Error(`Skill ${skill.name} is registered twice`);
    this.skills.set(skill.name, skill);
  }

  /** Removes a skill (a custom skill whose file was deleted or is being reloaded). */
  unregister(name: string): boolean {
    return this.skills.delete(name);
  }

  get(name: string): AnySkill | undefined {
    return this.skills.get(name);
  }

  all(): AnySkill[] {
    return [...this.skills.values()];
  }

  async availability(skill: AnySkill): Promise<SkillAvailability> {
    if (!skill.availability) return { available: true };
    try {
      return await skill.availability();
    } catch (error) {
      return { available: false, reason: (error as Error).message };
    }
  }

  /** Skills that can run now (the ones offered to the model and the decision layer). */
  async available(): Promise<AnySkill[]> {
    const checks = await Promise.all(
      this.all().map(async (skill) => ((await this.availability(skill)).available ? skill : null)),
    );
    return checks.filter((skill): skill is AnySkill => skill !== null);
  }

  async views(): Promise<SkillView[]> {
    return Promise.all(
      this.all().map(async (skill) => {
        const availability = await this.availability(skill);
        return {
          name: skill.name,
          description: skill.description,
          level: skill.level,
          available: availability.available,
          unavailable_reason: availability.available ? null : (availability.reason ?? null),
          input_schema: z.toJSONSchema(skill.inputSchema, { io: 'input', unrepresentable: 'any' }),
        };
      }),
    );
  }
}
