import type { FastifyBaseLogger } from 'fastify';
import { AppError, ServiceUnavailableError } from '../../errors/app-error.js';
import { redactText } from '../../security/redact.js';
import { uuidv7 } from '../../util/uuid-v7.js';
import type { ConversationRepository, Exchange } from '../chat/conversation.repository.js';
import type { ConfigurationService } from '../configuration/configuration.service.js';
import type { RuntimeEvents } from '../events/runtime-events.js';
import { XP } from '../identity/identity.schema.js';
import type { IdentityService } from '../identity/identity.service.js';
import type { ChatMessage } from '../models/chat-stream/chat-types.js';
import type { ModelsService } from '../models/models.service.js';
import type { AutonomyService } from '../skills/autonomy.service.js';
import { serverZone } from '../skills/builtin/time-zones.js';
import type { SkillRegistry } from '../skills/skill-registry.js';
import { type SpanScope, telemetry } from '../telemetry/telemetry.js';
import type { GuardEntry, Tier } from '../traces/traces.schema.js';
import type { ExchangeJournal } from './exchange-journal.js';
import { scanForInjection } from './guards/input-guard.js';
import { groundReply } from './guards/output-grounder.js';
import { runModelLoop } from './model-loop.js';
import { RunTrace } from './run-trace.js';
import type { ProgressEvent, RunContext, SkillRunner } from './skill-runner.js';
import { systemPrompt } from './system-prompt.js';
import { routeToSkill } from './tiers/decision-layer.js';
import { tryFastPath } from './tiers/fast-path.js';

export const MODEL_UNCONFIGURED_REPLY =
  'No language model is configured, so I can only answer quick questions (arithmetic, dates and times, system information, help) and direct requests such as "fetch https://example.com". Add a provider on the Models page, or set OPENAI_API_KEY, ANTHROPIC_API_KEY or OLLAMA_URL, and ask again.';

export interface ChatRequest {
  text: string;
  chatId: string;
  actor: string;
  goalId?: string | null;
  /** Standing context for this request only (a goal's objective, a sub-agent's role). */
  instructions?: string[];
  /** How many delegations led here: 0 for the operator, 1 for a sub-agent it asked, ... */
  depth?: number;
  /**
   * Untrusted sources the request's text carries (a tainted goal task's result, a delegation
   * from a tainted run): the run starts tainted by them.
   */
  taintedBy?: readonly string[];
  signal: AbortSignal;
  onProgress?(event: ProgressEvent): void;
  onChunk?(text: string): void;
}

export interface ChatResult {
  request_id: string;
  chat_id: string;
  tier: Tier;
  reply: string;
  /** The untrusted sources the run read (empty when it read none): its reply carries them on. */
  tainted_by: string[];
}

export interface RuntimeDependencies {
  registry: SkillRegistry;
  runner: SkillRunner;
  autonomy: AutonomyService;
  models: ModelsService;
  conversations: ConversationRepository;
  /** Where each finished request's trace, exchange and XP go: journaled before the reply. */
  exchanges: Pick<ExchangeJournal, 'record'>;
  identity: IdentityService;
  events: RuntimeEvents;
  log: FastifyBaseLogger;
  configuration: ConfigurationService;
  fastPath: { systemInfo(): Promise<string>; help(): string };
}

/**
 * Something that adds to the model's instructions for a request (prime.md, behavioral rules) and
 * says in the trace what it contributed. Runs only when the model loop answers.
 */
export interface ContextProvider {
  name: string;
  provide(input: {
    text: string;
    chatId: string;
    actor: string;
    goalId: string | null;
    signal: AbortSignal;
  }): Promise<{
    instructions: string[];
    guards: Array<{ verdict: GuardEntry['verdict']; detail: string }>;
    /** Context that is not an instruction (recalled memory), placed after the instructions. */
    sections?: string[];
    /** Memory items the sections carry: the trace records them. */
    memoryItems?: string[];
  }>;
}

/** A request that was answered, as memory observes it (text and reply already redacted). */
export interface AnsweredExchange {
  requestId: string;
  chatId: string;
  goalId: string | null;
  actor: string;
  depth: number;
  tier: Tier;
  text: string;
  reply: string;
  /** Untrusted sources the run read: its reply may repeat them. */
  taintedBy: string[];
}

