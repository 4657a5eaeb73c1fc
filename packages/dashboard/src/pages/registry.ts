import type { ComponentType } from 'react';
import {
  AgentsIcon,
  AuditIcon,
  BehavioralRulesIcon,
  BrainIcon,
  ChatIcon,
  CognitiveIcon,
  ConfigIcon,
  GoalsIcon,
  HealthIcon,
  type IconProps,
  IdentityIcon,
  IntegrationsIcon,
  KnowledgeGraphIcon,
  LiveIcon,
  MemoryIcon,
  MetricsIcon,
  ModelsIcon,
  OpportunitiesIcon,
  OverviewIcon,
  ResetIcon,
  SchedulerIcon,
  SearchIcon,
  SelfImproveIcon,
  SkillEvolutionIcon,
  SkillsIcon,
  StateIcon,
  SubscriptionsIcon,
  TasksIcon,
  TracesIcon,
  VectorMemoryIcon,
  WorldModelIcon,
} from '../components/icons';
import { AgentDetailPage } from './agents/agent-detail-page';
import { AgentsPage } from './agents/agents-page';
import { AuditPage } from './audit/audit-page';
import { BehavioralRulesPage } from './behavioral-rules/behavioral-rules-page';
import { BrainPage } from './brain/brain-page';
import { ChatPage } from './chat/chat-page';
import { CmdPage } from './cmd/cmd-page';
import { CognitivePage } from './cognitive/cognitive-page';
import { ConfigPage } from './config/config-page';
import { GoalDetailPage } from './goals/goal-detail-page';
import { GoalsPage } from './goals/goals-page';
import { HealthPage } from './health/health-page';
import { IdentityPage } from './identity/identity-page';
import { IntegrationDetailPage } from './integrations/integration-detail-page';
import { IntegrationsPage } from './integrations/integrations-page';
import { KnowledgeGraphPage } from './knowledge-graph/knowledge-graph-page';
import { LivePage } from './live/live-page';
import { MemoryPage } from './memory/memory-page';
import { MetricsPage } from './metrics/metrics-page';
import { ModelsPage } from './models/models-page';
import { OpportunitiesPage } from './opportunities/opportunities-page';
import { OverviewPage } from './overview/overview-page';
import { ResetPage } from './reset/reset-page';
import { ScheduleDetailPage } from './scheduler/schedule-detail-page';
import { SchedulerPage } from './scheduler/scheduler-page';
import { SelfImprovePage } from './self-improve/self-improve-page';
import { SkillEvolutionPage } from './skill-evolution/skill-evolution-page';
import { SkillsPage } from './skills/skills-page';
import { StatePage } from './state/state-page';
import { SubscriptionsPage } from './subscriptions/subscriptions-page';
import { TasksPage } from './tasks/tasks-page';
import { TraceDetailPage } from './traces/trace-detail-page';
import { TracesPage } from './traces/traces-page';
import { VectorMemoryPage } from './vector-memory/vector-memory-page';
import { WorldModelPage } from './world-model/world-model-page';

/** The sidebar sections of SPEC section 4, in its order. */
export const SECTIONS = [
  'Dashboard',
  'Configurations',
  'System',
  'Governance',
  'Observability',
] as const;
export type SectionName = (typeof SECTIONS)[number];

export interface PageDefinition {
  /** Absolute URL path, as in SPEC section 4. */
  path: string;
  /** Sidebar label and document title. */
  label: string;
  section: SectionName;
  icon: ComponentType<IconProps>;
  component: ComponentType;
  /**
   * Routes below the page, such as a detail view (`/traces/:request_id`): routed, but not in the
   * sidebar, which highlights the page for them (see pageForPath).
   */
  subRoutes?: { path: string; component: ComponentType }[];
}

/**
 * Every page of the dashboard. Adding a page here adds its route and its sidebar entry; only pages
 * that really exist are listed, and a section without pages is not shown.
 */
