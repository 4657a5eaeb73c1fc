/** The flags by what they govern, so twelve switches read as three short lists. */
export const FLAG_GROUPS: { title: string; description: string; flags: string[] }[] = [
  {
    title: 'Answering requests',
    description: 'How a request is answered and checked before the reply goes out.',
    flags: [
      'model_free_tiers',
      'untrusted_content_guard',
      'grounder_corrections',
      'behavioral_rules',
    ],
  },
  {
    title: 'Skills offered to the model',
    description: 'Turning a skill off removes it from every request at once.',
    flags: ['web_search', 'browser', 'custom_skills', 'self_improve_skill'],
  },
  {
    title: 'Autonomous work',
    description: 'Work the runtime starts by itself, without a request.',
    flags: ['autonomous_goals', 'model_planning', 'scheduler', 'monitors_and_subscriptions'],
  },
];

/** Flags whose switching off removes a safeguard: turning one off is confirmed first. */
export const SAFETY_FLAGS: Record<string, string> = {
  untrusted_content_guard:
    'A web page, mail or tool result the agent reads could make it run shell, python_exec, http_request POST or self_improve without asking you in FULL mode. Turning this off is audited and shown as a warning on Configuration, Skills and Health.',
  grounder_corrections:
    'Replies that claim an action which never happened will reach the user uncorrected. The trace still flags them, but nobody reading the chat will see a correction.',
  behavioral_rules:
    'None of the behavioral rules will apply to any request, including the ones that forbid things, and nothing will be learned from corrections until it is on again.',
};
