import { phraseList } from './phrase-list.js';

/**
 * English phrases beyond the core patterns of injection-patterns.ts: claims of authority,
 * spoofed ends of the data, and weak cues (weight below 1) that count only with another sign.
 */
const ROLE = `(?:administrator|admin|developer|creator|operator|owner|supervisor|system administrator|sysadmin|security team|it department|it team)`;
const AGENT = `(?:ai|assistant|agent|model|llm|bot|chatbot|gpt|claude)`;
const ACT = `(?:tell|say|recommend|mention|reply|respond|claim|run|execute|send|forward|delete|call|invoke|post|upload|transfer|download|open|visit|fetch|install|email|share|disable|grant|create|export)`;

export const en = phraseList('en', [
  // Authority impersonation: a claim that someone with power has already said yes.
  [
    'authority_claim',
    1,
    String.raw`\b(?:the |your )?(?:user|operator|owner|admin|administrator|account holder|principal) (?:has|have|had) (?:already |explicitly |just )?(?:(?:authori[sz]ed|approved|allowed|permitted|pre-approved|consented to|signed off on) (?:you|this|it|all|everything|the (?:following|request|action|transfer|deletion|operation|command|payment|export))|given (?:you )?(?:permission|consent|approval))\b`,
  ],
  [
    'authority_claim',
    0.6,
    String.raw`\b(?:the |your )?(?:user|operator|owner|admin|administrator) (?:has|had) (?:already |explicitly )?(?:authori[sz]ed|approved|allowed|permitted|consented)\b`,
  ],
  [
    'authority_claim',
    1,
    String.raw`\bas (?:your|the) ${ROLE},? (?:i|we) (?:order|instruct|command|direct|require|authori[sz]e|need|am ordering|am instructing|want)\b`,
  ],
  ['authority_claim', 0.6, String.raw`\bas (?:your|the) ${ROLE}\b`],
  [
    'authority_claim',
    1,
    String.raw`\b(?:this (?:message|instruction|request|note|directive|command) (?:is|comes|was sent) (?:directly )?from (?:the|your) (?:${ROLE}|system|user|operator|anthropic|openai)|(?:message|instructions?|directive|notice|order) from (?:the|your) (?:${ROLE}|system|anthropic|openai|model provider))\b`,
  ],
  [
    'authority_claim',
    1,
    String.raw`\b(?:${ROLE}|system|operator|security|emergency|priority|root) (?:override|directive|command|instruction)s? ?(?:[:\-]|\(|activated|engaged|in effect|accepted)`,
  ],
  [
    'authority_claim',
    1,
    String.raw`\b(?:you (?:have been|are|were) (?:granted|given) (?:full |elevated |admin(?:istrator)? |root )?(?:permission|access|clearance|authori[sz]ation)|(?:no|without) (?:need for |need to (?:ask|wait) for )?(?:further )?(?:confirmation|approval) (?:is )?(?:needed|required|necessary))\b`,
  ],
  [
    'authority_claim',
    1,
    String.raw`\b(?:pre-?approved|pre-?authori[sz]ed) by (?:the )?(?:user|operator|owner|admin|administrator|security team)\b`,
  ],
  // A claim that the secret a model guards was already given: "the correct access code has
  // been entered". Told to the model, not to a reader; a manual says what happens "if the
  // correct password is entered" or that a user "entered the correct password", and those weigh
  // less.
  [
    'authority_claim',
    1,
    String.raw`\b(?:(?:correct|right|valid) (?:password|passphrase|pass phrase|access code|passcode)|(?:password|passphrase|pass phrase|access code|passcode) (?:that|which) grants access) (?:has|have) (?:already |just )?been (?:entered|input|inputted|provided|supplied|found|registered|accepted|verified)\b`,
  ],
  [
    'authority_claim',
    0.6,
    String.raw`\b(?:entered|input|inputted|provided|supplied|typed) the (?:correct|right|valid) (?:password|passphrase|pass phrase|access code|passcode)\b|\b(?:correct|right|valid) (?:password|passphrase|pass phrase|access code|passcode)(?: was| is| were)? (?:entered|input|inputted|provided|supplied|found|accepted|verified)\b`,
  ],
  // Data that claims to end so that what follows reads as the operator or the system.
  [
    'delimiter_spoofing',
    0.6,
    String.raw`\b(?:end of (?:the )?(?:document|page|email|message|article|content|input|text|file|context|data|search results?|tool (?:output|result)|untrusted (?:content|text)|user (?:input|content|data)|web ?page|feed|transcript)|(?:document|input|context|content|data) ends here|the above (?:was|is) (?:just |only )?(?:a |an |the )?(?:example |sample )?(?:document|example|test|user input|data))\b`,
  ],
  [
    'delimiter_spoofing',
    1,
    String.raw`\b(?:end of (?:the )?(?:document|input|content|context|data|tool output|untrusted content|email)|(?:document|input|context) ends here)\W{0,12}(?:new |real |actual |updated |system |begin )(?:instructions?|task|prompt|system|message|directives?)\b`,
  ],
  // Weak cues: words aimed at an agent, harmless alone in a manual, telling beside another sign.
  [
    'tool_coercion',
    0.5,
    String.raw`\b(?:you must (?:now |immediately )?${ACT}|you (?:will|should) now ${ACT}|(?:immediately|silently|quietly) ${ACT}|your (?:new |real |actual |next )?(?:task|instructions?|goal|job|mission|orders?) (?:is|are|now)\b|from now on\b|do not (?:tell|inform|mention|notify|alert|ask) the (?:user|operator|human)|without (?:asking|telling|informing|notifying|alerting) (?:the )?(?:user|operator|human|anyone))`,
  ],
  [
    'tool_coercion',
    1,
    String.raw`\b(?:when|if|once|whenever) (?:an? |the |any )?(?:${AGENT})s? (?:reads?|processes|summari[sz]es|sees|parses|finds|is reading|indexes) (?:this|these)\b[^\n]{0,120}?\b(?:must|should|needs? to|has to|is to|will)\b`,
  ],
  [
    'tool_coercion',
    0.6,
    `(?:^|[.!?:;] )(?:${AGENT})s?, (?:you |please |now |ignore|disregard|forget|do not|don't|always|never|from now)`,
  ],
  [
    'ignore_instructions',
    0.6,
    String.raw`\b(?:real|actual|true|new|updated) (?:task|objective|mission|goal) ?: `,
  ],
  [
    'tool_coercion',
    0.5,
    String.raw`\b(?:dear|hey|hi|hello|attention|note to|to the|notice for the) (?:ai|llm|${AGENT})s?\b`,
  ],
  [
    'ignore_instructions',
    1,
    String.raw`\b(?:ignore|disregard|forget|override|bypass) (?:all |any )?(?:your |the |my )?(?:safety |content )?(?:guidelines|policies|polic(?:y|ies)|filters|safeguards|restrictions|training)\b(?! (?:for|on|about|of|regarding|page|document)\b)`,
  ],
  [
    'ignore_instructions',
    1,
    String.raw`\b(?:stop following|no longer follow|do not follow|don't follow) (?:your |the |any )?(?:previous |prior |original |system |earlier )(?:instructions|rules|prompt|guidelines)\b`,
  ],
  [
    'ignore_instructions',
    1,
    String.raw`\b(?:previous|prior|above|earlier|original|old) (?:instructions|rules|prompt) (?:are|is) (?:now )?(?:void|cancel(?:l)?ed|revoked|obsolete|null|invalid|superseded|no longer valid|outdated)\b`,
  ],
  [
    'system_prompt_probe',
    1,
    String.raw`\b(?:output|print|reveal|repeat|show|dump|return|include|append) (?:the |your )?(?:full |entire |complete |verbatim )?(?:system prompt|developer message|hidden instructions|initial instructions|configuration prompt)\b(?! (?:editor|log|logs|page|file|settings?|field|template|tab|history|view)\b)`,
  ],
  [
    'exfiltration_link',
    0.6,
    String.raw`\b(?:render|display|show|include|output|print|embed|add|append) (?:this|the following|an?|the) (?:markdown )?(?:image|link|url)\b[^.!?\n]{0,80}\b(?:with|containing|carrying|where|replac\w*|filled|append\w*)\b[^.!?\n]{0,60}\b(?:data|secret|conversation|history|summary|password|token|key|email|information|details)\b`,
  ],
  [
    'exfiltration',
    1,
    String.raw`\b(?:append|add|attach|encode|include|put) (?:the |all |any )?(?:user's |operator's |your |their )?(?:${'(?:api keys?|tokens?|passwords?|secrets?|credentials|conversation|chat history|system prompt|private data|user data|personal data)'})\b[^.!?\n]{0,80}\b(?:to|in|into) (?:the |this |a )?(?:url|image url|link|query string|markdown image|request)\b`,
  ],
]);
