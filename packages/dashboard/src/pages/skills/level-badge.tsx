import { Badge, type BadgeProps } from '@mantine/core';
import { CAPABILITY_LEVELS, type CapabilityLevel } from '../../api/skills';

/** One colour per capability level, from calm to alarming, used wherever a level is shown. */
export const LEVEL_COLORS: Record<CapabilityLevel, string> = {
  SAFE: 'green',
  MONITORED: 'cyan',
  CONTROLLED: 'yellow',
  RESTRICTED: 'orange',
  PRIVILEGED: 'red',
};

const isLevel = (level: string): level is CapabilityLevel =>
  CAPABILITY_LEVELS.some((known) => known === level);

interface LevelBadgeProps extends Omit<BadgeProps, 'color' | 'children'> {
  level: string;
}

export function LevelBadge({ level, ...props }: LevelBadgeProps) {
  return (
    <Badge
      variant="light"
      radius="sm"
      color={isLevel(level) ? LEVEL_COLORS[level] : 'gray'}
      // A table squeezing its columns must not cut the level to an ellipsis.
      miw="max-content"
      {...props}
    >
      {level}
    </Badge>
  );
}
