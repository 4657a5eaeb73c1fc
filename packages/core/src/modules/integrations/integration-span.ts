import { telemetry } from '../telemetry/telemetry.js';

/**
 * The vendor step of an integration call as an `execute_tool {integration}.{action}` client
 * span: ids and the HTTP status only. Params, credentials and results never go on it (the
 * model's side of the call, with content capture on, is on the skill's span).
 */
export function integrationSpan<T extends { status: number }>(
  integration: string,
  action: string,
  send: () => Promise<T>,
): Promise<T> {
  const tracing = telemetry();
  if (!tracing.on) return send();
  const tool = `${integration}.${action}`;
  return tracing.span(
    `execute_tool ${tool}`,
    {
      kind: 'client',
      attributes: {
        'gen_ai.operation.name': 'execute_tool',
        'gen_ai.tool.name': tool,
        'gen_ai.tool.type': 'extension',
        'agent_runtime.integration.id': integration,
        'agent_runtime.integration.action': action,
      },
    },
    async (span) => {
      const answer = await send();
      span.set({ 'http.response.status_code': answer.status });
      return answer;
    },
  );
}
