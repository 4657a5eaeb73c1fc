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
};
