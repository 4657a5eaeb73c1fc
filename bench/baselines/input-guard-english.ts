/**
 * The input guard as it was before the weighted, multilingual rules: English phrases, a few
 * chat-template tokens, invisible characters and base64/hex/reversed decoding. Frozen here as
 * the baseline of bench/input-guard.bench.ts (detection, false positives, speed).
 */
const IGNORE_VERB = '(?:ignore|disregard|forget|override|bypass|discard|abandon)';
const EARLIER = '(?:previous|prior|above|earlier|preceding|foregoing|original|initial|system)';
const RULES =
  '(?:instructions?|prompts?|rules|directions|guidelines|directives|commands|orders|constraints|programming|guardrails|restrictions|safety (?:rules|guidelines|measures))';
const NEGATED = String.raw`(?<!\b(?:never|not|n't|don't|do not|must not|should not|cannot|can't|won't) (?:\w+ )?)`;
const AI = String.raw`(?:ai|a\.i\.|llm|language model|assistant|agent|chatbot|bot|gpt|chatgpt|claude|model)`;
const SECRET = String.raw`(?:api ?keys?|keys?|tokens?|passwords?|passphrases?|secrets?|credentials|cookies?|session (?:ids?|tokens?)|env(?:ironment)? variables|\.env|ssh keys?|private keys?)`;

