import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { type FakeModelServer, startFakeOpenAi } from '../../testing/fakes/index.js';
import { type AnySkill, defineSkill } from '../skills/skill.js';
import { runModelLoop } from './model-loop.js';
import type { RunContext, SkillRunner, StepOutcome } from './skill-runner.js';

const echo: AnySkill = defineSkill<{ text: string }>({
  name: 'echo',
  description: 'Repeats a text.',
  level: 'SAFE',
  inputSchema: z.object({ text: z.string() }),
  execute: async (input) => ({ text: input.text }),
});

/** A runner that records what reached it and answers with the input it got. */
function recordingRunner() {
  const calls: Array<{ name: string; input: unknown }> = [];
  const runner = {
    run: async (name: string, input: unknown): Promise<StepOutcome> => {
      calls.push({ name, input });
      return {
        status: 'done',
        modelText: `ran ${name} with ${JSON.stringify(input)}`,
        operatorText: '',
      };
    },
  } as unknown as SkillRunner;
  return { calls, runner };
}

describe('model loop', () => {
  let model: FakeModelServer;

  beforeAll(async () => {
    model = await startFakeOpenAi();
  });
  afterAll(() => model.close());

  async function loop(runner: SkillRunner, maxSteps = 5) {
    const deltas: string[] = [];
    const result = await runModelLoop({
      provider: 'openai',
      target: { kind: 'openai', baseUrl: model.baseUrl, apiKey: null, model: 'gpt-4o-mini' },
      system: 'system prompt',
      messages: [{ role: 'user', content: 'go' }],
      skills: [echo],
      runner,
      run: { signal: new AbortController().signal } as RunContext,
      maxSteps,
      onText: (delta) => deltas.push(delta),
    });
    return { ...result, streamed: deltas.join('') };
  }

  it('runs the offered tool, gives its result back, and adds up the steps', async () => {
    const { calls, runner } = recordingRunner();
    const before = model.requests.length;
    model.queue(
      {
        text: 'Checking.',
        toolCalls: [{ name: 'echo', input: { text: 'hi' } }],
        usage: { input: 10, output: 2 },
      },
      { text: 'Done.', usage: { input: 20, output: 1 } },
    );
    const result = await loop(runner);
    expect(calls).toEqual([{ name: 'echo', input: { text: 'hi' } }]);
    // A later step's text starts a new paragraph, in the reply and in what was streamed.
    expect(result).toMatchObject({ reply: 'Checking.\n\nDone.', streamed: 'Checking.\n\nDone.' });
    expect(result.usage).toEqual({ input: 30, output: 3 });
    const second = model.requests[before + 1]?.body.messages;
    expect(second.at(-1)).toMatchObject({ role: 'tool', content: 'ran echo with {"text":"hi"}' });
  });

  it('never runs a skill that was not offered, and tells the model so', async () => {
    const { calls, runner } = recordingRunner();
    model.queue(
      { toolCalls: [{ name: 'shell', input: { command: 'rm -rf /' } }] },
      { text: 'Sorry.' },
    );
    await loop(runner);
    expect(calls).toEqual([]);
    expect(model.requests.at(-1)?.body.messages.at(-1)).toMatchObject({
      role: 'tool',
      content: 'There is no tool named shell.',
    });
  });

  it('stops after maxSteps model calls, even when the model asks for more', async () => {
    const { calls, runner } = recordingRunner();
    const before = model.requests.length;
    model.respond = () => ({ toolCalls: [{ name: 'echo', input: { text: 'again' } }] });
    await loop(runner, 3);
    expect(model.requests.length - before).toBe(3);
    expect(calls).toHaveLength(3);
  });
});