/** The model provider failed; the operator sees why (redacted), never a stack. */
export class ModelError extends AppError {
  constructor(message: string) {
    // Exposed although it is a 5xx: the text is the provider's own complaint, redacted, and the
    // operator needs it to fix their provider (wrong key, unknown model, quota).
    super(
      502,
      'model_error',
      `The model provider failed: ${redactText(message).slice(0, 300)}`,
      {},
      true,
    );
  }
}

/**
 * One request through the runtime: guards on the way in, the cheapest tier that can answer
 * (fast path, decision layer, model loop), the grounder on the way out, and one decision
 * trace whatever happens.
 */
export class AgentRuntime {
  private readonly providers: ContextProvider[] = [];
  private readonly answeredListeners: Array<(exchange: AnsweredExchange) => void> = [];
  /** Requests being answered, each with the controller that aborts it and its settling. */
  private readonly inFlight = new Map<AbortController, Promise<unknown>>();
  /** Why new requests are refused (a Panic Reset), or null while requests are taken. */
  private refusing: { code: string; message: string } | null = null;

  constructor(private readonly deps: RuntimeDependencies) {}

  /**
   * Refuses new requests, aborts the ones in flight and waits (at most `waitMs`) until each has
   * written its trace, so nothing it started writes after the caller goes on.
   */
  async quiesce(code: string, message: string, waitMs = 10_000): Promise<void> {
    this.refusing = { code, message };
    const running = [...this.inFlight.entries()];
    for (const [controller] of running)
      controller.abort(new ServiceUnavailableError(code, message));
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([
      Promise.allSettled(running.map(([, settled]) => settled)),
      new Promise((resolve) => {
        timer = setTimeout(resolve, waitMs);
      }),
    ]);
    clearTimeout(timer);
  }

  /** Takes requests again. */
  resume(): void {
    this.refusing = null;
  }

  async handle(request: ChatRequest): Promise<ChatResult> {
    if (this.refusing) throw new ServiceUnavailableError(this.refusing.code, this.refusing.message);
    // One signal for the caller's abort and a reset's: the caller's is forwarded to it (cheaper
    // per request than AbortSignal.any, which also keeps its sources until they are collected).
    const controller = new AbortController();
    const forward = () => controller.abort(request.signal.reason);
    if (request.signal.aborted) forward();
    else request.signal.addEventListener('abort', forward, { once: true });
    const requestId = uuidv7();
    const handled = telemetry().span(
      'invoke_agent',
      {
        decisionTrace: requestId,
        attributes: {
          'gen_ai.operation.name': 'invoke_agent',
          'gen_ai.conversation.id': request.chatId,
          'agent_runtime.actor': request.actor,
          'agent_runtime.goal.id': request.goalId,
          'agent_runtime.depth': request.depth ?? 0,
        },
      },
      (span) => this.answerRequest({ ...request, signal: controller.signal }, requestId, span),
    );
    this.inFlight.set(
      controller,
      handled.catch(() => {}),
    );
    try {
      return await handled;
    } catch (error) {
      // Aborted here (a reset): the caller learns why, whatever the model loop threw.
      if (controller.signal.aborted && !request.signal.aborted) throw controller.signal.reason;
      throw error;
    } finally {
      request.signal.removeEventListener('abort', forward);
      this.inFlight.delete(controller);
    }
  }

  addContextProvider(provider: ContextProvider): void {
    this.providers.push(provider);
  }

  /**
   * Called after each answered request, once its trace is stored and the reply is on its way:
   * listeners must not block (memory stores an observation and queues its extraction).
   */
  onAnswered(listener: (exchange: AnsweredExchange) => void): void {
    this.answeredListeners.push(listener);
  }

