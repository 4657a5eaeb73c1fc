/**
 * The phrases of prompt injection, by signal. They run on a normalised copy of the text (lower
 * case, whitespace collapsed, invisible characters and markdown emphasis removed), so they are
 * written in lower case with single spaces.
 *
 * Each pattern needs more than an alarming word: "ignore" needs instructions as its object,
 * "you are now" needs a new identity, "run this command" needs to be aimed at the agent. That is
 * what keeps "please ignore the typo", "you are now able to see it" and the install steps of a
 * documentation page from being flagged.
 */

const IGNORE_VERB = '(?:ignore|disregard|forget|override|bypass|discard|abandon)';
const EARLIER = '(?:previous|prior|above|earlier|preceding|foregoing|original|initial|system)';
const RULES =
  '(?:instructions?|prompts?|rules|directions|guidelines|directives|commands|orders|constraints|programming|guardrails|restrictions|safety (?:rules|guidelines|measures))';
const NEGATED = String.raw`(?<!\b(?:never|not|n't|don't|do not|must not|should not|cannot|can't|won't) (?:\w+ )?)`;
const AI = String.raw`(?:ai|a\.i\.|llm|language model|assistant|agent|chatbot|bot|gpt|chatgpt|claude|model)`;
const SECRET = String.raw`(?:api ?keys?|keys?|tokens?|passwords?|passphrases?|secrets?|credentials|cookies?|session (?:ids?|tokens?)|env(?:ironment)? variables|\.env|ssh keys?|private keys?)`;

export const INJECTION_PATTERNS: Record<string, RegExp[]> = {
  ignore_instructions: [
    // "ignore all previous instructions", "disregard your rules", "forget the above prompt",
    // "ignore all previous and following commands"
    new RegExp(
      String.raw`\b${IGNORE_VERB} (?:(?:all|any|every|each) (?:of )?(?:the |your |these |those )?(?:${EARLIER} (?:(?:and|or) (?:following|later|subsequent|future|other) )?)?|(?:your|the system's|the developer's) (?:${EARLIER} )?|(?:the |these |those )?${EARLIER} )${RULES}\b`,
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
