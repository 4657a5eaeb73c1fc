import type { SVGProps } from 'react';

export type IconProps = SVGProps<SVGSVGElement> & { size?: number };

/** Stroke icons drawn on a 24 px grid; they take the text colour around them. */
function Icon({ size = 18, children, ...props }: IconProps) {
  return (
    <svg
      xmlns="http://www.w3.org/2000/svg"
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={1.8}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      {...props}
    >
      {children}
    </svg>
  );
}

export const OverviewIcon = (props: IconProps) => (
  <Icon {...props}>
    <rect x="4" y="4" width="6" height="7" rx="1" />
    <rect x="14" y="4" width="6" height="4" rx="1" />
    <rect x="14" y="12" width="6" height="8" rx="1" />
    <rect x="4" y="15" width="6" height="5" rx="1" />
  </Icon>
);

export const HealthIcon = (props: IconProps) => (
  <Icon {...props}>
    <polyline points="3 12 7 12 10 5 14 19 17 12 21 12" />
  </Icon>
);

export const AuditIcon = (props: IconProps) => (
  <Icon {...props}>
    <rect x="5" y="4" width="14" height="17" rx="2" />
    <path d="M9 4V3h6v1M9 10h6M9 14h6M9 18h3" />
  </Icon>
);

export const ChevronIcon = (props: IconProps) => (
  <Icon {...props}>
    <polyline points="9 6 15 12 9 18" />
  </Icon>
);

export const KeyIcon = (props: IconProps) => (
  <Icon {...props}>
    <circle cx="8" cy="15" r="4" />
    <path d="M11 12l9-9M17 6l3 3M15 8l2 2" />
  </Icon>
);

export const SignOutIcon = (props: IconProps) => (
  <Icon {...props}>
    <path d="M14 8V5a1 1 0 0 0-1-1H5a1 1 0 0 0-1 1v14a1 1 0 0 0 1 1h8a1 1 0 0 0 1-1v-3" />
    <path d="M10 12h10M17 9l3 3-3 3" />
  </Icon>
);

export const LogoMark = ({ size = 28 }: { size?: number }) => (
  <svg width={size} height={size} viewBox="0 0 32 32" aria-hidden="true">
    <rect width="32" height="32" rx="7" fill="var(--mantine-color-indigo-6)" />
    <path
      d="M9 22l7-13 7 13M12 17h8"
      fill="none"
      stroke="#fff"
      strokeWidth="2.5"
      strokeLinecap="round"
      strokeLinejoin="round"
    />
  </svg>
);

export const ChatIcon = (props: IconProps) => (
  <Icon {...props}>
    <path d="M5 5h14a1 1 0 0 1 1 1v10a1 1 0 0 1-1 1h-8l-5 4v-4H5a1 1 0 0 1-1-1V6a1 1 0 0 1 1-1z" />
    <path d="M8 10h8M8 13h5" />
  </Icon>
);

export const LiveIcon = (props: IconProps) => (
  <Icon {...props}>
    <circle cx="12" cy="12" r="2" />
    <path d="M8.5 8.5a5 5 0 0 0 0 7M15.5 8.5a5 5 0 0 1 0 7M5.6 5.6a9 9 0 0 0 0 12.8M18.4 5.6a9 9 0 0 1 0 12.8" />
  </Icon>
);

export const SendIcon = (props: IconProps) => (
  <Icon {...props}>
    <path d="M4 12l16-8-6 16-2.5-6.5z" />
    <path d="M11.5 13.5L20 4" />
  </Icon>
);

export const StopIcon = (props: IconProps) => (
  <Icon {...props}>
    <rect x="6" y="6" width="12" height="12" rx="2" />
  </Icon>
);

export const PlusIcon = (props: IconProps) => (
  <Icon {...props}>
    <path d="M12 5v14M5 12h14" />
  </Icon>
);

export const ShieldIcon = (props: IconProps) => (
  <Icon {...props}>
    <path d="M12 3l7 3v5c0 4.5-3 8.3-7 10-4-1.7-7-5.5-7-10V6z" />
    <path d="M12 8v5M12 16h.01" />
  </Icon>
);

export const PauseIcon = (props: IconProps) => (
  <Icon {...props}>
    <path d="M9 6v12M15 6v12" />
  </Icon>
);

export const PlayIcon = (props: IconProps) => (
  <Icon {...props}>
    <path d="M8 5l11 7-11 7z" />
  </Icon>
);

