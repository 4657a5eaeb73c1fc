import type { ChatStep, ChatStepRequest } from '../models/chat-stream/chat-types.js';
import { telemetry } from './telemetry.js';

/**
 * One model call as a GenAI `chat {model}` span (OpenTelemetry GenAI semantic conventions):
 * provider, requested and answering model, token usage and finish reason; the messages only
 * when content capture is on.
 */
export function chatSpan(
  provider: string,
  request: ChatStepRequest,
  call: () => Promise<ChatStep>,
): Promise<ChatStep> {
  const tracing = telemetry();
  // Off, nothing is built: parsing the URL alone would cost a microsecond per call.
  if (!tracing.on) return call();
  const { model, baseUrl } = request.target;
  const server = serverOf(baseUrl);
  return tracing.span(
    `chat ${model}`,
    {
      kind: 'client',
      attributes: {
        'gen_ai.operation.name': 'chat',
        'gen_ai.provider.name': provider,
        // The name before semantic conventions 1.37, which Jaeger and older tools still read.
        'gen_ai.system': provider,
        'gen_ai.request.model': model,
        'server.address': server?.hostname,
        'server.port': server?.port,
      },
    },
    async (span) => {
      span.content('gen_ai.system_instructions', () => request.system);
      span.content('gen_ai.input.messages', () => request.messages);
      const step = await call();
      span.set({
        'gen_ai.response.model': step.model ?? model,
        'gen_ai.usage.input_tokens': step.usage.input,
        'gen_ai.usage.output_tokens': step.usage.output,
        'gen_ai.response.finish_reasons': step.finishReason ? [step.finishReason] : null,
      });
      span.content('gen_ai.output.messages', () => [
        { role: 'assistant', content: step.text, tool_calls: step.toolCalls },
      ]);
      return step;
    },
  );
}

/** One tool (skill) run as an `execute_tool {name}` span. */
export function toolSpan<T extends { status: string; modelText: string }>(
  name: string,
  input: unknown,
  run: () => Promise<T>,
): Promise<T> {
  const tracing = telemetry();
  if (!tracing.on) return run();
  return tracing.span(
    `execute_tool ${name}`,
    {
      attributes: {
        'gen_ai.operation.name': 'execute_tool',
        'gen_ai.tool.name': name,
        'gen_ai.tool.type': 'function',
      },
    },
    async (span) => {
      span.content('gen_ai.tool.call.arguments', () => input);
      const outcome = await run();
      span.set({ 'agent_runtime.tool.status': outcome.status });
      span.content('gen_ai.tool.call.result', () => outcome.modelText);
      return outcome;
    },
  );
}

function serverOf(baseUrl: string): { hostname: string; port: number } | null {
  try {
    const url = new URL(baseUrl);
    const port = Number(url.port) || (url.protocol === 'https:' ? 443 : 80);
    return { hostname: url.hostname, port };
  } catch {
    return null;
  }
}

/** What the AI SDK's model objects and results say about a call (a subset of its types). */
interface SdkModel {
  provider?: string;
  modelId?: string;
}
interface SdkResult {
  usage: { inputTokens?: number | undefined; outputTokens?: number | undefined };
  finishReason?: string;
  response?: { modelId?: string };
}

/**
 * A model call made through the AI SDK (goal planning, memory extraction, the injection
 * classifier) as a `chat {model}` span; `call` gets the headers to send (the traceparent).
 * Content is not captured here: these prompts are the runtime's own, built from stored data.
 */
export function sdkChatSpan<R extends SdkResult>(
  purpose: string,
  model: unknown,
  call: (headers: Record<string, string> | undefined) => Promise<R>,
): Promise<R> {
  const tracing = telemetry();
  if (!tracing.on) return call(undefined);
  const { provider = 'unknown', modelId = 'unknown' } = (model ?? {}) as SdkModel;
  // The AI SDK names providers with their API: `openai.chat`, `anthropic.messages`.
  const providerName = provider.split('.')[0] ?? provider;
  return tracing.span(
    `chat ${modelId}`,
    {
      kind: 'client',
      attributes: {
        'gen_ai.operation.name': 'chat',
        'gen_ai.provider.name': providerName,
        'gen_ai.system': providerName,
        'gen_ai.request.model': modelId,
        'agent_runtime.purpose': purpose,
      },
    },
    async (span) => {
      const traceparent = tracing.traceparent();
      const result = await call(traceparent ? { traceparent } : undefined);
      span.set({
        'gen_ai.response.model': result.response?.modelId ?? modelId,
        'gen_ai.usage.input_tokens': result.usage.inputTokens,
        'gen_ai.usage.output_tokens': result.usage.outputTokens,
        'gen_ai.response.finish_reasons': result.finishReason ? [result.finishReason] : null,
      });
      return result;
    },
  );
}
