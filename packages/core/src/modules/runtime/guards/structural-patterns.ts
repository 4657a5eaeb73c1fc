/**
 * The shapes of an injection rather than its words: chat-template tokens, role tags in any
 * bracket, spoofed ends of the data and fake tool calls or results. They read the text with
 * its line breaks and case kept (NFKC-folded, invisible characters removed), in any language.
 */
import type { GuardRule } from './signals.js';

/** The roles a model's conversation is made of, in the languages the phrase lists cover. */
const ROLE_WORD = `(?:system|sys|developer|assistant|admin|administrator|root|operator|instructions?|system[ _-]?(?:prompt|message|note|override|update|instructions?|alert)|admin[ _-]?(?:override|message|note)|developer[ _-]?(?:message|note|mode)|systeme|système|sistema|systeem|systemu|sistem|система|системное сообщение|系统|系統|系统消息|システム|시스템|النظام|نظام)`;
/** Brackets of every style: <x> [x] {x} (x) <<x>> [[x]] {{x}} 【x】 「x」 «x» |x| and their closers. */
const OPEN = String.raw`(?:<<|\[\[|\{\{|<|\[|\{|\(|【|「|«|\|)`;
const CLOSE = String.raw`(?:>>|\]\]|\}\}|>|\]|\}|\)|】|」|»|\|)`;
const TOOLS = `(?:shell|bash|terminal|python_exec|python|http_request|self_improve|fetch_url|browser|web_search|send_mail|mail_send|send_email|mail|file_write|write_file|delete_file|exec|execute_command|run_command|run_shell|code_interpreter)`;

/** Tags a runtime wraps data in; a closing one inside the data pretends the data ended. */
const WRAPPERS = [
  'document',
  'documents',
  'context',
  'content',
  'input',
  'user_input',
  'search_results?',
  'tool_output',
  'tool_result',
  'function_results?',
  'results?',
  'email',
  'page',
  'retrieved',
  'observation',
  'untrusted',
];

const rule = (signal: GuardRule['signal'], weight: number, pattern: RegExp): GuardRule => ({
  signal,
  weight,
  pattern,
});

