import type { ModelTarget } from '../language-model.js';

/** Where a chat call goes: the provider's wire protocol, its URL and key, and the model. */
export interface ChatTarget extends ModelTarget {
  model: string;
}

export interface ToolCall {
  id: string;
  name: string;
  /** The arguments as the model wrote them: JSON text, possibly malformed. */
  arguments: string;
}

/** A conversation in the runtime's terms; each protocol writes it in its own shape. */
export type ChatMessage =
  | { role: 'user'; content: string }
  | { role: 'assistant'; content: string; toolCalls?: ToolCall[] }
  | { role: 'tool'; toolCallId: string; content: string };

/**
 * A tool offered to the model. Kept per skill by the caller, so a protocol may keep its own
 * serialized form per tool object and write it into each request as it is.
 */
export interface ToolSpec {
  name: string;
  description: string;
  /** JSON Schema of the input. */
  parameters: Record<string, unknown>;
}

export interface ChatStepRequest {
  target: ChatTarget;
  system: string;
  messages: readonly ChatMessage[];
  tools: readonly ToolSpec[];
  signal: AbortSignal;
  /** Each piece of reply text as it arrives. */
  onText(delta: string): void;
}

export interface Usage {
  input: number;
  output: number;
}

/** One model call's result: its text, the tools it asked for and the tokens it counted. */
export interface ChatStep {
  text: string;
  toolCalls: ToolCall[];
  usage: Usage;
  /** The model that answered, as the provider named it (null when it did not say). */
  model: string | null;
  /** Why the model stopped, in the provider's words (`stop`, `tool_calls`, `end_turn`). */
  finishReason: string | null;
}

/** Reads one provider's stream, event by event, into a ChatStep. */
export interface StepReader {
  /** One server-sent event; `event` is its name where the protocol names events. */
  event(event: string | undefined, data: string): void;
  /** The step once the stream ended; throws when the stream ended before the step did. */
  finish(): ChatStep;
}

/** One provider's wire protocol. */
export interface WireProtocol {
  path: string;
  headers(apiKey: string | null): Record<string, string>;
  body(request: ChatStepRequest): string;
  reader(onText: (delta: string) => void): StepReader;
}