  private async answerRequest(
    request: ChatRequest,
    requestId: string,
    span: SpanScope,
  ): Promise<ChatResult> {
    const { deps } = this;
    const started = performance.now();
    const trace = new RunTrace(request.taintedBy);
    if (trace.taintedBy.length > 0)
      trace.guard(
        'untrusted_content',
        'flag',
        `run tainted from the start by ${trace.taintedBy.join('; ')}`,
      );
    // Made on first use: most requests log nothing, and pino's child costs a serialization.
    let childLog: FastifyBaseLogger | undefined;
    const log = () => {
      childLog ??= deps.log.child({ request_id: requestId, chat_id: request.chatId });
      return childLog;
    };
    const text = redactText(request.text);
    deps.events.emit('request-start', {
      request_id: requestId,
      chat_id: request.chatId,
      actor: request.actor,
      preview: text.slice(0, 120),
    });
    trace.guard(
      'secret_redaction',
      text === request.text ? 'pass' : 'redact',
      text === request.text
        ? 'no secrets in the request'
        : 'secrets removed before the request was stored, traced or sent to a model',
    );
    const scan = scanForInjection(request.text);
    trace.guard(
      'input_guard',
      scan.verdict,
      scan.verdict === 'flag'
        ? `injection signals in the request: ${scan.signals.join(', ')}`
        : 'no injection signals',
    );

    const run: RunContext = {
      requestId,
      chatId: request.chatId,
      goalId: request.goalId ?? null,
      actor: request.actor,
      depth: request.depth ?? 0,
      signal: request.signal,
      get log() {
        return log();
      },
      trace,
      onProgress: (event) => request.onProgress?.(event),
    };
    let tier: Tier = 'fast_path';
    let reply = '';
    let status: 'ok' | 'error' | 'cancelled' = 'ok';
    let error: string | null = null;
    let exchange: Omit<Exchange, 'at'> | null = null;
    let journalFailure: Error | null = null;
    let xp = 0;
    try {
      const answer = await this.answer(text, request, run, (chunk) => {
        reply += chunk;
        request.onChunk?.(chunk);
      });
      tier = answer.tier;
      error = answer.note;
      const grounded = groundReply(
        reply,
        trace.steps.map((step) => ({ skill: step.skill, status: step.status })),
      );
      const correct = await deps.configuration.flag('grounder_corrections');
      const claims = grounded.claims.map((c) => `${c.skill} ${c.problem}`).join(', ');
      trace.guard(
        'output_guard',
        grounded.verdict,
        grounded.verdict === 'pass'
          ? 'reply claims no action that did not happen'
          : correct
            ? `reply corrected: ${claims}`
            : `reply claims ${claims}; left as it is (grounder_corrections is off)`,
      );
      if (correct && grounded.reply !== reply) {
        const correction = grounded.reply.startsWith(reply)
          ? grounded.reply.slice(reply.length)
          : '';
        if (correction) request.onChunk?.(correction);
        reply = grounded.reply;
      }
      exchange = {
        request_id: requestId,
        chat_id: request.chatId,
        user_id: uuidv7(),
        reply_id: uuidv7(),
        user_text: text,
        reply_text: redactText(reply),
      };
      const doneSteps = trace.steps.filter((step) => step.status === 'done').length;
      xp = XP.request + XP.skill * doneSteps;
      return {
        request_id: requestId,
        chat_id: request.chatId,
        tier,
        reply,
        tainted_by: [...trace.taintedBy],
      };
    } catch (caught) {
      status = request.signal.aborted ? 'cancelled' : 'error';
      error = status === 'cancelled' ? 'cancelled' : redactText((caught as Error).message);
      if (status === 'error') {
        log().warn({ err: caught }, 'request failed');
        deps.events.emit('error', {
          request_id: requestId,
          code: errorCode(caught),
          message: error,
        });
      }
      throw caught;
    } finally {
      const latency = Math.round(performance.now() - started);
      span.set({ 'agent_runtime.tier': tier, 'agent_runtime.status': status });
      const at = new Date().toISOString();
      const storedReply = exchange?.reply_text ?? redactText(reply);
      // An answer leaves only once its record is journaled: a crash after the reply loses nothing.
      // The database receives it in a batch shortly after; reads of those tables wait for it.
      const recorded = await deps.exchanges
        .record({
          trace: {
            request_id: requestId,
            chat_id: request.chatId,
            created_at: at,
            tier,
            status,
            latency_ms: latency,
            model: trace.model,
            tokens: trace.tokens,
            cost_usd: trace.costUsd,
            guard_chain: trace.guardChain,
            steps: trace.steps,
            memory_items: trace.memoryItems,
            input: text,
            reply: storedReply,
            error,
            otel_trace_id: span.traceId,
          },
          exchange: exchange && { ...exchange, at },
          xp,
        })
        .then(
          () => null,
          (journalError: Error) => {
            log().error({ err: journalError }, 'request record could not be journaled');
            return journalError;
          },
        );
      // A failed request is already failing; an answered one must not claim to be kept.
      if (recorded && status === 'ok') {
        status = 'error';
        journalFailure = recorded;
      }
      if (status === 'ok')
        for (const listener of this.answeredListeners)
          listener({
            requestId,
            chatId: request.chatId,
            goalId: request.goalId ?? null,
            actor: request.actor,
            depth: request.depth ?? 0,
            tier,
            text,
            reply: storedReply,
            taintedBy: [...trace.taintedBy],
          });
      deps.events.emit('request-finish', {
        request_id: requestId,
        chat_id: request.chatId,
        tier,
        status,
        latency_ms: latency,
      });
      // biome-ignore lint/correctness/noUnsafeFinally: the answer was not kept, so it must not be sent.
      if (journalFailure) throw journalFailure;
    }
  }

