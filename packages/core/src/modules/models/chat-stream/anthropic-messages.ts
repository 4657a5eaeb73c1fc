import type { ChatMessage, ChatStep, ToolCall, WireProtocol } from './chat-types.js';
import { parseEvent } from './parse-event.js';
import { ProviderCallError } from './provider-call-error.js';
import { toolsField } from './tools-field.js';

const API_VERSION = '2023-06-01';

/**
 * The API requires `max_tokens` and refuses one above the model's own limit: the largest each
 * family allows, first match wins. A newer Claude model than these allows 128,000; a name that
 * is not Claude's (a proxy's alias) gets 4,096, which every model allows.
 */
const OUTPUT_LIMITS: Array<[RegExp, number]> = [
  [/claude-3-5-/, 8_192],
  [/claude-3-7-/, 64_000],
  [/claude-3-/, 4_096],
  [/claude-(opus|sonnet|haiku)-4-5/, 64_000],
  [/claude-opus-4-(0|1)|claude-opus-4(-\d{8})?$/, 32_000],
  [/claude-sonnet-4-0|claude-sonnet-4(-\d{8})?$/, 64_000],
  [/claude-/, 128_000],
];

export function maxOutputTokens(model: string): number {
  return OUTPUT_LIMITS.find(([pattern]) => pattern.test(model))?.[1] ?? 4_096;
}

const toolsJson = toolsField((tool) => ({
  name: tool.name,
  description: tool.description,
  input_schema: tool.parameters,
}));

type Block = Record<string, unknown>;

/** A tool call's input as the object the API wants back; malformed text becomes {}. */
function inputObject(call: ToolCall): unknown {
  try {
    const input = JSON.parse(call.arguments || '{}');
    return typeof input === 'object' && input !== null ? input : {};
  } catch {
    return {};
  }
}

function blocksOf(message: ChatMessage): Block[] {
  if (message.role === 'tool') {
    return [{ type: 'tool_result', tool_use_id: message.toolCallId, content: message.content }];
  }
  // The API refuses empty text blocks.
  const blocks: Block[] = message.content ? [{ type: 'text', text: message.content }] : [];
  if (message.role === 'assistant') {
    for (const call of message.toolCalls ?? []) {
      blocks.push({ type: 'tool_use', id: call.id, name: call.name, input: inputObject(call) });
    }
  }
  return blocks;
}

/** Tool results travel in the user's turn, and consecutive turns of one side are one message. */
function wireMessages(messages: readonly ChatMessage[]) {
  const turns: Array<{ role: 'user' | 'assistant'; content: Block[] }> = [];
  for (const message of messages) {
    const role = message.role === 'assistant' ? 'assistant' : 'user';
    const blocks = blocksOf(message);
    if (blocks.length === 0) continue;
    const last = turns.at(-1);
    if (last?.role === role) last.content.push(...blocks);
    else turns.push({ role, content: blocks });
  }
  return turns;
}

interface StreamEvent {
  type?: string;
  index?: number;
  message?: { model?: string; usage?: { input_tokens?: number; output_tokens?: number } };
  content_block?: { type?: string; id?: string; name?: string; text?: string };
  delta?: { type?: string; text?: string; partial_json?: string; stop_reason?: string | null };
  usage?: { output_tokens?: number };
  error?: { type?: string; message?: string };
}

/** Anthropic's messages API, streamed. */
export const anthropicMessages: WireProtocol = {
  path: '/messages',
  headers: (apiKey) => ({
    'anthropic-version': API_VERSION,
    ...(apiKey ? { 'x-api-key': apiKey } : {}),
  }),
  body(request) {
    const { model } = request.target;
    const head = `{"model":${JSON.stringify(model)},"max_tokens":${maxOutputTokens(model)},"stream":true`;
    const rest = `,"system":${JSON.stringify(request.system)},"messages":${JSON.stringify(wireMessages(request.messages))}`;
    return `${head}${rest}${toolsJson(request.tools)}}`;
  },
  reader(onText) {
    let text = '';
    const calls = new Map<number, ToolCall>();
    const usage = { input: 0, output: 0 };
    let started = false;
    let model: string | null = null;
    let finishReason: string | null = null;
    const emit = (delta: string | undefined) => {
      if (!delta) return;
      text += delta;
      onText(delta);
    };
    return {
      event(_name, data) {
        const event = parseEvent<StreamEvent>(data);
        switch (event.type) {
          case 'message_start':
            started = true;
            model = event.message?.model ?? null;
            usage.input = event.message?.usage?.input_tokens ?? 0;
            usage.output = event.message?.usage?.output_tokens ?? 0;
            break;
          case 'content_block_start': {
            const block = event.content_block;
            if (block?.type === 'text') emit(block.text);
            if (block?.type === 'tool_use') {
              calls.set(event.index ?? calls.size, {
                id: block.id ?? `toolu_${calls.size}`,
                name: block.name ?? '',
                arguments: '',
              });
            }
            break;
          }
          case 'content_block_delta':
            if (event.delta?.type === 'text_delta') emit(event.delta.text);
            if (event.delta?.type === 'input_json_delta') {
              const call = calls.get(event.index ?? -1);
              if (call) call.arguments += event.delta.partial_json ?? '';
            }
            break;
          case 'message_delta':
            finishReason = event.delta?.stop_reason ?? finishReason;
            if (event.usage?.output_tokens !== undefined) usage.output = event.usage.output_tokens;
            break;
          case 'error':
            throw new ProviderCallError(
              event.error?.message ?? event.error?.type ?? 'the provider sent an error',
              null,
              null,
            );
          default:
            break;
        }
      },
      finish(): ChatStep {
        if (!started) {
          throw new ProviderCallError(
            'The provider ended the stream without an answer',
            null,
            null,
          );
        }
        return { text, toolCalls: [...calls.values()], usage, model, finishReason };
      },
    };
  },
};