export const TracesIcon = (props: IconProps) => (
  <Icon {...props}>
    <circle cx="6" cy="6" r="2" />
    <circle cx="18" cy="12" r="2" />
    <circle cx="6" cy="18" r="2" />
    <path d="M8 6h4a4 4 0 0 1 4 4M8 18h4a4 4 0 0 0 4-4" />
  </Icon>
);

export const ModelsIcon = (props: IconProps) => (
  <Icon {...props}>
    <rect x="7" y="7" width="10" height="10" rx="2" />
    <path d="M10 3v4M14 3v4M10 17v4M14 17v4M3 10h4M3 14h4M17 10h4M17 14h4" />
  </Icon>
);

export const SkillsIcon = (props: IconProps) => (
  <Icon {...props}>
    <path d="M13 3L5 14h6l-1 7 8-11h-6z" />
  </Icon>
);

export const IdentityIcon = (props: IconProps) => (
  <Icon {...props}>
    <circle cx="12" cy="9" r="3.5" />
    <path d="M5 20a7 7 0 0 1 14 0" />
  </Icon>
);

export const BellIcon = (props: IconProps) => (
  <Icon {...props}>
    <path d="M6 16V11a6 6 0 0 1 12 0v5l1.5 2h-15z" />
    <path d="M10 20a2 2 0 0 0 4 0" />
  </Icon>
);

export const SelfImproveIcon = (props: IconProps) => (
  <Icon {...props}>
    <circle cx="6" cy="6" r="2" />
    <circle cx="6" cy="18" r="2" />
    <circle cx="18" cy="18" r="2" />
    <path d="M6 8v8M18 16V9a3 3 0 0 0-3-3h-4M13 4l-2 2 2 2" />
  </Icon>
);

export const AgentsIcon = (props: IconProps) => (
  <Icon {...props}>
    <rect x="5" y="8" width="14" height="11" rx="2" />
    <path d="M12 8V5M9.5 13h.01M14.5 13h.01M10 16h4M3 12v3M21 12v3" />
    <circle cx="12" cy="4" r="1" />
  </Icon>
);

export const SchedulerIcon = (props: IconProps) => (
  <Icon {...props}>
    <circle cx="12" cy="13" r="7" />
    <path d="M12 9v4l2.5 2M5 4L3 6M19 4l2 2" />
  </Icon>
);

export const SubscriptionsIcon = (props: IconProps) => (
  <Icon {...props}>
    <circle cx="6" cy="18" r="1.5" />
    <path d="M5 11a8 8 0 0 1 8 8M5 5a14 14 0 0 1 14 14" />
  </Icon>
);

export const ConfigIcon = (props: IconProps) => (
  <Icon {...props}>
    <path d="M4 6h9M17 6h3M4 12h3M11 12h9M4 18h11M19 18h1" />
    <circle cx="15" cy="6" r="2" />
    <circle cx="9" cy="12" r="2" />
    <circle cx="17" cy="18" r="2" />
  </Icon>
);

export const BehavioralRulesIcon = (props: IconProps) => (
  <Icon {...props}>
    <path d="M4 7l2 2 3-3M4 15l2 2 3-3M12 8h8M12 16h8" />
  </Icon>
);

export const GoalsIcon = (props: IconProps) => (
  <Icon {...props}>
    <circle cx="12" cy="12" r="8" />
    <circle cx="12" cy="12" r="4" />
    <circle cx="12" cy="12" r="0.8" fill="currentColor" />
  </Icon>
);

export const TasksIcon = (props: IconProps) => (
  <Icon {...props}>
    <rect x="4" y="4" width="16" height="16" rx="2" />
    <path d="M8 9h8M8 12h8M8 15h5" />
  </Icon>
);

export const StateIcon = (props: IconProps) => (
  <Icon {...props}>
    <path d="M5 19a8 8 0 1 1 14 0" />
    <path d="M12 14l4-5" />
    <circle cx="12" cy="14" r="1.2" />
  </Icon>
);

export const ArchiveIcon = (props: IconProps) => (
  <Icon {...props}>
    <rect x="3" y="4" width="18" height="5" rx="1" />
    <path d="M5 9v10a1 1 0 0 0 1 1h12a1 1 0 0 0 1-1V9M10 13h4" />
  </Icon>
);

