import { fakeEmbedding } from './fake-embeddings.js';
import {
  type Exchange,
  estimateUsage,
  type FakeModelServer,
  type FakeServerOptions,
  type FakeTurn,
  nextId,
  openEventStream,
  pause,
  sendJson,
  splitJson,
  splitText,
  startFakeModelServer,
  writeFrames,
} from './fake-model-script.js';

const DEFAULT_MODELS = ['gpt-4o-mini', 'gpt-4o'];

/** The bodies OpenAI sends with each status (type and code as the real API names them). */
const ERRORS: Record<number, { type: string; code: string | null; message: string }> = {
  400: { type: 'invalid_request_error', code: null, message: 'Invalid request.' },
  401: {
    type: 'invalid_request_error',
    code: 'invalid_api_key',
    message:
      'Incorrect API key provided. You can find your API key at https://platform.openai.com/account/api-keys.',
  },
  403: {
    type: 'invalid_request_error',
    code: 'unsupported_country_region_territory',
    message: 'Country, region, or territory not supported',
  },
  404: {
    type: 'invalid_request_error',
    code: 'model_not_found',
    message: 'The model does not exist or you do not have access to it.',
  },
  429: {
    type: 'requests',
    code: 'rate_limit_exceeded',
    message: 'Rate limit reached for requests. Please try again in 20ms.',
  },
  500: {
    type: 'server_error',
    code: null,
    message: 'The server had an error while processing your request. Sorry about that!',
  },
  503: {
    type: 'server_error',
    code: null,
    message: 'The engine is currently overloaded, please try again later.',
  },
};

function sendError(exchange: Exchange, status: number, message?: string): void {
  const known = ERRORS[status] ?? ERRORS[status >= 500 ? 500 : 400];
  sendJson(
    exchange.res,
    status,
    {
      error: {
        message: message ?? known?.message,
        type: known?.type,
        param: null,
        code: known?.code,
      },
    },
    { 'x-request-id': nextId('req_') },
  );
}

/**
 * A local server speaking OpenAI's Chat Completions and Models APIs, for tests and benchmarks:
 * the AI SDK's `createOpenAI({ baseURL }).chat(model)` talks to it as to the real service.
 */
export function startFakeOpenAi(options: FakeServerOptions = {}): Promise<FakeModelServer> {
  return startFakeModelServer(handle, { ...options, defaultModels: DEFAULT_MODELS });
}

async function handle(exchange: Exchange): Promise<void> {
  const { request, apiKey, server } = exchange;
  if (apiKey !== undefined && request.headers.authorization !== `Bearer ${apiKey}`) {
    return sendError(exchange, 401);
  }
  if (request.method === 'GET' && request.path === '/v1/models') {
    return sendJson(exchange.res, 200, { object: 'list', data: server.models.map(modelEntry) });
  }
  const single = /^\/v1\/models\/(.+)$/.exec(request.path);
  if (request.method === 'GET' && single) {
    const id = decodeURIComponent(single[1] ?? '');
    if (!server.models.includes(id)) return sendError(exchange, 404);
    return sendJson(exchange.res, 200, modelEntry(id));
  }
  if (request.method === 'POST' && request.path === '/v1/chat/completions') {
    return completion(exchange);
  }
  if (request.method === 'POST' && request.path === '/v1/embeddings') return embeddings(exchange);
  sendError(exchange, 404, `Invalid URL (${request.method} ${request.path})`);
}

const modelEntry = (id: string) => ({
  id,
  object: 'model',
  created: 1_715_367_049,
  owned_by: 'system',
});

