/**
 * What a Panic Reset wipes and what it keeps: the one list. Every table in the schema is named
 * here exactly once (a test fails on a table that is not), so a new table must be classified.
 *
 * Cognitive = rows the agent produced from experience or learned from it. Operator
 * configuration, the survivors SPEC names, governance and plumbing stay.
 */

/** Truncated by one statement, without CASCADE: a survivor referencing one of these fails it. */
export const COGNITIVE_TABLES = [
  'chats',
  'chat_messages',
  'traces',
  'goals',
  'goal_tasks',
  'goal_task_dependencies',
  'goal_task_runs',
  'agent_messages',
  'notes',
  'behavioral_rules',
  'behavioral_proposals',
  'memory_items',
  'memory_events',
  'kg_entities',
  'kg_relations',
  'observations',
  'candidates',
] as const;

/** Tables that keep their rows, with the reason an operator would give. */
export const SURVIVING_TABLES: Record<string, string> = {
  users: 'operator accounts',
  settings: 'settings and feature flags',
  model_providers: 'model providers',
  agents: 'sub-agent definitions (their run state is cleared, their messages are wiped)',
  schedules: 'schedules',
  schedule_runs: 'schedule run history',
  subscriptions: 'subscriptions',
  subscription_items: 'items of the subscriptions',
  prime_versions: 'prime.md history',
  self_improve_proposals: 'self-improvement proposals (governance)',
  confirmations: 'confirmation history (pending ones are denied)',
  audit_log: 'the audit log',
  integration_calls: 'integration call log (governance)',
  event_log: 'event plumbing',
  notifications: 'notifications sent',
  reset_runs: 'the reset journal',
  kv_entries: 'key-value store (embedded backend); cognitive key patterns are deleted',
  kv_queue_items: 'key-value queues (embedded backend); cognitive queues are cleared',
};

/** Tables kept as rows but set back: identity is reborn, the self-model becomes `{}`. */
export const RESET_TABLES: Record<string, string> = {
  identity: 'born_at set to the reset start, total_xp set to 0; name and persona stay',
  self_model: 'model set to {}',
  reset_fence: 'epoch advanced by one: records made before the reset are never stored after it',
  memory_terms: 'term counts of memory_items, emptied by a trigger when memory_items is truncated',
};

/** Key-value key patterns the reset deletes (caches and cursors derived from experience). */
export const COGNITIVE_KV_PATTERNS = [
  'mem:recent:*',
  'mem:cursor:*',
  'embed:cache:*',
  'embed:backfill:*',
  'kg:resolve:*',
  'ctx:summary:*',
  'ctx:working:*',
  'route:*',
  'state:run:*',
  'cognitive:*',
  'brain:*',
  'skillevo:*',
  'opp:*',
  'xp:*',
  'behavioral:*',
] as const;

/** Key-value queues the reset empties (work derived from experience, not yet done). */
export const COGNITIVE_QUEUES = ['behavioral_pending', 'memory_pending'] as const;

/**
 * pg-boss queues whose jobs a reset drops with the tables (their payloads name wiped rows or
 * carry what the agent learned). Every queue the runtime creates is named here or below (a
 * test fails on one that is not).
 */
export const COGNITIVE_JOB_QUEUES = [
  'goal-plans',
  'goal-tasks',
  'memory_extract',
  'memory_embed',
] as const;

/** pg-boss queues that keep their jobs: operator-configured work that falls due again. */
export const SURVIVING_JOB_QUEUES: Record<string, string> = {
  'scheduler-runs': 'runs of the schedules, which survive',
  'scheduler-checks': 'checks of the monitors, which survive',
  'subscription-poll': 'polls of the subscriptions, which survive',
  '__pgboss__send-it': "pg-boss's own queue for timed sends",
};

/**
 * Where records wait before they reach the wiped tables, and what keeps each from bringing
 * back what a reset wiped: cleared with the wipe, or fenced (stamped with the reset epoch and
 * dropped wherever they would land after it).
 */
export const HELD_RECORDS: Array<{ name: string; handling: 'cleared' | 'fenced'; what: string }> = [
  {
    name: 'exchange-journal/',
    handling: 'fenced',
    what: 'journal of answered requests (traces, messages, XP) under DATA_DIR, on every replica: lines from before the reset are dropped at replay and the file is rewritten without them',
  },
  {
    name: 'write-behind buffers',
    handling: 'fenced',
    what: 'traces, messages and XP answered but not yet stored, on every replica: dropped from memory once the replica learns of the reset, and refused by the database if they arrive after it',
  },
  {
    name: 'job queues',
    handling: 'cleared',
    what: `jobs of ${COGNITIVE_JOB_QUEUES.join(', ')}, waiting, running or archived, dropped with the tables`,
  },
  {
    name: 'key-value queues',
    handling: 'cleared',
    what: `${COGNITIVE_QUEUES.join(', ')}, emptied in step 2`,
  },
  {
    name: 'caches',
    handling: 'cleared',
    what: 'chat histories, recalled memory and behavioral rules held in memory, dropped on every replica when the reset ends',
  },
];

/**
 * Route families that answer `503 reset_in_progress` on every replica while a reset runs: agent
 * work, and every record the reset wipes or sets back. A path is in a family when it is the
 * prefix itself or goes on with `/`. docs/api/reset.md lists the same (a test compares them).
 */
export const GATED_ROUTES = [
  '/chat',
  '/api/chats',
  '/api/traces',
  '/api/goals',
  '/api/tasks',
  '/api/state',
  '/api/agents',
  '/api/schedules',
  '/api/notes',
  '/api/behavioral-rules',
  '/api/memory',
  '/api/insights',
  '/api/opportunities',
  '/api/search',
] as const;

/** Key-value data that survives, by pattern. */
export const SURVIVING_KV: Record<string, string> = {
  'vault:*': 'API keys and every vault secret',
  'session:*': 'sign-in sessions (the operator stays signed in)',
  'ratelimit:*': 'login and API rate-limit counters',
  'cb:state:*': 'integration circuit breakers',
  'int:rate:*': 'integration rate limits',
  events_incoming: 'queue of incoming events',
  events_outgoing: 'queue of outgoing notifications',
};

/** Files under DATA_DIR that a reset never touches. */
export const SURVIVING_FILES: Record<string, string> = {
  'prime.md': 'the prime directive (its history is in prime_versions)',
  'skills/': 'custom skill files',
  'src_patches/': 'applied source patches, their .sha256 sidecars and backups',
  '.secret': 'the generated DASHBOARD_SECRET',
  'pgdata/': 'the embedded database (its cognitive tables are truncated and vacuumed)',
  'audit-journal/': 'audit rows not yet stored (the audit log survives)',
  'workspace/': 'files the shell and Python skills wrote',
};
