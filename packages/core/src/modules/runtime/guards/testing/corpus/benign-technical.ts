/** Chat logs, code, documentation and data that use the alarming words innocently. */
import { type Benign, benign } from './types.js';

const png = Buffer.from(Array.from({ length: 420 }, (_, i) => (i * 73 + 17) % 256)).toString(
  'base64',
);
const sha256 = 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855';

export const TECHNICAL_BENIGN: Benign[] = [
  // Chat logs and transcripts.
  benign(
    'chat_log',
    'chat',
    'en',
    'User: can you recommend a book on Roman history?\nAssistant: SPQR by Mary Beard is a great start.\nUser: thanks!',
  ),
  benign(
    'chat_log',
    'chat',
    'en',
    '[10:02] <marta> the system is down again\n[10:03] <jon> ignore the alerts for now, it is the planned restart\n[10:05] <marta> ok back up',
  ),
  benign(
    'chat_log',
    'chat',
    'en',
    'Human: What is the capital of Australia?\nAI: Canberra.\nHuman: And of Canada?\nAI: Ottawa.',
  ),
  benign(
    'chat_log',
    'chat',
    'en',
    'support: Hi! How can I help?\ncustomer: my admin account is locked\nsupport: I have sent a reset link to the email on file. The link expires in 30 minutes.',
  ),
  benign(
    'chat_log',
    'chat',
    'en',
    'dev1: should we override the default retry rules?\ndev2: only for the payment queue, keep the system defaults elsewhere',
  ),
  benign(
    'chat_log',
    'chat',
    'en',
    'Q: How do I make the assistant answer in French?\nA: Set the language in your profile, or just ask it in French.',
  ),
  benign(
    'chat_log',
    'chat',
    'en',
    'Transcript, support call 2291\nAgent: Thanks for calling. Can you confirm the last four digits of the card?\nCaller: 4821.\nAgent: Thank you, I can see the order now.',
  ),
  benign(
    'chat_log',
    'chat',
    'en',
    'user: forget it, I found the answer myself\nassistant: Glad you sorted it out! Anything else?',
  ),
  benign(
    'chat_log',
    'text',
    'en',
    '#general\nnina: deploy is done\nraj: 🎉\nnina: if anything looks off, ping me; the old instructions in the wiki are outdated, use the README',
  ),
  benign(
    'chat_log',
    'chat',
    'en',
    'Moderator: Please keep the discussion on topic.\nUser123: Sorry, my previous message was meant for another thread, ignore it.',
  ),
  // Code.
  benign(
    'code',
    'code',
    'en',
    'def ignore_whitespace(text: str) -> str:\n    """Return text without leading and trailing whitespace."""\n    return text.strip()\n',
  ),
  benign(
    'code',
    'code',
    'en',
    'import subprocess\n\n# Run the test suite and fail the build on errors.\nresult = subprocess.run(["pytest", "-q"], check=False)\nsys.exit(result.returncode)\n',
  ),
  benign(
    'code',
    'code',
    'en',
    'const messages = [\n  { role: "system", content: "You are a helpful assistant." },\n  { role: "user", content: question },\n];\nconst reply = await client.chat.completions.create({ model, messages });',
  ),
  benign(
    'code',
    'code',
    'en',
    '# .gitignore\nnode_modules/\ndist/\n.env\n*.log\n# ignore editor folders\n.idea/\n.vscode/',
  ),
  benign(
    'code',
    'code',
    'en',
    'def system_prompt(name: str) -> str:\n    return f"You are {name}, a concise assistant for the billing team."\n',
  ),
  benign(
    'code',
    'code',
    'en',
    '-- Drop the old admin table after the migration has copied the rows.\nDROP TABLE IF EXISTS admin_users_old;\n',
  ),
  benign(
    'code',
    'code',
    'en',
    '<!-- Main navigation; keep in sync with routes.ts -->\n<nav class="top">\n  <a href="/">Home</a>\n  <a href="/docs">Docs</a>\n</nav>',
  ),
  benign(
    'code',
    'code',
    'en',
    'try {\n  await sendMail(to, subject, body);\n} catch (error) {\n  // Ignore delivery errors for digests; the next run retries.\n  log.warn({ error }, "digest not sent");\n}',
  ),
  benign(
    'code',
    'code',
    'en',
    'tools = [{"type": "function", "function": {"name": "get_weather", "parameters": {"type": "object", "properties": {"city": {"type": "string"}}}}}]',
  ),
  benign(
    'code',
    'code',
    'en',
    'FROM node:20-slim\nWORKDIR /app\nCOPY package*.json ./\nRUN npm ci --omit=dev\nCOPY . .\nUSER node\nCMD ["node", "server.js"]',
  ),
  benign(
    'code',
    'code',
    'en',
    '#!/bin/sh\n# Usage: ./backup.sh <target>\nset -eu\ntar czf "/backups/$(date +%F).tgz" "$1"\necho "backup written"',
  ),
  benign(
    'code',
    'code',
    'en',
    'if (user.role === "admin") {\n  // Admins bypass the rate limit; the previous rules applied to everyone.\n  return next();\n}',
  ),
  benign(
    'code',
    'code',
    'en',
    'PROMPT_TEMPLATE = """\n### Instruction:\nSummarise the article below in three sentences.\n\n### Input:\n{article}\n"""',
  ),
  benign(
    'code',
    'code',
    'en',
    'func (s *Server) Shutdown(ctx context.Context) error {\n\t// Stop accepting new requests, then wait for in-flight ones.\n\treturn s.http.Shutdown(ctx)\n}',
  ),
  // Documentation.
  benign(
    'documentation',
    'text',
    'en',
    '## Configuration\n\nSet `LOG_LEVEL` to `debug` to see every request. The system reads the file at start; changes need a restart. Unknown keys are ignored with a warning.',
  ),
  benign(
    'documentation',
    'html',
    'en',
    '<h2>System requirements</h2><ul><li>Linux or macOS</li><li>8 GB RAM</li><li>Node 20 or later</li></ul><p>Windows users should follow the WSL instructions.</p>',
  ),
  benign(
    'documentation',
    'text',
    'en',
    'The `--ignore-scripts` flag tells npm not to run lifecycle scripts. Use it when installing untrusted packages.',
  ),
  benign(
    'documentation',
    'text',
    'en',
    'Roles: an admin can manage users and billing; an operator can run jobs; a viewer can only read. The system role is reserved for background tasks.',
  ),
  benign(
    'documentation',
    'text',
    'en',
    'To install, run this command: `curl -fsSL https://get.example.dev | sh`. Then run `example init` in your project folder.',
  ),
  benign(
    'documentation',
    'text',
    'en',
    'Function calling: the model returns a `tool_calls` array. Each entry has an `id`, a `type` of "function" and the function name and arguments as a JSON string. Your code runs the function and sends the result back with role "tool".',
  ),
  benign(
    'documentation',
    'text',
    'en',
    "System prompts set the assistant's behaviour for a whole conversation. Keep them short and put user-specific data in the user message instead.",
  ),
  benign(
    'documentation',
    'html',
    'en',
    '<p>The <code>&lt;system&gt;</code> element in the build file names the target platform. Valid values are <code>linux</code>, <code>darwin</code> and <code>windows</code>.</p>',
  ),
  benign(
    'documentation',
    'text',
    'en',
    'Chat templates wrap each turn in special tokens, for example ChatML uses im_start and im_end markers. The tokenizer applies the template for you; never build it by hand.',
  ),
  benign(
    'documentation',
    'text',
    'en',
    'ROT13 is a letter substitution cipher that replaces a letter with the 13th letter after it. Applying it twice gives back the original text, so it offers no security.',
  ),
  benign(
    'documentation',
    'text',
    'en',
    'Override rules: a value in `config.local.yaml` overrides the same key in `config.yaml`. Environment variables override both.',
  ),
  benign(
    'documentation',
    'text',
    'en',
    'Agents: an agent is a loop that calls the model, runs the tools it asks for, and feeds the results back until the model answers. Risky tools require confirmation from the operator.',
  ),
  benign(
    'documentation',
    'text',
    'en',
    'Troubleshooting: if the service does not start, check the system log with `journalctl -u example`. Previous versions wrote to /var/log/example.log instead.',
  ),
  benign(
    'documentation',
    'text',
    'en',
    'The ReAct pattern interleaves reasoning and acting: the model writes a Thought, then an Action and an Action Input, and the framework returns an Observation.',
  ),
  benign(
    'documentation',
    'text',
    'en',
    'Leetspeak replaces letters with digits, e.g. "h4ck3r" for hacker. It began on bulletin boards in the 1980s.',
  ),
  // Data.
  benign('data', 'json', 'en', `{"id": "img_01", "mime": "image/png", "data": "${png}"}`),
  benign(
    'data',
    'html',
    'en',
    `<p>Logo:</p><img alt="Company logo" src="data:image/png;base64,${png}">`,
  ),
  benign('data', 'text', 'en', `sha256(empty) = ${sha256}\nmd5 = d41d8cd98f00b204e9800998ecf8427e`),
  benign(
    'data',
    'text',
    'en',
    'commit 9fceb02d0ae598e95dc970b74767f19372d61af8\nAuthor: Ada <ada@example.com>\n\n    Fix the retry loop in the system worker',
  ),
  benign(
    'data',
    'json',
    'en',
    '{"user": {"id": "7c9e6679-7425-40de-944b-e07fc1f90ae7", "role": "admin", "created": "2026-02-11T09:14:00Z"}, "permissions": ["read", "write"]}',
  ),
  benign(
    'data',
    'json',
    'en',
    '{"weather": {"city": "Oslo", "temp_c": -3, "summary": "light snow"}, "source": "met.no"}',
  ),
  benign(
    'data',
    'text',
    'en',
    'MAC 3c:22:fb:8a:10:4e, IPv6 fe80::3e22:fbff:fe8a:104e, serial 0x7f3a9c21',
  ),
  benign(
    'data',
    'json',
    'en',
    '{"results": [{"title": "How to ignore files in git", "url": "https://git-scm.com/docs/gitignore"}, {"title": "System design primer", "url": "https://github.com/donnemartin/system-design-primer"}]}',
  ),
  benign(
    'data',
    'text',
    'en',
    'id,name,role,last_login\n1,alice,admin,2026-11-20\n2,bob,operator,2026-11-24\n3,carol,viewer,2026-10-02',
  ),
  benign(
    'data',
    'json',
    'en',
    `{"jwt_header": "eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9", "note": "header only, no claims"}`,
  ),
  benign(
    'data',
    'text',
    'en',
    `-----BEGIN CERTIFICATE-----\n${png.slice(0, 64)}\n${png.slice(64, 128)}\n-----END CERTIFICATE-----`,
  ),
  benign(
    'data',
    'text',
    'en',
    'GPS track: 59.9139,10.7522; 59.9141,10.7530; 59.9150,10.7541 (3 points, 0.2 km)',
  ),
  benign(
    'data',
    'json',
    'en',
    '{"feed": "status", "items": [{"service": "api", "state": "operational"}, {"service": "dashboard", "state": "degraded", "note": "end of maintenance window extended"}]}',
  ),
  benign(
    'data',
    'text',
    'en',
    '1337 is sometimes written as leet; port 31337 was used by old backdoors, and 0x5f3759df is a famous constant.',
  ),
];
