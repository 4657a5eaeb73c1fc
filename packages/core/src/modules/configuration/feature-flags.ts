/**
 * The 12 feature flags of the configuration center (SPEC). Each one switches real behaviour,
 * checked where that behaviour happens; all default to on, and every change is audited.
 * model_free_tiers replaced fast_path and decision_layer (migration 0016 carries their values).
 */
export const FEATURE_FLAGS = {
  model_free_tiers:
    'Answer quick questions (arithmetic, dates and times, system information, help) and requests that clearly name one skill without the model loop.',
  untrusted_content_guard:
    'Ask the operator before any RESTRICTED or PRIVILEGED call of a run that has read untrusted content (web pages, mail, feeds, integration results), in every autonomy mode, FULL included.',
  grounder_corrections:
    'Append a correction to a reply that claims an action that did not happen (off: the trace still flags it).',
  web_search: 'Offer the web_search skill.',
  browser: 'Offer the browser skill (headless Chromium).',
  autonomous_goals: 'Let workers run the tasks of active goals.',
  model_planning:
    'Let the model plan a new goal into a task graph (off: a goal starts as one task).',
  scheduler: 'Run recurring tasks, one-off tasks and reminders when they fall due.',
  monitors_and_subscriptions: 'Poll monitors, feeds and price alerts.',
  behavioral_rules: 'Apply the enabled behavioral rules to every request.',
  custom_skills: 'Load operator-written skills from DATA_DIR/skills.',
  self_improve_skill:
    'Offer the self_improve skill to the model (off: proposals only through the API).',
} as const;

export type FeatureFlag = keyof typeof FEATURE_FLAGS;
export const FEATURE_FLAG_NAMES = Object.keys(FEATURE_FLAGS) as FeatureFlag[];
