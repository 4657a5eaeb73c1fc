import { z } from 'zod';
import { AppError } from '../../errors/app-error.js';
import { type AnySkill, defineSkill, SkillError } from '../skills/skill.js';
import type { RiskLevel } from './integration.js';
import { IntegrationNotFoundError } from './integration-errors.js';
import type { PreparedCall } from './integration-pipeline.js';
import { resultForModel } from './integration-result.js';
import type { IntegrationService } from './integrations.service.js';

export const INTEGRATION_SKILL = 'integration_skill';
/** The action that returns an integration's actions with their parameter schemas. */
const DESCRIBE = 'describe';
/** Characters of an action's description in the skill's own description. */
const LINE_CHARS = 28;
/** After the action's name in the description: its risk, in one character. */
const RISK_MARK: Record<RiskLevel, string> = { read: '', write: '+', destructive: '!' };

const rawInput = z.object({
  integration_id: z.string().min(1).max(64).describe('as listed'),
  action: z.string().min(1).max(64).describe(`or "${DESCRIBE}"`),
  params: z.record(z.string(), z.unknown()).optional().describe('the params'),
});
type SkillInput = z.infer<typeof rawInput>;

/**
 * The model's one door to every integration: `integration_skill(integration_id, action, params)`.
 * The description names only the configured connectors, one short line per action; parameter
 * schemas come on demand (`action: "describe"`), so 45 connectors cost the prompt next to nothing.
 * Checks (1) and (2) run as the input is parsed, so the skill runner's policy gate (3) judges the
 * action's own level; the result reaches the model marked untrusted and cut to a budget.
 */
export function createIntegrationSkill(
  service: IntegrationService,
  options: { resultChars: number },
): AnySkill {
  const prepared = new WeakMap<object, PreparedCall>();
  let description = '';
  let catalogOf: string | null = null;
  let configured = 0;

  /** Rebuilds the description when the settings or the run-time connectors changed. */
  const refresh = async () => {
    const version = `${await service.settingsVersion()}/${service.registry.generation}`;
    if (version === catalogOf) return;
    const catalog = await service.configured();
    configured = catalog.length;
    const lines = catalog.flatMap(({ connector, actions }) => [
      `${connector.definition.id}:`,
      // The risk the gate will judge: the operator's override where there is one.
      ...actions.map(
        ({ name, risk }) =>
          `${name}${RISK_MARK[risk]}: ${shorten(connector.definition.actions[name]?.description ?? '')}`,
      ),
    ]);
    description = [
      `Calls an action of a connected service (id: then its actions). Get its params first: action "${DESCRIBE}", params {"action":name}. + writes, ! deletes or pays.`,
      ...lines,
    ].join('\n');
    catalogOf = version;
  };

  const schema = rawInput.transform(async (input, context) => {
    try {
      if (input.action === DESCRIBE) {
        if (!service.registry.has(input.integration_id))
          throw new IntegrationNotFoundError(input.integration_id);
        return { ...input };
      }
      const call = await service.pipeline.prepare(
        input.integration_id,
        input.action,
        input.params ?? {},
      );
      const parsed = { ...input };
      prepared.set(parsed, call);
      return parsed;
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      const details =
        (error.extra.details as Array<{ path: string; message: string }> | undefined) ?? [];
      const where = details.map(
        (d) => `${d.path.replace(/^\/params\/?/, '') || 'params'} ${d.message}`,
      );
      context.addIssue({
        code: 'custom',
        path:
          error.code === 'integration_not_found'
            ? ['integration_id']
            : error.code === 'action_not_allowed'
              ? ['action']
              : ['params'],
        message: `${error.code}: ${where.length ? where.join('; ') : error.message}`,
      });
      return z.NEVER;
    }
  });

  return defineSkill<SkillInput>({
    name: INTEGRATION_SKILL,
    get description() {
      return description;
    },
    level: 'CONTROLLED',
    levelFor(input) {
      if (input.action === DESCRIBE) return 'SAFE';
      // Unparsed (a copy, a call from elsewhere): the strictest level, never a laxer one.
      return prepared.get(input)?.level ?? 'PRIVILEGED';
    },
    inputSchema: schema as unknown as z.ZodType<SkillInput>,
    async availability() {
      await refresh();
      return configured > 0
        ? { available: true }
        : {
            available: false,
            reason: 'No integration has credentials yet (set them on /integrations).',
          };
    },
    async execute(input, context) {
      if (input.action === DESCRIBE) return describe(service, input);
      const call =
        prepared.get(input) ??
        (await service.pipeline.prepare(input.integration_id, input.action, input.params ?? {}));
      try {
        const result = await service.pipeline.perform(call, {
          actor: context.actor,
          requestId: context.requestId,
          source: 'skill',
          signal: context.signal,
        });
        return {
          text: resultForModel(result.result, result.truncated, options.resultChars),
          untrusted: true,
          source: `integration ${call.integrationId}.${call.action}`,
          data: {
            integration_id: result.integration_id,
            action: result.action,
            status: result.status,
            duration_ms: result.duration_ms,
            truncated: result.truncated,
          },
          audit: { target: `${call.integrationId}.${call.action}` },
        };
      } catch (error) {
        if (!(error instanceof AppError) || !error.expose) throw error;
        const retry =
          typeof error.extra.retry_after === 'number'
            ? ` (retry after ${error.extra.retry_after} s)`
            : '';
        throw new SkillError(`${error.code}: ${error.message}${retry}`, error.code, {
          target: `${call.integrationId}.${call.action}`,
        });
      }
    },
    async simulate(input) {
      const call = prepared.get(input);
      if (!call)
        return { summary: 'No preview: the call was not checked', details: {}, warnings: [] };
      return service.pipeline.simulate(call);
    },
  });
}

async function describe(service: IntegrationService, input: SkillInput) {
  const detail = await service.get(input.integration_id);
  const wanted = typeof input.params?.action === 'string' ? input.params.action : null;
  const actions = detail.actions
    .filter((action) => action.enabled && (!wanted || action.name === wanted))
    .map((action) => ({
      action: action.name,
      risk: action.risk,
      description: action.description,
      params: action.input_schema,
    }));
  if (wanted && actions.length === 0)
    throw new SkillError(
      `action_not_allowed: ${input.integration_id} has no action ${wanted}`,
      'action_not_allowed',
    );
  const connector = service.registry.peek(input.integration_id);
  return {
    text: JSON.stringify({
      integration_id: detail.id,
      name: detail.name,
      configured: detail.configured,
      actions,
    }),
    // An MCP server writes its own tool descriptions: those are outside words.
    untrusted: connector?.kind === 'dynamic',
  };
}

/** The first clause of a description, cut at a word within LINE_CHARS (no dangling "of"). */
function shorten(text: string): string {
  const clause = (text.split(/[.;(]\s|[.;]$| \(/)[0] ?? '').trim();
  if (clause.length <= LINE_CHARS) return clause;
  const words = clause
    .slice(0, LINE_CHARS + 1)
    .split(' ')
    .slice(0, -1);
  while (words.length > 1 && SMALL_WORDS.has(words.at(-1)?.replace(/,$/, '') ?? '')) words.pop();
  return words.join(' ').replace(/,$/, '');
}

const SMALL_WORDS = new Set(['a', 'an', 'the', 'of', 'to', 'in', 'by', 'with', 'and', 'or', 'its']);
