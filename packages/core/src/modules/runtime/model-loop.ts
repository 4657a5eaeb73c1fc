import type { LanguageModel, ModelMessage, Tool } from 'ai';
import { z } from 'zod';
import { loadAiSdk } from '../models/ai-sdk.js';
import type { AnySkill } from '../skills/skill.js';
import type { RunContext, SkillRunner } from './skill-runner.js';

export interface ModelLoopInput {
  model: LanguageModel;
  system: string;
  messages: ModelMessage[];
  skills: AnySkill[];
  runner: SkillRunner;
  run: RunContext;
  maxSteps: number;
  onText(delta: string): void;
}

export interface ModelLoopResult {
  reply: string;
  usage: { input: number; output: number };
}

/** What a cached tool needs of the message it is called for; passed as the call's context. */
interface ToolCallContext {
  runner: SkillRunner;
  run: RunContext;
}

type AiSdk = Awaited<ReturnType<typeof loadAiSdk>>;

const toolCache = new WeakMap<AnySkill, { description: string; tool: Tool }>();

/**
 * The skill as an AI SDK tool, built once per skill object and description (a reloaded custom
 * skill is a new object; integration_skill's description follows the configured connectors and
 * the operator's risk overrides): its input as JSON Schema, without the SDK validating it, so
 * every call, well-formed or not, goes through the skill runner and the policy gate, the trace
 * and the error the model reads are the same whichever way a call goes wrong. The message it
 * runs for comes with each call, not with the tool.
 */
function toolFor(sdk: AiSdk, skill: AnySkill): Tool {
  const { description } = skill;
  const cached = toolCache.get(skill);
  if (cached?.description === description) return cached.tool;
  const json = z.toJSONSchema(skill.inputSchema, { io: 'input', unrepresentable: 'any' });
  delete (json as { $schema?: unknown }).$schema;
  const built = sdk.tool({
    description,
    inputSchema: sdk.jsonSchema(json as Parameters<AiSdk['jsonSchema']>[0]),
    execute: async (args: unknown, options) => {
      const { runner, run } = options.experimental_context as ToolCallContext;
      return (await runner.run(skill.name, args, run)).modelText;
    },
  });
  toolCache.set(skill, { description, tool: built });
  return built;
}

/** The AI SDK tool loop over the offered skills, streaming text as it arrives. */
export async function runModelLoop(input: ModelLoopInput): Promise<ModelLoopResult> {
  const sdk = await loadAiSdk();
  const tools: Record<string, Tool> = {};
  for (const skill of input.skills) tools[skill.name] = toolFor(sdk, skill);
  const context: ToolCallContext = { runner: input.runner, run: input.run };
  const result = sdk.streamText({
    model: input.model,
    system: input.system,
    messages: input.messages,
    tools,
    experimental_context: context,
    stopWhen: sdk.stepCountIs(input.maxSteps),
    abortSignal: input.run.signal,
    // One retry at most: a streaming operator is waiting, and the error must reach them soon.
    maxRetries: 1,
    // Provider errors arrive as the stream's error part; without this the SDK also prints them.
    onError: () => {},
  });

  let reply = '';
  let stepHasText = false;
  let usage = { input: 0, output: 0 };
  for await (const part of result.fullStream) {
    switch (part.type) {
      case 'start-step':
        stepHasText = false;
        break;
      case 'text-delta': {
        if (!part.text) break;
        // Text of a later step starts a new paragraph rather than running into the last one.
        const delta = !stepHasText && reply.length > 0 ? `\n\n${part.text}` : part.text;
        stepHasText = true;
        reply += delta;
        input.onText(delta);
        break;
      }
      case 'finish':
        usage = {
          input: part.totalUsage.inputTokens ?? 0,
          output: part.totalUsage.outputTokens ?? 0,
        };
        break;
      case 'error':
        throw part.error;
      case 'abort':
        throw input.run.signal.reason ?? new Error('cancelled');
      default:
        break;
    }
  }
  return { reply, usage };
}
