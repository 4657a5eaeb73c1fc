/**
 * The model loop's floor: a process in the runtime's place that does no work of its own. It
 * takes POST /chat/stream through Fastify, sends the model the request the runtime sent last
 * (MODEL_REQUEST_FILE, with the incoming text as its last user message) through the runtime's
 * own streaming client, and relays the reply as the runtime's event stream does (`http/sse.ts`).
 * Its overhead over the model alone is what the second process and its two hops cost.
 */
import { readFileSync } from 'node:fs';
import Fastify from 'fastify';
import { openSse } from '../../packages/core/src/http/sse.ts';
import { streamChatStep } from '../../packages/core/src/modules/models/chat-stream/chat-stream.ts';
import { asStepInput, type SentRequest } from '../model-request.ts';

const sent = JSON.parse(readFileSync(process.env.MODEL_REQUEST_FILE ?? '', 'utf8')) as SentRequest;
const { system, messages, tools } = asStepInput(sent);
const target = {
  kind: 'openai' as const,
  baseUrl: process.env.MODEL_BASE_URL ?? '',
  apiKey: 'sk-bench-0123456789abcdefghij',
  model: sent.model,
};

const app = Fastify();
app.get('/health', async () => ({ status: 'ok' }));
app.post('/chat/stream', async (request, reply) => {
  const { text } = request.body as { text: string };
  const stream = openSse(request, reply);
  await streamChatStep({
    target,
    system,
    messages: [...messages.slice(0, -1), { role: 'user', content: text }],
    tools,
    signal: stream.signal,
    onText: (chunk) => stream.send('chunk', { text: chunk }),
  });
  stream.send('done', { final: '' });
  stream.close();
});
await app.listen({ port: Number(process.env.PORT ?? 8080), host: '127.0.0.1' });
process.on('SIGTERM', () => void app.close().then(() => process.exit(0)));
