import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type FakeModelServer,
  type OtlpReceiver,
  startFakeOpenAi,
  startOtlpReceiver,
} from '../../testing/fakes/index.js';
import { createTestApp, type TestApp } from '../../testing/test-app.js';
import { configureGoalsTiming, FAST_GOALS_TIMING } from '../goals/goals-timing.js';
import {
  createGoal,
  isPlanning,
  MODEL_KEY,
  modelEnv,
  planJson,
  runs,
  script,
  waitForStatus,
} from '../goals/test-support/goal-fixtures.js';
import { DECISION_TRACE_ATTRIBUTE, telemetry } from './telemetry.js';

configureGoalsTiming(FAST_GOALS_TIMING);

/** A goal task's attempt is a span, and the run it makes hangs under it. */
describe('OpenTelemetry export of goal tasks', () => {
  let receiver: OtlpReceiver;
  let model: FakeModelServer;
  let t: TestApp;

  beforeAll(async () => {
    receiver = await startOtlpReceiver();
    model = await startFakeOpenAi({ apiKey: MODEL_KEY });
    t = await createTestApp({
      env: { ...modelEnv(model), OTEL_EXPORTER_OTLP_ENDPOINT: receiver.endpoint },
    });
  });
  afterAll(async () => {
    await t?.close();
    await Promise.all([receiver?.close(), model?.close()]);
  });

  it('exports goal_task spans parenting the run, its model call, linked to its decision trace', async () => {
    const client = await t.login();
    script(model, {
      plan: planJson([{ key: 'a', title: 'Secret title of the task' }]),
      planUsage: { input: 6, output: 4 },
      task: (key) => ({ text: `RESULT-${key}`, usage: { input: 50, output: 5 } }),
    });
    const goalId = await createGoal(client, 'Summarise the week', 5);
    await waitForStatus(client, goalId, 'completed');
    const [run] = await runs(client, goalId);
    await telemetry().flush();

    const task = receiver.spans.find(
      (span) => span.name === 'goal_task' && span.attributes['agent_runtime.goal.id'] === goalId,
    );
    expect(task?.parentSpanId).toBe('');
    expect(task?.attributes).toMatchObject({
      'agent_runtime.task.id': run?.task_id,
      'agent_runtime.task.attempt': 1,
      [DECISION_TRACE_ATTRIBUTE]: run?.request_id,
    });
    // The title is the operator's words: content, not exported while capture is off.
    expect(JSON.stringify(task)).not.toContain('Secret title');
    const agent = receiver.spans.find((span) => span.parentSpanId === task?.spanId);
    expect(agent?.name).toBe('invoke_agent');
    expect(agent?.attributes[DECISION_TRACE_ATTRIBUTE]).toBe(run?.request_id);
    const chat = receiver.spans.find((span) => span.parentSpanId === agent?.spanId);
    expect(chat?.name).toBe('chat gpt-4o-mini');
    expect(chat?.attributes['gen_ai.usage.input_tokens']).toBe(50);
  });

  it('exports the planning call made through the AI SDK, with traceparent sent to the model', async () => {
    const planning = receiver.spans.find(
      (span) => span.attributes['agent_runtime.purpose'] === 'goal_planning',
    );
    expect(planning?.name).toBe('chat gpt-4o-mini');
    expect(planning?.attributes).toMatchObject({
      'gen_ai.provider.name': 'openai',
      'gen_ai.usage.input_tokens': 6,
      'gen_ai.usage.output_tokens': 4,
    });
    const sent = model.requests.find(isPlanning);
    expect(sent?.headers.traceparent).toBe(`00-${planning?.traceId}-${planning?.spanId}-01`);
  });
});
