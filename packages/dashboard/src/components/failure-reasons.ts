/** A failure in the operator's terms: why, in one line, and what they can do about it. */
export interface FailureReason {
  why: string;
  action: string;
}

const CHECK_MODEL = 'Check the provider and its model on the Models page (Test connection).';

/**
 * Library and network messages (the AI SDK's "No object generated: …", undici's "fetch failed",
 * an HTTP status) said as what they mean. The raw text stays available as the technical detail;
 * the first rule that matches wins, so the specific ones come first.
 */
const RULES: [RegExp, FailureReason][] = [
  [
    /no object generated|could not parse|json|schema|type validation/i,
    {
      why: "The model's answer was not in the shape asked for (a structured reply it could not produce).",
      action:
        'A model that supports structured output (tool calling or JSON mode) usually fixes this; choose it on the Models page.',
    },
  ],
  [
    /timeout|timed out|aborted|deadline/i,
    {
      why: 'The model did not answer in time.',
      action: `A slow local model may need a smaller one or a longer timeout. ${CHECK_MODEL}`,
    },
  ],
  [
    /\b401\b|\b403\b|unauthori[sz]ed|invalid api key|incorrect api key|authentication/i,
    {
      why: 'The model provider refused the API key.',
      action: 'Replace the key of the provider on the Models page.',
    },
  ],
  [
    /\b404\b|does not exist|model not found|unknown model/i,
    {
      why: 'The provider does not serve this model, or the key may not use it.',
      action:
        "Choose one of the models the provider lists (the Models page shows each provider's).",
    },
  ],
  [
    /\b429\b|rate limit|quota|too many requests/i,
    {
      why: 'The model provider is rate-limiting or out of quota.',
      action: "Wait, or raise the plan's limits with the provider.",
    },
  ],
  [
    /econnrefused|enotfound|fetch failed|network|socket|unreachable|connect/i,
    {
      why: 'The model provider could not be reached.',
      action: `Check that it is running and its base URL is right. ${CHECK_MODEL}`,
    },
  ],
  [
    /no (language )?model|model_unconfigured|not configured/i,
    {
      why: 'No language model is configured.',
      action: 'Add a provider on the Models page.',
    },
  ],
  [
    /\b5\d\d\b|internal server error|bad gateway|service unavailable|overloaded/i,
    {
      why: 'The model provider failed on its side.',
      action: 'It is usually temporary; if it persists, check the provider’s status page.',
    },
  ],
];

/** A skill's or integration's failure: the service it called, not the model, is at fault. */
const TOOL_RULES: [RegExp, FailureReason][] = [
  [
    /timeout|timed out|aborted/i,
    {
      why: 'The call took too long and was stopped.',
      action: 'Try again; a slow service may need a longer timeout.',
    },
  ],
  [
    /\b401\b|\b403\b|unauthori[sz]ed|forbidden|credentials/i,
    {
      why: 'The service refused the credentials.',
      action: "Check the connector's credentials on the Integrations page.",
    },
  ],
  [
    /\b429\b|rate limit|too many requests|circuit/i,
    {
      why: 'The service is rate-limiting, or its circuit breaker is open after failures.',
      action: 'Wait and try again; the Integrations page shows the breaker.',
    },
  ],
  [
    /econnrefused|enotfound|fetch failed|network|unreachable|blocked|private address/i,
    {
      why: 'The service could not be reached (or its address is not allowed).',
      action: 'Check the address; private addresses need SSRF_ALLOWLIST.',
    },
  ],
  [
    /invalid|validation|expected|required/i,
    {
      why: 'The model called it with input it does not accept.',
      action: 'Rephrasing the request usually helps; the detail names the field.',
    },
  ],
];

export function failureReason(raw: string, subject: 'model' | 'tool' = 'model'): FailureReason {
  for (const [pattern, reason] of subject === 'tool' ? TOOL_RULES : RULES)
    if (pattern.test(raw)) return reason;
  if (subject === 'tool')
    return {
      why: 'The skill reported an error.',
      action: 'The technical detail below says what it reported.',
    };
  return {
    why: 'The call failed for a reason the runtime did not recognise.',
    action: 'The technical detail below says what the library reported.',
  };
}
