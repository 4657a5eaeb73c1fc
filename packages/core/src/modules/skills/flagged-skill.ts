import type { ConfigurationService } from '../configuration/configuration.service.js';
import type { FeatureFlag } from '../configuration/feature-flags.js';
import type { AnySkill } from './skill.js';

/**
 * The skill, available only while its feature flag is on: turned off, it is neither offered to
 * the model nor routed to by the decision layer, and /api/skills says why.
 */
export function behindFlag(
  skill: AnySkill,
  flag: FeatureFlag,
  configuration: ConfigurationService,
): AnySkill {
  return {
    ...skill,
    async availability() {
      if (!(await configuration.flag(flag)))
        return { available: false, reason: `Turned off by the ${flag} feature flag.` };
      return skill.availability ? skill.availability() : { available: true };
    },
  };
}
