import { z } from 'zod';
import { streamChatStep } from '../models/chat-stream/chat-stream.js';
import type {
  ChatMessage,
  ChatStepRequest,
  ChatTarget,
  ToolCall,
  ToolSpec,
  Usage,
} from '../models/chat-stream/chat-types.js';
import type { AnySkill } from '../skills/skill.js';
import { chatSpan } from '../telemetry/gen-ai-spans.js';
import type { RunContext, SkillRunner } from './skill-runner.js';

export interface ModelLoopInput {
  /** The provider's id (`openai`, `anthropic`, `ollama`, ...), as traces name it. */
  provider: string;
  target: ChatTarget;
  system: string;
  messages: ChatMessage[];
  skills: AnySkill[];
  runner: SkillRunner;
  run: RunContext;
  maxSteps: number;
  onText(delta: string): void;
}

export interface ModelLoopResult {
  reply: string;
  usage: Usage;
}

const toolCache = new WeakMap<AnySkill, ToolSpec>();

/**
 * The skill as a tool, built once per skill object and description (a reloaded custom skill is
 * a new object; integration_skill's description follows the configured connectors and the
 * operator's risk overrides): its input as JSON Schema. The input is not validated here, so
 * every call, well-formed or not, goes through the skill runner and the policy gate, and the
 * trace and the error the model reads are the same whichever way a call goes wrong.
 */
function toolFor(skill: AnySkill): ToolSpec {
  const { description } = skill;
  const cached = toolCache.get(skill);
  if (cached?.description === description) return cached;
  const parameters = z.toJSONSchema(skill.inputSchema, { io: 'input', unrepresentable: 'any' });
  delete (parameters as { $schema?: unknown }).$schema;
  const built: ToolSpec = { name: skill.name, description, parameters };
  toolCache.set(skill, built);
  return built;
}

/** A call's arguments as the skill runner takes them: text that is not JSON goes as it is. */
function callInput(call: ToolCall): unknown {
  if (call.arguments.trim() === '') return {};
  try {
    return JSON.parse(call.arguments);
  } catch {
    return call.arguments;
  }
}

/**
 * The tool loop: the model answers, the skills it asks for run through the skill runner (a
 * step's calls side by side, as the model may ask for several at once), their results go back,
 * until it answers without a tool call or `maxSteps` model calls were made. Text streams as it
 * arrives.
 */
export async function runModelLoop(input: ModelLoopInput): Promise<ModelLoopResult> {
  const offered = new Map<string, AnySkill>();
  for (const skill of input.skills) offered.set(skill.name, skill);
  const tools = input.skills.map(toolFor);
  const messages: ChatMessage[] = [...input.messages];
  const usage: Usage = { input: 0, output: 0 };
  let reply = '';
  for (let step = 1; step <= input.maxSteps; step += 1) {
    let stepHasText = false;
    const request: ChatStepRequest = {
      target: input.target,
      system: input.system,
      messages,
      tools,
      signal: input.run.signal,
      onText: (text) => {
        // Text of a later step starts a new paragraph rather than running into the last one.
        const delta = !stepHasText && reply.length > 0 ? `\n\n${text}` : text;
        stepHasText = true;
        reply += delta;
        input.onText(delta);
      },
    };
    const result = await chatSpan(input.provider, request, () => streamChatStep(request));
    usage.input += result.usage.input;
    usage.output += result.usage.output;
    if (result.toolCalls.length === 0) break;
    messages.push({ role: 'assistant', content: result.text, toolCalls: result.toolCalls });
    const outputs = await Promise.all(
      result.toolCalls.map((call) => {
        // Only what was offered runs: a model naming another skill does not reach it.
        if (!offered.has(call.name)) return `There is no tool named ${call.name}.`;
        return input.runner
          .run(call.name, callInput(call), input.run)
          .then((outcome) => outcome.modelText);
      }),
    );
    result.toolCalls.forEach((call, index) => {
      messages.push({ role: 'tool', toolCallId: call.id, content: outputs[index] ?? '' });
    });
    input.run.signal.throwIfAborted();
  }
  return { reply, usage };
}
