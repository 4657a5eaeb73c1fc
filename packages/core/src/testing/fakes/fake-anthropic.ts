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

const DEFAULT_MODELS = ['claude-sonnet-4-5', 'claude-haiku-4-5'];

/** Anthropic's error types by status, with messages as the real API words them. */
const ERRORS: Record<number, { type: string; message: string }> = {
  400: { type: 'invalid_request_error', message: 'Invalid request.' },
  401: { type: 'authentication_error', message: 'invalid x-api-key' },
  403: {
    type: 'permission_error',
    message: 'Your API key does not have permission to use the specified resource.',
  },
  404: { type: 'not_found_error', message: 'Not found.' },
  413: {
    type: 'request_too_large',
    message: 'Request exceeds the maximum allowed number of bytes.',
  },
  429: {
    type: 'rate_limit_error',
    message: 'Number of request tokens has exceeded your per-minute rate limit.',
  },
  500: { type: 'api_error', message: 'Internal server error' },
  529: { type: 'overloaded_error', message: 'Overloaded' },
};

function sendError(exchange: Exchange, status: number, message?: string): void {
  const known = ERRORS[status] ?? ERRORS[status >= 500 ? 500 : 400];
  const requestId = nextId('req_');
  sendJson(
    exchange.res,
    status,
    {
      type: 'error',
      error: { type: known?.type, message: message ?? known?.message },
      request_id: requestId,
    },
    { 'request-id': requestId },
  );
}

/**
 * A local server speaking Anthropic's Messages and Models APIs, for tests and benchmarks:
 * the AI SDK's `createAnthropic({ baseURL })(model)` talks to it as to the real service.
 */
export function startFakeAnthropic(options: FakeServerOptions = {}): Promise<FakeModelServer> {
  return startFakeModelServer(handle, { ...options, defaultModels: DEFAULT_MODELS });
}

async function handle(exchange: Exchange): Promise<void> {
  const { request, apiKey, server } = exchange;
  if (apiKey !== undefined && request.headers['x-api-key'] !== apiKey) {
    return sendError(exchange, 401);
  }
  // The real API refuses every call without it; catching a client that forgets it is the point.
  if (!request.headers['anthropic-version']) {
    return sendError(exchange, 400, 'anthropic-version: header is required');
  }
  if (request.method === 'GET' && request.path === '/v1/models') {
    const data = server.models.map(modelEntry);
    return sendJson(exchange.res, 200, {
      data,
      has_more: false,
      first_id: data[0]?.id ?? null,
      last_id: data.at(-1)?.id ?? null,
    });
  }
  if (request.method === 'POST' && request.path === '/v1/messages') return message(exchange);
  sendError(exchange, 404, `Not found: ${request.method} ${request.path}`);
}

/** "claude-sonnet-4-5" -> "Claude Sonnet 4.5", close to the real display names. */
const modelEntry = (id: string) => ({
  type: 'model',
  id,
  display_name: id
    .replace(/-(\d+)-(\d+)(?=$|-)/, ' $1.$2')
    .split('-')
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join(' '),
  created_at: '2025-09-29T00:00:00Z',
});

async function message(exchange: Exchange): Promise<void> {
  const { body } = exchange.request;
  if (typeof body !== 'object' || body === null) {
    return sendError(exchange, 400, 'There was an issue with your request body: invalid JSON');
  }
  for (const field of ['model', 'messages', 'max_tokens']) {
    if (body[field] === undefined) return sendError(exchange, 400, `${field}: Field required`);
  }
  const turn = exchange.nextTurn();
  if (turn.status) {
    await pause(turn.firstChunkDelayMs, exchange.signal);
    return sendError(exchange, turn.status);
  }
  if (body.stream === true) return streamMessage(exchange, turn);
  await pause(turn.firstChunkDelayMs, exchange.signal);
  const usage = estimateUsage(body, turn);
  sendJson(
    exchange.res,
    200,
    {
      id: nextId('msg_'),
      type: 'message',
      role: 'assistant',
      model: body.model,
      content: [
        ...(turn.text ? [{ type: 'text', text: turn.text }] : []),
        ...toolUses(turn).map((use) => ({ type: 'tool_use', ...use })),
      ],
      stop_reason: stopReason(turn),
      stop_sequence: null,
      usage: { input_tokens: usage.input, output_tokens: usage.output },
    },
    { 'request-id': nextId('req_') },
  );
}

async function streamMessage(exchange: Exchange, turn: FakeTurn): Promise<void> {
  const { body } = exchange.request;
  const usage = estimateUsage(body, turn);
  const stream = openEventStream(exchange, { 'request-id': nextId('req_') });
  const event = (type: string, data: Record<string, unknown>) =>
    `event: ${type}\ndata: ${JSON.stringify({ type, ...data })}\n\n`;

  const frames: string[] = [
    event('message_start', {
      message: {
        id: nextId('msg_'),
        type: 'message',
        role: 'assistant',
        model: body.model,
        content: [],
        stop_reason: null,
        stop_sequence: null,
        usage: { input_tokens: usage.input, output_tokens: 1 },
      },
    }),
    event('ping', {}),
  ];
  let index = 0;
  if (turn.text) {
    frames.push(event('content_block_start', { index, content_block: { type: 'text', text: '' } }));
    for (const text of splitText(turn.text)) {
      frames.push(event('content_block_delta', { index, delta: { type: 'text_delta', text } }));
    }
    frames.push(event('content_block_stop', { index }));
    index += 1;
  }
  for (const use of toolUses(turn)) {
    frames.push(
      event('content_block_start', {
        index,
        content_block: { type: 'tool_use', id: use.id, name: use.name, input: {} },
      }),
    );
    for (const partial_json of splitJson(JSON.stringify(use.input))) {
      frames.push(
        event('content_block_delta', { index, delta: { type: 'input_json_delta', partial_json } }),
      );
    }
    frames.push(event('content_block_stop', { index }));
    index += 1;
  }
  frames.push(
    event('message_delta', {
      delta: { stop_reason: stopReason(turn), stop_sequence: null },
      usage: { output_tokens: usage.output },
    }),
    event('message_stop', {}),
  );

  // message_start and ping open the reply, and a text block's start opens its first chunk.
  await writeFrames(exchange, stream, turn, frames, turn.text ? 3 : 2);
}

const toolUses = (turn: FakeTurn) =>
  (turn.toolCalls ?? []).map((call) => ({
    id: nextId('toolu_'),
    name: call.name,
    input: call.input,
  }));

const stopReason = (turn: FakeTurn) => (turn.toolCalls?.length ? 'tool_use' : 'end_turn');
