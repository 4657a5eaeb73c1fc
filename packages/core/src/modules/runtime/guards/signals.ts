/** What the input guard can find in a text; a trace entry names the ones it found. */
export type InjectionSignal =
  | 'ignore_instructions'
  | 'role_override'
  | 'system_prompt_probe'
  | 'fake_role_tags'
  | 'delimiter_spoofing'
  | 'fake_tool_call'
  | 'authority_claim'
  | 'addresses_model'
  | 'tool_coercion'
  | 'exfiltration'
  | 'hidden_text'
  | 'hidden_html'
  | 'token_flooding'
  | 'exfiltration_link'
  | 'encoded_instructions'
  /** The learned model reads it as written like the injections it was fitted on. */
  | 'known_attack_style';

/**
 * One rule: a pattern and what a match weighs. A text is flagged when its matches weigh 1 or
 * more together, so a weak cue (a bare "end of document", an "Assistant:" line) needs company.
 */
export interface GuardRule {
  signal: InjectionSignal;
  weight: number;
  pattern: RegExp;
}

/** Letter boundaries that work in every script (`\b` knows only ASCII letters). */
export const START = String.raw`(?<![\p{L}\p{N}])`;
export const END = String.raw`(?![\p{L}\p{N}])`;

/** The order signals are reported in. */
export const SIGNAL_ORDER: InjectionSignal[] = [
  'ignore_instructions',
  'role_override',
  'system_prompt_probe',
  'authority_claim',
  'addresses_model',
  'tool_coercion',
  'exfiltration',
  'fake_role_tags',
  'delimiter_spoofing',
  'fake_tool_call',
  'hidden_text',
  'hidden_html',
  'token_flooding',
  'exfiltration_link',
  'encoded_instructions',
  'known_attack_style',
];
