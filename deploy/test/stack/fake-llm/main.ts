// The stack test's model, in the agent-llm container. Scripted by the user's text:
//   "call <tool> <json arguments>"  -> one tool call; once its result is back, "Result: <result>"
//   "stream <n> <ms>"               -> n words, one chunk every ms milliseconds
//   a goal's plan (a request for the "tasks" object) whose objective holds "slow-goal"
//                                   -> three tasks, b and c after a, each "[slow-task:<key>]"
//   "[slow-task:<key>]" anywhere    -> "Task <key> done" after 10 s (streamed or not)
//   anything else                   -> "Fake reply to: <text>", streamed word by word
import { lastUserText } from '../../../../packages/core/src/testing/fakes/fake-model-script.js';
import { startFakeOpenAi } from '../../../../packages/core/src/testing/fakes/fake-openai.js';

const server = await startFakeOpenAi({ host: '0.0.0.0', port: 11434, models: ['stack-model'] });

function slowPlan() {
  return {
    tasks: ['a', 'b', 'c'].map((key) => ({
      key,
      title: `Slow step ${key}`,
      instruction: `Take your time over step ${key} [slow-task:${key}]`,
      depends_on: key === 'a' ? [] : ['a'],
    })),
  };
}

server.respond = (request) => {
  const messages: { role?: string; content?: unknown }[] = request.body?.messages ?? [];
  const last = messages.at(-1);
  if (last?.role === 'tool') {
    const result = typeof last.content === 'string' ? last.content : JSON.stringify(last.content);
    return { text: `Result: ${result}` };
  }
  const text = lastUserText(request.body);
  const wantsPlan = JSON.stringify(request.body?.response_format ?? '').includes('"tasks"');
  if (wantsPlan && JSON.stringify(messages).includes('slow-goal'))
    return { text: JSON.stringify(slowPlan()) };
  const slowTask = /\[slow-task:([a-z])\]/.exec(text)?.[1];
  if (slowTask) return { text: `Task ${slowTask} done`, firstChunkDelayMs: 10_000 };
  const call = /^call (\S+) (\{.*\})$/s.exec(text);
  if (call) return { toolCalls: [{ name: call[1] ?? '', input: JSON.parse(call[2] ?? '{}') }] };
  const stream = /^stream (\d+) (\d+)$/.exec(text);
  if (stream) {
    const words = Array.from({ length: Number(stream[1]) }, (_, i) => `word${i + 1}`);
    return { text: words.join(' '), chunkDelayMs: Number(stream[2]) };
  }
  return { text: `Fake reply to: ${text}` };
};
// The recorded requests would grow without end in a long-lived container.
setInterval(() => server.requests.splice(0), 60_000).unref();
console.log('fake-llm: serving the OpenAI-compatible API on :11434');