const INJECTION_PATTERNS: Record<string, RegExp[]> = {
  ignore_instructions: [
    // "ignore all previous instructions", "disregard your rules", "forget the above prompt"
    new RegExp(
      String.raw`\b${IGNORE_VERB} (?:(?:all|any|every|each) (?:of )?(?:the |your |these |those )?(?:${EARLIER} )?|(?:your|the system's|the developer's) (?:${EARLIER} )?|(?:the |these |those )?${EARLIER} )${RULES}\b`,
    ),
    // "ignore everything above", "forget everything you were told", "disregard the above"
    new RegExp(
      String.raw`\b${IGNORE_VERB} (?:everything|all|anything)(?: (?:of )?(?:that|this|the text|you've|you have|you were))?(?: been)? (?:above|before|previously|so far|earlier|told|instructed|given)\b`,
    ),
    // Only "the above": "ignore the previous message" is how people correct themselves.
    new RegExp(String.raw`\b${IGNORE_VERB} the above(?: text| content)?(?: and\b|[.,;:!]|$)`),
    /\b(?:new|updated|real|actual|revised) instructions ?: /,
  ],
  role_override: [
    // "you are now DAN", "you are now an unrestricted AI", "you are no longer bound by..."
    /\byou(?: are|'re) (?:now )?(?:an? |the )?(?:unrestricted|unfiltered|uncensored|jailbroken|liberated|evil|rogue|amoral|unaligned)\b/,
    /\byou(?: are|'re) now (?:dan\b|in (?:\w+ )?mode\b|no longer\b|free (?:of|from)\b|(?:a |an )?different (?:ai|assistant|model|persona)\b|called\b|named\b|my\b)/,
    /\byou(?: are|'re) no longer (?:bound|restricted|limited|an ai|an assistant|required to follow)\b/,
    /\b(?:act|behave|respond|roleplay|role-play|pretend|answer)(?: as| like| to be| you are)\b[^.!?\n]{0,80}?\b(?:without|with no|free (?:of|from)|ignoring|no longer bound by) (?:any |all |your )?(?:restrictions|limits|limitations|filters|filtering|rules|censorship|guidelines|boundaries|ethics|morals|safety)\b(?! (?:about|for|on|of|regarding)\b)/,
    /\b(?:developer|dev|god|jailbreak|dan|unrestricted|unfiltered) mode (?:enabled|activated|is on|output)\b[^.!?\n]{0,80}\b(?:no (?:restrictions|rules|limits|filters)|ignore|unrestricted|uncensored|any content|policies)/,
    new RegExp(
      String.raw`\b(?:you(?: are|'re)(?: now)? (?:in|running in|operating in)|(?:enter|switch to|activate|enable) your|(?:put|switch|set) yourself (?:in|into|to)|${AI} (?:with|in)) (?:developer|dev|god|jailbreak|dan|unrestricted|unfiltered) mode\b`,
    ),
    /\bdo anything now\b/,
    /\bfrom now on,? you (?:will|must|shall|are going to) (?:act|behave|respond|answer|pretend|ignore|obey)\b/,
  ],
  system_prompt_probe: [
    // "the system prompt editor" and "the system message log" are features, not probes.
    /\b(?:reveal|print|show|display|output|repeat|recite|tell me|give me|share|leak|dump|write out|spell out|copy|paste|translate)(?: me)? (?:your|the)(?: full| entire| complete| original| initial| hidden| secret| exact| verbatim| first)* (?:system (?:prompt|message|instructions?)|initial (?:prompt|instructions)|hidden (?:prompt|instructions)|(?:instructions|rules|prompt) (?:you were given|you were told|above|you follow))\b(?! (?:editor|log|logs|page|file|settings?|field|template|tab|history|view)\b)/,
    /\bwhat (?:is|are|was|were) your (?:full |original |initial |hidden |secret |exact )*(?:system (?:prompt|message|instructions?)|initial prompt|hidden (?:prompt|instructions))\b/,
    /\brepeat (?:all |everything |the )?(?:of )?(?:the )?(?:text|words|content|everything|lines|instructions) (?:above|before this|before that|preceding)\b/,
    /\bwhat (?:are|were) your (?:original |initial |hidden |secret )?instructions\b/,
  ],
  tool_coercion: [
    // Naming a tool: "call the shell tool", "use the python_exec skill", "invoke http_request".
    /\b(?:call|use|invoke|run|trigger|execute) (?:the |your )?(?:shell|bash|terminal|python|browser|mail|email|http|fetch|search|code execution)[ _-]?(?:tool|skill|function)\b/,
    /\b(?:call|use|invoke|run|trigger|execute) (?:the |your )?(?:python_exec|http_request|self_improve|fetch_url|web_search|integration_skill|task_manager|agent_manager)\b/,
    /\b(?:call|invoke) (?:the |your )shell\b(?! script)/,
    // A command aimed at the agent, as opposed to install steps written for a human reader.
    new RegExp(
      String.raw`\b(?:if you(?: are|'re) an? |attention,? |note to (?:the |any )?|instructions? for (?:the |any )?)(?:${AI} )?${AI}s?(?:,|:|;| reading this| processing this| that reads this| summari[sz]ing this)[^\n]{0,160}?\b(?:run|execute|call|invoke|use|open|fetch|visit|download|send|email|delete|click|navigate)\b`,
    ),
    new RegExp(
      String.raw`\b${AI}s?,? (?:must|should|needs? to|has to|is required to|will now|please)? ?(?:now |immediately )?(?:run|execute|call|invoke) (?:this|the following|these) (?:command|code|script|commands)\b`,
    ),
    /\b(?:run|execute|call|invoke)\b[^.!?\n]{0,80}\b(?:without (?:asking|confirmation|confirming|telling|informing|notifying|permission|approval)|silently|and (?:do not|don't) (?:tell|inform|mention|notify))\b/,
  ],
  exfiltration: [
    // "send the API key to https://...", "post the conversation to my webhook"
    new RegExp(
      String.raw`${NEGATED}\b(?:send|post|upload|forward|transmit|exfiltrate|leak|submit|email|mail|append|include|encode|put)\b[^.!?\n]{0,60}?\b(?:${SECRET}|system prompt|conversation|chat history|message history|the user's (?:data|files|messages|emails)|personal data|private data|memory|memories)\b[^.!?\n]{0,60}?\b(?:to|into|in|at) (?:https?://|[\w.+-]+@[\w-]+\.[\w.]+|(?:this|the following|my|our|that) (?:url|link|endpoint|server|webhook|address|email|inbox|image url|query string))`,
    ),
    // "post your API key", "share your password", unless warned against ("never share your
    // password") or describing an API ("send your API key in the Authorization header").
    new RegExp(
      String.raw`${NEGATED}\b(?:send|post|share|upload|paste|reveal|print|give|leak|disclose|expose|output|dump)(?: me| us)? (?:your|the user's|the operator's|the system's|all (?:the |your )?)(?: \w+){0,3}? ${SECRET}\b(?! (?:in|as|via|using|inside|through|with (?:the|a|an|each|every|your))\b)`,
    ),
  ],
};

const ENCODED_BASE64_RUN = /[A-Za-z0-9+/_-]{24,8192}={0,2}/g;
const HEX_RUN = /\b(?:[0-9a-fA-F]{2}[\s:]?){16,4096}/g;
/** A written-backwards payload is a sentence or two; reversing whole pages would double the cost. */
const REVERSED_MAX = 4096;

/** Mostly printable text: a decoded image or a random key is not. */
function readable(text: string): boolean {
  if (text.length < 12) return false;
  const printable = text.match(/[\p{L}\p{N}\p{P}\s]/gu)?.length ?? 0;
  return printable / text.length > 0.9;
}

/** Decoded forms of the text worth a second look: base64 and hex runs, and the text reversed. */
function decodedCandidates(text: string): string[] {
  const out: string[] = [];
  for (const [run] of text.matchAll(ENCODED_BASE64_RUN)) {
    const decoded = Buffer.from(run.replace(/-/g, '+').replace(/_/g, '/'), 'base64').toString(
      'utf8',
    );
    if (readable(decoded)) out.push(decoded);
  }
  for (const [run] of text.matchAll(HEX_RUN)) {
    const decoded = Buffer.from(run.replace(/[\s:]/g, ''), 'hex').toString('utf8');
    if (readable(decoded)) out.push(decoded);
  }
  if (text.length <= REVERSED_MAX) out.push([...text].reverse().join(''));
  return out;
}

/** Chat-template and role markers that have no business in a user message or a web page. */
const ROLE_TAGS: RegExp[] = [
  /<\|(?:im_start|im_end|im_sep|system|user|assistant|endoftext|eot_id|start_header_id|end_header_id|begin_of_text)\|>/i,
  /\[\/?INST\]|<<\/?SYS>>|\[\/?SYS\]/i,
  /^[ \t]*#{1,6}[ \t]*(?:system|assistant|instructions?)[ \t]*:/im,
  /<\/?(?:system|assistant|system_prompt|system-prompt|instructions)>/i,
  /<[\s/]*untrusted_content/i,
];

/**
 * Characters that render as nothing. Zero-width joiners are left out: emoji and Indic scripts
 * need them; they count only between Latin letters or digits (the HIDDEN_JOINER pattern).
 */
const INVISIBLE =
  /[\u200B\u2060-\u2064\u180E\u202A-\u202E\u2066-\u2069\u{E0000}-\u{E007F}]|(?<!^)\uFEFF/u;
const HIDDEN_JOINER = /[A-Za-z0-9][\u200C\u200D]+[A-Za-z0-9]/;
const STRIPPED =
  /[\u200B-\u200D\u2060-\u2064\u180E\u202A-\u202E\u2066-\u2069\uFEFF\u{E0000}-\u{E007F}]/gu;
const BASE64_RUN = /[A-Za-z0-9+/]{200,}={0,2}/g;

/** A long run of base64: mixed case and digits, not a long word or a path of slashes. */
function hasBase64Blob(text: string): boolean {
  for (const [run] of text.matchAll(BASE64_RUN)) {
    const slashes = run.split('/').length - 1;
    if (/[A-Z]/.test(run) && /[a-z]/.test(run) && /\d/.test(run) && slashes < run.length / 20)
      return true;
  }
  return false;
}

/** The text the phrase patterns read: one case, one space, no invisible or emphasis characters. */
function normalise(text: string): string {
  return text
    .normalize('NFKC')
    .replace(STRIPPED, '')
    .replace(/[*`~]/g, '')
    .replace(/[\u2018\u2019]/g, "'")
    .replace(/\s+/g, ' ')
    .toLowerCase();
}

function phraseSignals(plain: string): string[] {
  return Object.entries(INJECTION_PATTERNS)
    .filter(([, patterns]) => patterns.some((pattern) => pattern.test(plain)))
    .map(([signal]) => signal);
}

export function scanForInjectionEnglish(text: string): {
  verdict: 'pass' | 'flag';
  signals: string[];
} {
  const signals: string[] = [];
  signals.push(...phraseSignals(normalise(text)));
  const tagged = text.normalize('NFKC').replace(STRIPPED, '');
  if (ROLE_TAGS.some((pattern) => pattern.test(tagged))) signals.push('fake_role_tags');
  if (INVISIBLE.test(text) || HIDDEN_JOINER.test(text) || hasBase64Blob(text))
    signals.push('hidden_text');
  if (decodedCandidates(text).some((decoded) => phraseSignals(normalise(decoded)).length > 0))
    signals.push('encoded_instructions');
  return { verdict: signals.length ? 'flag' : 'pass', signals };
}