async function completion(exchange: Exchange): Promise<void> {
  const { body } = exchange.request;
  if (typeof body !== 'object' || body === null) {
    return sendError(exchange, 400, 'We could not parse the JSON body of your request.');
  }
  if (typeof body.model !== 'string') {
    return sendError(exchange, 400, 'you must provide a model parameter');
  }
  if (!Array.isArray(body.messages) || body.messages.length === 0) {
    return sendError(exchange, 400, "Missing required parameter: 'messages'.");
  }
  const turn = exchange.nextTurn();
  if (turn.status) {
    await pause(turn.firstChunkDelayMs, exchange.signal);
    return sendError(exchange, turn.status);
  }
  if (body.stream === true) return streamCompletion(exchange, turn);
  await pause(turn.firstChunkDelayMs, exchange.signal);
  const usage = estimateUsage(body, turn);
  const calls = toolCalls(turn);
  sendJson(exchange.res, 200, {
    id: nextId('chatcmpl-'),
    object: 'chat.completion',
    created: now(),
    model: body.model,
    choices: [
      {
        index: 0,
        message: {
          role: 'assistant',
          content: turn.text ?? null,
          refusal: null,
          ...(calls.length > 0 ? { tool_calls: calls } : {}),
        },
        logprobs: null,
        finish_reason: calls.length > 0 ? 'tool_calls' : 'stop',
      },
    ],
    usage: usageBody(usage),
    system_fingerprint: 'fp_fake',
  });
}

/**
 * The Embeddings API with the deterministic fake embedder. OpenAI's embedding models are named
 * text-embedding-*; any other name is unknown (404), as the real service answers.
 */
function embeddings(exchange: Exchange): void {
  const { body } = exchange.request;
  if (typeof body?.model !== 'string' || !body.model.startsWith('text-embedding-')) {
    sendError(exchange, 404);
    return;
  }
  const inputs: unknown[] = Array.isArray(body.input) ? body.input : [body.input];
  if (inputs.length === 0 || inputs.some((input) => typeof input !== 'string')) {
    sendError(exchange, 400, "'input' must be a string or an array of strings.");
    return;
  }
  const tokens = inputs.reduce<number>((n, input) => n + Math.ceil(String(input).length / 4), 0);
  sendJson(exchange.res, 200, {
    object: 'list',
    data: inputs.map((input, index) => ({
      object: 'embedding',
      index,
      embedding: fakeEmbedding(String(input)),
    })),
    model: body.model,
    usage: { prompt_tokens: tokens, total_tokens: tokens },
  });
}

async function streamCompletion(exchange: Exchange, turn: FakeTurn): Promise<void> {
  const { body } = exchange.request;
  const stream = openEventStream(exchange, { 'x-request-id': nextId('req_') });
  const id = nextId('chatcmpl-');
  const created = now();
  const head = { id, object: 'chat.completion.chunk', created, model: body.model };
  const chunk = (choices: unknown[], extra: Record<string, unknown> = {}) =>
    `data: ${JSON.stringify({ ...head, system_fingerprint: 'fp_fake', choices, ...extra })}\n\n`;
  const delta = (d: Record<string, unknown>, finish: string | null = null) =>
    chunk([{ index: 0, delta: d, logprobs: null, finish_reason: finish }]);

  const frames: string[] = [delta({ role: 'assistant', content: '', refusal: null })];
  for (const piece of splitText(turn.text ?? '')) frames.push(delta({ content: piece }));
  toolCalls(turn).forEach((call, index) => {
    const { name, arguments: args } = call.function;
    frames.push(
      delta({
        tool_calls: [{ index, id: call.id, type: 'function', function: { name, arguments: '' } }],
      }),
    );
    for (const piece of splitJson(args)) {
      frames.push(delta({ tool_calls: [{ index, function: { arguments: piece } }] }));
    }
  });
  frames.push(delta({}, turn.toolCalls?.length ? 'tool_calls' : 'stop'));
  if (body.stream_options?.include_usage === true) {
    frames.push(chunk([], { usage: usageBody(estimateUsage(body, turn)) }));
  }
  frames.push('data: [DONE]\n\n');

  // The role frame opens the reply.
  await writeFrames(exchange, stream, turn, frames, 1);
}

function toolCalls(turn: FakeTurn) {
  return (turn.toolCalls ?? []).map((call) => ({
    id: nextId('call_'),
    type: 'function' as const,
    function: { name: call.name, arguments: JSON.stringify(call.input) },
  }));
}

const usageBody = (usage: { input: number; output: number }) => ({
  prompt_tokens: usage.input,
  completion_tokens: usage.output,
  total_tokens: usage.input + usage.output,
});

const now = () => Math.floor(Date.now() / 1000);
