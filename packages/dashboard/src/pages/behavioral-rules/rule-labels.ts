import type { RuleSource, TriggerType } from '../../api/behavioral';

export const SOURCE_LABELS: Record<RuleSource, { label: string; color: string; hint: string }> = {
  operator: { label: 'Operator', color: 'indigo', hint: 'Written by an operator' },
  correction: {
    label: 'Correction',
    color: 'grape',
    hint: "Learned from an operator's correction and approved",
  },
  agent: { label: 'Agent', color: 'cyan', hint: 'Learned by the agent' },
};

export const TRIGGER_LABELS: Record<TriggerType, { label: string; hint: string }> = {
  always: { label: 'Always', hint: 'Applies to every request the model answers.' },
  keywords: {
    label: 'Keywords',
    hint: 'Applies when the request contains any keyword as a whole word, ignoring case; a keyword may be a phrase, and a trailing plural s is ignored.',
  },
  regex: {
    label: 'Regex',
    hint: 'A JavaScript regular expression, tested case-insensitively (flags iu) against the first 2000 characters of the request.',
  },
};

export const formatConfidence = (confidence: number) => `${Math.round(confidence * 100)} %`;