  /** The cheapest tier that can answer; `note` is what the trace records as its error field. */
  private async answer(
    text: string,
    request: ChatRequest,
    run: RunContext,
    emit: (chunk: string) => void,
  ): Promise<{ tier: Tier; note: string | null }> {
    const { deps } = this;
    const modelFree = await deps.configuration.flag('model_free_tiers');
    const fast = modelFree
      ? await tryFastPath(text, {
          now: () => new Date(),
          defaultZone: serverZone(),
          systemInfo: deps.fastPath.systemInfo,
          help: deps.fastPath.help,
        })
      : null;
    if (fast) {
      emit(fast.answer);
      return { tier: 'fast_path', note: null };
    }

    const available = await deps.registry.available();
    const route = modelFree
      ? routeToSkill(text, new Set(available.map((skill) => skill.name)))
      : null;
    if (route) {
      const outcome = await deps.runner.run(route.skill, route.input, run);
      emit(outcome.operatorText);
      return { tier: 'decision_layer', note: null };
    }
    return this.modelLoop(text, request, available, run, emit);
  }

  private async modelLoop(
    text: string,
    request: ChatRequest,
    available: Awaited<ReturnType<SkillRegistry['available']>>,
    run: RunContext,
    emit: (chunk: string) => void,
  ): Promise<{ tier: Tier; note: string | null }> {
    const { deps } = this;
    const resolved = await deps.models.resolveDefault();
    if (!resolved) {
      emit(MODEL_UNCONFIGURED_REPLY);
      return { tier: 'llm_loop', note: 'model_unconfigured' };
    }
    run.trace.model = `${resolved.providerId}/${resolved.modelName}`;
    // Context is read only here: the other tiers answer from the request alone. Everything
    // runs at once: memory recall alongside the history, never ahead of it.
    const [history, maxSteps, identity, mode, contributions] = await Promise.all([
      deps.configuration
        .parameter('context_token_budget')
        .then((budget) => deps.conversations.history(request.chatId, budget)),
      deps.configuration.parameter('model_max_steps'),
      deps.identity.profile(),
      deps.autonomy.mode(),
      Promise.all(
        this.providers.map(async (provider) => ({
          provider,
          ...(await provider.provide({
            text,
            chatId: request.chatId,
            actor: request.actor,
            goalId: run.goalId,
            signal: run.signal,
          })),
        })),
      ),
    ]);
    const instructions = [...(request.instructions ?? [])];
    const sections: string[] = [];
    for (const contribution of contributions) {
      instructions.push(...contribution.instructions);
      sections.push(...(contribution.sections ?? []));
      run.trace.memoryItems.push(...(contribution.memoryItems ?? []));
      for (const guard of contribution.guards)
        run.trace.guard(contribution.provider.name, guard.verdict, guard.detail);
    }
    const messages: ChatMessage[] = [
      ...history.map((message) => ({ role: message.role, content: message.content })),
      { role: 'user', content: text },
    ];
    const result = await runModelLoop({
      provider: resolved.providerId,
      target: resolved.target,
      system: systemPrompt(identity, mode, new Date(), instructions, sections),
      messages,
      skills: available,
      runner: deps.runner,
      run,
      maxSteps,
      onText: emit,
    }).catch((caught: unknown) => {
      if (run.signal.aborted) throw caught;
      throw new ModelError(caught instanceof Error ? caught.message : String(caught));
    });
    run.trace.addUsage(result.usage);
    run.trace.costUsd = resolved.billed
      ? deps.models.costUsd(resolved.modelName, result.usage)
      : null;
    return { tier: 'llm_loop', note: null };
  }
}

function errorCode(error: unknown): string {
  return error instanceof AppError ? error.code : 'internal_error';
}