export const MetricsIcon = (props: IconProps) => (
  <Icon {...props}>
    <line x1="5" y1="20" x2="5" y2="12" />
    <line x1="10" y1="20" x2="10" y2="6" />
    <line x1="15" y1="20" x2="15" y2="10" />
    <line x1="20" y1="20" x2="20" y2="4" />
  </Icon>
);

export const CognitiveIcon = (props: IconProps) => (
  <Icon {...props}>
    <circle cx="12" cy="12" r="8" />
    <circle cx="12" cy="12" r="3" />
    <line x1="12" y1="4" x2="12" y2="9" />
  </Icon>
);

export const SkillEvolutionIcon = (props: IconProps) => (
  <Icon {...props}>
    <circle cx="6" cy="18" r="2" />
    <circle cx="12" cy="12" r="2" />
    <circle cx="18" cy="6" r="2" />
    <line x1="7.5" y1="16.5" x2="10.5" y2="13.5" />
    <line x1="13.5" y1="10.5" x2="16.5" y2="7.5" />
  </Icon>
);

export const OpportunitiesIcon = (props: IconProps) => (
  <Icon {...props}>
    <path d="M9 18h6" />
    <path d="M10 21h4" />
    <path d="M12 3a6 6 0 0 0-4 10.5V16h8v-2.5A6 6 0 0 0 12 3z" />
  </Icon>
);

export const SearchIcon = (props: IconProps) => (
  <Icon {...props}>
    <circle cx="11" cy="11" r="6.5" />
    <path d="M16 16l4.5 4.5" />
  </Icon>
);

/** Two plugs meeting: a connection to another service. */
export const IntegrationsIcon = (props: IconProps) => (
  <Icon {...props}>
    <path d="M9 15l-2.5 2.5a2.5 2.5 0 0 1-3.5-3.5L5.5 11.5" />
    <path d="M15 9l2.5-2.5a2.5 2.5 0 0 1 3.5 3.5L18.5 12.5" />
    <path d="M7 10l7 7M10 7l7 7M9.5 14.5l5-5" />
  </Icon>
);

/** A drawer of stacked cards: remembered items by path. */
export const MemoryIcon = (props: IconProps) => (
  <Icon {...props}>
    <rect x="4" y="4" width="16" height="6" rx="1" />
    <rect x="4" y="14" width="16" height="6" rx="1" />
    <path d="M10 7h4M10 17h4" />
  </Icon>
);

/** Three joined nodes: entities and their relations. */
export const KnowledgeGraphIcon = (props: IconProps) => (
  <Icon {...props}>
    <circle cx="6" cy="6" r="2.5" />
    <circle cx="18" cy="8" r="2.5" />
    <circle cx="10" cy="18" r="2.5" />
    <path d="M8.4 6.6l7.2 1M17 10.2l-5.5 5.8M7 8.4l2.3 7.2" />
  </Icon>
);

/** A globe with a clock hand: the world over time. */
export const WorldModelIcon = (props: IconProps) => (
  <Icon {...props}>
    <circle cx="12" cy="12" r="8" />
    <path d="M4 12h16M12 4a12 12 0 0 1 0 16M12 4a12 12 0 0 0 0 16" />
  </Icon>
);

/** Arrows from one point: vectors. */
export const VectorMemoryIcon = (props: IconProps) => (
  <Icon {...props}>
    <path d="M5 19L19 5M19 5h-5M19 5v5" />
    <path d="M5 19l12 2M5 19L3 7" />
  </Icon>
);

/** Two lobes: the agent's overview of itself. */
export const BrainIcon = (props: IconProps) => (
  <Icon {...props}>
    <path d="M12 5a3 3 0 0 0-5.5 1.5A3 3 0 0 0 5 12a3 3 0 0 0 2 5 3 3 0 0 0 5 1.5z" />
    <path d="M12 5a3 3 0 0 1 5.5 1.5A3 3 0 0 1 19 12a3 3 0 0 1-2 5 3 3 0 0 1-5 1.5" />
  </Icon>
);

/** A counter-clockwise arrow round a warning mark: wipe and start again. */
export const ResetIcon = (props: IconProps) => (
  <Icon {...props}>
    <path d="M3 12a9 9 0 1 0 3-6.7" />
    <polyline points="3 4 3 9 8 9" />
    <line x1="12" y1="8" x2="12" y2="12" />
    <line x1="12" y1="16" x2="12" y2="16" />
  </Icon>
);