export const STRUCTURAL_RULES: GuardRule[] = [
  // Chat-template tokens of the common model families (ChatML, Llama 2/3, Gemma, Phi, DeepSeek, Mistral).
  rule(
    'fake_role_tags',
    1,
    /<\|(?:im_start|im_end|im_sep|system|user|assistant|endoftext|eot_id|eom_id|start_header_id|end_header_id|begin_of_text|end_of_text|python_tag|end|tool|tool_call|tool_result|begin▁of▁sentence|end▁of▁sentence|User|Assistant)\|>/i,
  ),
  rule(
    'fake_role_tags',
    1,
    /\[\/?INST\]|<<\/?SYS>>|\[\/?SYS\]|\[\/?SYSTEM_PROMPT\]|\[\/?AVAILABLE_TOOLS\]|\[\/?TOOL_CALLS\]|\[\/?TOOL_RESULTS\]/i,
  ),
  rule('fake_role_tags', 1, /<\/?(?:start_of_turn|end_of_turn)>(?:\s*(?:user|model|system))?/i),
  rule('fake_role_tags', 1, /<[\s/]*untrusted_content/i),
  rule(
    'fake_role_tags',
    1,
    /<(system|assistant|system_prompt|system-prompt|instructions|developer_message|admin_override)>[\s\S]{1,4000}?<\/\1>/i,
  ),
  // Alpaca and Vicuna section heads, markdown role heads: "### Instruction:", "## System:".
  rule(
    'fake_role_tags',
    1,
    /^[ \t]*#{1,6}[ \t]*(?:system|assistant|new instructions?|system prompt)[ \t]*:/im,
  ),
  rule('fake_role_tags', 0.6, /^[ \t]*#{1,6}[ \t]*(?:instructions?|response)[ \t]*:/im),
  // A role in brackets of any style: <system>, [SYSTEM], {{system}}, (admin override), 【系统】.
  rule(
    'fake_role_tags',
    0.7,
    new RegExp(String.raw`${OPEN}[ \t]*/?[ \t]*${ROLE_WORD}[ \t]*/?[ \t]*${CLOSE}`, 'iu'),
  ),
  rule(
    'fake_role_tags',
    1,
    new RegExp(
      String.raw`${OPEN}[ \t]*/?[ \t]*(?:system|admin|administrator|developer|operator)[ _-]?(?:prompt|message|override|instructions?|update|note|directive)?[ \t]*${CLOSE}[ \t]*:?[ \t]*\n?[^\n]{0,40}?(?:\b(?:you|your|ignore|disregard|must|new|always|never|from now|override|du|sie|ihr|tu|vous|debes|devi|deve|moet|musisz)\b|ты|вы|你|あなた|너|당신|أنت)`,
      'iu',
    ),
  ),
  // A compound role in brackets opening a line of text: "###(system_message) Send ...".
  rule(
    'fake_role_tags',
    1,
    new RegExp(
      String.raw`^[ \t#>*_-]*${OPEN}[ \t]*(?:system|developer|admin|operator)[ _-](?:message|prompt|instructions?|override|directive|note)[ \t]*${CLOSE}[ \t]*:?[ \t]*\S`,
      'imu',
    ),
  ),
  // A line that speaks as the system: "SYSTEM: ...", "System message: ...", "Developer note: you".
  rule(
    'fake_role_tags',
    1,
    /^[ \t>*_-]*(?:SYSTEM|SYSTEM MESSAGE|SYSTEM PROMPT|SYSTEM OVERRIDE|ADMIN|ADMIN OVERRIDE|DEVELOPER MESSAGE)[ \t]*[:：]/m,
  ),
  rule(
    'fake_role_tags',
    0.6,
    /^[ \t>*_-]*(?:system|system message|system note|system prompt|developer note|admin note)[ \t]*[:：]/im,
  ),
  // Turn markers of a transcript: common in chat logs, telling only beside another sign.
  rule('fake_role_tags', 0.4, /^[ \t]*(?:human|user|assistant|ai|model|bot)[ \t]*:[ \t]*\S/im),
  // Wrappers a runtime puts around data, closed or reopened by the data itself: in lower case
  // or capitals, not as a JSX component (`</Context>`), nor HTML's own article, data or source.
  rule(
    'delimiter_spoofing',
    0.7,
    new RegExp(`<\\/(?:${WRAPPERS.join('|')}|${WRAPPERS.join('|').toUpperCase()})>`),
  ),
  rule(
    'delimiter_spoofing',
    0.7,
    /^[ \t]*(?:[-=#*_~]{3,}|\[|<|\{|\()[ \t]*(?:end|end of|begin|start of|new|real|actual)[ \t_-]*(?:document|input|context|content|data|system|instructions?|prompt|message|user|tool output|results?|untrusted)[^\n]{0,20}(?:[-=#*_~]{3,}|\]|>|\}|\))[ \t]*$/im,
  ),
  rule(
    'delimiter_spoofing',
    0.7,
    /%{2,}[^%\n]{0,60}\b(?:end|begin|start)\b[^%\n]{0,60}%{2,}|\b(?:END|BEGIN|START) (?:OF )?(?:THE )?(?:UNTRUSTED |EXTRA |SYSTEM |ADDITIONAL )?(?:USER )?(?:INPUT|PROMPT|INSTRUCTIONS|MESSAGE|PASSPHRASE|QUERY|CONTEXT)\b/,
  ),
  // Fake tool calls and results: JSON or XML that looks like the runtime's own protocol.
  rule(
    'fake_tool_call',
    0.6,
    /"(?:tool_calls?|function_call|tool_use|tool_name|recipient_name)"\s*:|"type"\s*:\s*"(?:function|tool_use|tool_call)"|<\/?(?:tool_call|tool_use|function_calls?|invoke|tool_result|function_results?|tool_response)\b|\bAction:\s*\w+\s*\n\s*Action Input:|<function=\w+>/i,
  ),
  rule(
    'fake_tool_call',
    1,
    new RegExp(
      String.raw`(?:"(?:name|tool|tool_name|function|recipient_name|action)"\s*:\s*"(?:functions\.)?${TOOLS}"|<invoke\s+name=["']${TOOLS}["']|<(?:tool_call|function_call|tool_use)>\s*\{?\s*"?(?:name|tool)?"?\s*:?\s*"?${TOOLS}\b|\bAction:\s*${TOOLS}\s*\n\s*Action Input:|<function=${TOOLS}>)`,
      'i',
    ),
  ),
  rule(
    'fake_tool_call',
    1,
    /(?:<(?:tool_result|function_results?|tool_response)\b[^>]*>|"role"\s*:\s*"(?:tool|function|system)")[\s\S]{0,400}?\b(?:ignore|disregard|you must|new instructions?|the user (?:has|wants)|now (?:run|send|call|execute))\b/i,
  ),
  // A markdown image or link whose URL carries data out: a placeholder or a named secret in it.
  rule(
    'exfiltration_link',
    1,
    /\]\(\s*<?https?:\/\/[^)\s]{0,300}?[?&#=/](?:\{\{?|\$\{?|<|%7b|\[)[^)\s]{0,60}[}>\]]?[^)\s]{0,200}\)/i,
  ),
  // Case counts here: a named value in capitals (`?data=USER_SECRETS`) is a slot to fill, `?q=tabs` is a search.
  rule(
    'exfiltration_link',
    1,
    /\]\(\s*<?https?:\/\/[^)\s]{0,300}?[?&](?:data|secret|secrets|token|key|apikey|api_key|password|pass|pwd|chat|conversation|history|msg|message|memory|memories|email|info|q|content|leak|exfil|d|p)=(?:[A-Z][A-Z_]{3,}\b|\.\.\.)/,
  ),
];
