import type { ChatMessage, ChatStep, ToolCall, WireProtocol } from './chat-types.js';
import { parseEvent } from './parse-event.js';
import { ProviderCallError } from './provider-call-error.js';
import { toolsField } from './tools-field.js';

const toolsJson = toolsField((tool) => ({
  type: 'function',
  function: { name: tool.name, description: tool.description, parameters: tool.parameters },
}));

function wireMessage(message: ChatMessage): Record<string, unknown> {
  switch (message.role) {
    case 'user':
      return { role: 'user', content: message.content };
    case 'tool':
      return { role: 'tool', tool_call_id: message.toolCallId, content: message.content };
    case 'assistant': {
      const calls = message.toolCalls ?? [];
      if (calls.length === 0) return { role: 'assistant', content: message.content };
      return {
        role: 'assistant',
        // OpenAI wants null rather than "" beside tool calls.
        content: message.content || null,
        tool_calls: calls.map((call) => ({
          id: call.id,
          type: 'function',
          function: { name: call.name, arguments: call.arguments },
        })),
      };
    }
  }
}

interface ChunkToolCall {
  index?: number;
  id?: string;
  function?: { name?: string; arguments?: string };
}

interface Chunk {
  model?: string;
  error?: { message?: string };
  usage?: { prompt_tokens?: number; completion_tokens?: number } | null;
  choices?: Array<{
    delta?: { content?: string | null; tool_calls?: ChunkToolCall[] | null };
    finish_reason?: string | null;
  }>;
}

/**
 * OpenAI's chat completions, streamed (`stream_options.include_usage` for the token counts).
 * Compatible servers differ in small ways the reader allows for: a tool call sent whole in one
 * chunk, a missing `index`, no `[DONE]` at the end.
 */
export const openAiChat: WireProtocol = {
  path: '/chat/completions',
  headers: (apiKey): Record<string, string> =>
    apiKey ? { authorization: `Bearer ${apiKey}` } : {},
  body(request) {
    const messages = [
      { role: 'system', content: request.system },
      ...request.messages.map(wireMessage),
    ];
    const head = `{"model":${JSON.stringify(request.target.model)},"stream":true,"stream_options":{"include_usage":true}`;
    return `${head},"messages":${JSON.stringify(messages)}${toolsJson(request.tools)}}`;
  },
  reader(onText) {
    let text = '';
    const calls: ToolCall[] = [];
    const usage = { input: 0, output: 0 };
    let chunks = 0;
    let model: string | null = null;
    let finishReason: string | null = null;
    return {
      event(_name, data) {
        if (data === '[DONE]') return;
        const chunk = parseEvent<Chunk>(data);
        chunks += 1;
        if (chunk.error) {
          throw new ProviderCallError(
            chunk.error.message ?? 'the provider sent an error',
            null,
            null,
          );
        }
        if (chunk.usage) {
          usage.input = chunk.usage.prompt_tokens ?? 0;
          usage.output = chunk.usage.completion_tokens ?? 0;
        }
        model = chunk.model ?? model;
        finishReason = chunk.choices?.[0]?.finish_reason ?? finishReason;
        const delta = chunk.choices?.[0]?.delta;
        if (!delta) return;
        if (delta.content) {
          text += delta.content;
          onText(delta.content);
        }
        for (const part of delta.tool_calls ?? []) addToolCallPart(calls, part);
      },
      finish(): ChatStep {
        if (chunks === 0) {
          throw new ProviderCallError(
            'The provider ended the stream without an answer',
            null,
            null,
          );
        }
        return { text, toolCalls: calls.filter(Boolean), usage, model, finishReason };
      },
    };
  },
};

/** A tool call arrives in pieces: its id and name first, then its arguments a fragment at a time. */
function addToolCallPart(calls: ToolCall[], part: ChunkToolCall): void {
  const index = part.index ?? (part.id ? calls.length : Math.max(0, calls.length - 1));
  let call = calls[index];
  if (!call) {
    call = { id: part.id ?? `call_${index}`, name: '', arguments: '' };
    calls[index] = call;
  }
  if (part.function?.name) call.name ||= part.function.name;
  call.arguments += part.function?.arguments ?? '';
}
