/** A chat-completions request the runtime sent, and the same request as the model client's input. */
import type { ToolSpec } from '../packages/core/src/modules/models/chat-stream/chat-types.ts';

export interface SentRequest {
  model: string;
  messages: Array<{ role: string; content: string }>;
  tools: Array<{ function: { name: string; description: string; parameters: object } }>;
}

/** `sent` as the runtime's streaming client takes it: system prompt, messages and tools. */
export function asStepInput(sent: SentRequest): {
  system: string;
  messages: Array<{ role: 'user' | 'assistant'; content: string }>;
  tools: ToolSpec[];
} {
  const tools: ToolSpec[] = sent.tools.map(({ function: f }) => ({
    name: f.name,
    description: f.description,
    parameters: { ...f.parameters },
  }));
  const system = sent.messages.find((m) => m.role === 'system')?.content ?? '';
  const messages = sent.messages
    .filter((m) => m.role === 'user' || m.role === 'assistant')
    .map((m) => ({ role: m.role as 'user' | 'assistant', content: m.content }));
  return { system, messages, tools };
}