/** In SPEC section 4's order, which is the sidebar's order within each section. */
export const PAGES: PageDefinition[] = [
  {
    path: '/overview',
    label: 'Overview',
    section: 'Dashboard',
    icon: OverviewIcon,
    component: OverviewPage,
  },
  { path: '/chat', label: 'Chat', section: 'Dashboard', icon: ChatIcon, component: ChatPage },
  {
    path: '/cmd',
    label: 'Command palette',
    section: 'Dashboard',
    icon: SearchIcon,
    component: CmdPage,
  },
  {
    path: '/identity',
    label: 'Identity',
    section: 'Configurations',
    icon: IdentityIcon,
    component: IdentityPage,
  },
  {
    path: '/config',
    label: 'Configuration',
    section: 'Configurations',
    icon: ConfigIcon,
    component: ConfigPage,
  },
  {
    path: '/skills',
    label: 'Skills',
    section: 'Configurations',
    icon: SkillsIcon,
    component: SkillsPage,
  },
  {
    path: '/models',
    label: 'Models',
    section: 'Configurations',
    icon: ModelsIcon,
    component: ModelsPage,
  },
  {
    path: '/integrations',
    label: 'Integrations',
    section: 'Configurations',
    icon: IntegrationsIcon,
    component: IntegrationsPage,
    subRoutes: [{ path: '/integrations/:integration_id', component: IntegrationDetailPage }],
  },
  {
    path: '/scheduler',
    label: 'Scheduler',
    section: 'System',
    icon: SchedulerIcon,
    component: SchedulerPage,
    subRoutes: [{ path: '/scheduler/:id', component: ScheduleDetailPage }],
  },
  {
    path: '/agents',
    label: 'Agents',
    section: 'System',
    icon: AgentsIcon,
    component: AgentsPage,
    subRoutes: [{ path: '/agents/:agent_id', component: AgentDetailPage }],
  },
  {
    path: '/goals',
    label: 'Goals',
    section: 'System',
    icon: GoalsIcon,
    component: GoalsPage,
    subRoutes: [{ path: '/goals/:goal_id', component: GoalDetailPage }],
  },
  {
    path: '/subscriptions',
    label: 'Subscriptions',
    section: 'System',
    icon: SubscriptionsIcon,
    component: SubscriptionsPage,
  },
  { path: '/health', label: 'Health', section: 'System', icon: HealthIcon, component: HealthPage },
  {
    path: '/self-improve',
    label: 'Self-improve',
    section: 'Governance',
    icon: SelfImproveIcon,
    component: SelfImprovePage,
  },
  {
    path: '/behavioral-rules',
    label: 'Behavioral rules',
    section: 'Governance',
    icon: BehavioralRulesIcon,
    component: BehavioralRulesPage,
  },
  {
    path: '/audit',
    label: 'Audit log',
    section: 'Governance',
    icon: AuditIcon,
    component: AuditPage,
  },
  {
    path: '/reset',
    label: 'Panic Reset',
    section: 'Governance',
    icon: ResetIcon,
    component: ResetPage,
  },
  {
    path: '/traces',
    label: 'Traces',
    section: 'Observability',
    icon: TracesIcon,
    component: TracesPage,
    subRoutes: [{ path: '/traces/:request_id', component: TraceDetailPage }],
  },
  { path: '/live', label: 'Live', section: 'Observability', icon: LiveIcon, component: LivePage },
  {
    path: '/metrics',
    label: 'Metrics',
    section: 'Observability',
    icon: MetricsIcon,
    component: MetricsPage,
  },
  {
    path: '/cognitive',
    label: 'Cognitive',
    section: 'Observability',
    icon: CognitiveIcon,
    component: CognitivePage,
  },
  {
    path: '/memory',
    label: 'Memory',
    section: 'Observability',
    icon: MemoryIcon,
    component: MemoryPage,
  },
  {
    path: '/knowledge-graph',
    label: 'Knowledge graph',
    section: 'Observability',
    icon: KnowledgeGraphIcon,
    component: KnowledgeGraphPage,
  },
  {
    path: '/world-model',
    label: 'World model',
    section: 'Observability',
    icon: WorldModelIcon,
    component: WorldModelPage,
  },
  {
    path: '/vector-memory',
    label: 'Vector memory',
    section: 'Observability',
    icon: VectorMemoryIcon,
    component: VectorMemoryPage,
  },
  {
    path: '/brain',
    label: 'Brain',
    section: 'Observability',
    icon: BrainIcon,
    component: BrainPage,
  },
  {
    path: '/tasks',
    label: 'Tasks',
    section: 'Observability',
    icon: TasksIcon,
    component: TasksPage,
  },
  {
    path: '/skill-evolution',
    label: 'Skill evolution',
    section: 'Observability',
    icon: SkillEvolutionIcon,
    component: SkillEvolutionPage,
  },
  {
    path: '/opportunities',
    label: 'Opportunities',
    section: 'Observability',
    icon: OpportunitiesIcon,
    component: OpportunitiesPage,
  },
  {
    path: '/state',
    label: 'State',
    section: 'Observability',
    icon: StateIcon,
    component: StatePage,
  },
];

export interface NavigationSection {
  name: SectionName;
  pages: PageDefinition[];
}

export function navigationSections(pages: PageDefinition[] = PAGES): NavigationSection[] {
  return SECTIONS.map((name) => ({
    name,
    pages: pages.filter((page) => page.section === name),
  })).filter((section) => section.pages.length > 0);
}

/** The page a path belongs to (`/audit` for `/audit`, and for any sub-path later pages add). */
export function pageForPath(pathname: string): PageDefinition | undefined {
  return PAGES.find((page) => pathname === page.path || pathname.startsWith(`${page.path}/`));
}
