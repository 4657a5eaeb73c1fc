import type { FastifyBaseLogger } from 'fastify';
import { redactText, redactValue } from '../../security/redact.js';
import { capStrings } from '../../util/cap-strings.js';
import type { AuditService } from '../audit/audit.plugin.js';
import type { ConfigurationService } from '../configuration/configuration.service.js';
import type { ConfirmationService } from '../confirmations/confirmations.service.js';
import type { RuntimeEvents } from '../events/runtime-events.js';
import { isAudited, needsConfirmation, needsSimulation } from '../skills/autonomy.js';
import type { AutonomyService } from '../skills/autonomy.service.js';
import {
  type AnySkill,
  type AuditFields,
  type CapabilityLevel,
  SkillError,
  type SkillOutput,
  type SkillSimulation,
} from '../skills/skill.js';
import type { SkillRegistry } from '../skills/skill-registry.js';
import { toolSpan } from '../telemetry/gen-ai-spans.js';
import {
  type InjectionClassifier,
  type SecondOpinion,
  SUSPICIOUS_SCORE,
} from './guards/injection-classifier.js';
import { markUntrusted, scanForInjection } from './guards/input-guard.js';
import type { RunTrace } from './run-trace.js';
import { untrustedSource } from './untrusted-source.js';

/** Longest string of a call's input kept in its audit row (a proposed file can be megabytes). */
const AUDIT_INPUT_CHARS = 2_000;
/** Longest target kept in a trace step. */
const TARGET_CHARS = 500;

export type ProgressStatus = 'running' | 'done' | 'error' | 'awaiting_confirmation' | 'denied';

export interface ProgressEvent {
  step: number;
  skill: string;
  status: ProgressStatus;
  /** Present while the step waits for the operator. */
  confirmation_id?: string;
}

/** The request a skill call belongs to. */
export interface RunContext {
  requestId: string;
  chatId: string | null;
  goalId: string | null;
  actor: string;
  /** Delegation depth: 0 for the operator's own request. */
  depth: number;
  signal: AbortSignal;
  log: FastifyBaseLogger;
  trace: RunTrace;
  onProgress(event: ProgressEvent): void;
}

export interface StepOutcome {
  status: 'done' | 'error' | 'denied';
  /** What the model reads as the tool result (redacted; external content marked untrusted). */
  modelText: string;
  /** What the operator reads when the skill answers them directly (the decision layer). */
  operatorText: string;
  output?: SkillOutput;
}

/**
 * Runs one skill call through the policy gate: validate the input, judge the level against the
 * autonomy mode, ask the operator where the mode says so (with a dry run for RESTRICTED and
 * PRIVILEGED skills), run it, scan what came back, and record the step, the audit row and the
 * live events. Failures become outcomes the model can read; they never throw.
 */
export class SkillRunner {
  constructor(
    private readonly registry: SkillRegistry,
    private readonly autonomy: AutonomyService,
    private readonly confirmations: ConfirmationService,
    private readonly audit: AuditService,
    private readonly events: RuntimeEvents,
    private readonly configuration: ConfigurationService,
    /** The optional second opinion on suspicious untrusted text (off unless its timeout is set). */
    private readonly classifier: InjectionClassifier | null = null,
  ) {}

  run(name: string, rawInput: unknown, run: RunContext): Promise<StepOutcome> {
    return toolSpan(name, rawInput, () => this.runSkill(name, rawInput, run));
  }

  private async runSkill(name: string, rawInput: unknown, run: RunContext): Promise<StepOutcome> {
    const skill = this.registry.get(name);
    const step = run.trace.nextStep();
    if (!skill) return this.fail(run, step, name, 'SAFE', 0, `There is no skill named ${name}.`);
    // Async: a schema may look things up (integration_skill checks the connector and its action).
    const parsed = await skill.inputSchema.safeParseAsync(rawInput);
    if (!parsed.success) {
      const problems = parsed.error.issues.map(
        (i) => `${i.path.join('.') || 'input'}: ${i.message}`,
      );
      return this.fail(run, step, name, skill.level, 0, `Invalid input: ${problems.join('; ')}`);
    }
    const input = parsed.data;
    const level: CapabilityLevel = skill.levelFor?.(input) ?? skill.level;
    const context = this.skillContext(run);

    const mode = await this.autonomy.mode();
    const taint = await this.taintGate(level, run);
    if (needsConfirmation(level, mode, taint.gates)) {
      const decision = await this.askOperator(skill, input, level, step, run, taint.gates);
      const why = taint.gates ? `; asked because ${taint.reason}` : '';
      if (decision.decision === 'denied') {
        run.trace.guard(
          'policy_gate',
          'block',
          `${name} (${level}) denied by ${decision.decidedBy} in ${mode} mode${why}`,
        );
        return this.finish(run, step, skill, level, input, 0, {
          status: 'denied',
          error: `denied by ${decision.decidedBy}`,
          modelText: `The operator did not allow ${name} (${decision.decidedBy === 'timeout' ? 'no answer in time' : 'denied'}). Do not retry it; tell the user it was not done.`,
          operatorText: `${name} was not run: the operator did not allow it.`,
          audit: {},
        });
      }
      run.trace.guard(
        'policy_gate',
        'pass',
        `${name} (${level}) approved by ${decision.decidedBy} in ${mode} mode${why}`,
      );
    } else {
      run.trace.guard(
        'policy_gate',
        taint.reason ? 'flag' : 'pass',
        `${name} (${level}) allowed without confirmation in ${mode} mode${taint.reason ? `, although ${taint.reason}` : ''}`,
      );
    }

    run.onProgress({ step, skill: name, status: 'running' });
    this.events.emit('skill-start', { request_id: run.requestId, skill: name, level, step });
    const started = performance.now();
    try {
      const output = await skill.execute(input, context);
      const duration = Math.round(performance.now() - started);
      const text = redactText(output.text);
      let modelText = text;
      if (output.untrusted) {
        const source = untrustedSource(name, input, output);
        const scan = scanForInjection(output.text, { hidden: output.hiddenText });
        // The excerpt is the source's own text: it goes through the redactor like the output.
        const excerpt = scan.excerpt === null ? null : redactText(scan.excerpt);
        run.trace.guard(
          'input_guard',
          scan.verdict,
          scan.verdict === 'flag'
            ? `${source} carries injection signals: ${scan.signals.join(', ')}; flagged text: ${excerpt}`
            : `${source} marked untrusted; no injection signals`,
        );
        // The classifier reads what the model reads: the redacted text.
        const opinion = await this.secondOpinion(text, scan, run);
        const byClassifier = opinion?.outcome === 'injection';
        const flagged = scan.verdict === 'flag' || byClassifier;
        const evidence = {
          flagged,
          signals: byClassifier ? [...scan.signals, 'classifier'] : scan.signals,
          excerpt: flagged ? excerpt : null,
        };
        if (run.trace.taint(source, evidence))
          run.trace.guard('untrusted_content', 'flag', `run tainted by ${source}`);
        modelText = markUntrusted(source, text);
      }
      return this.finish(run, step, skill, level, input, duration, {
        status: 'done',
        error: null,
        modelText,
        operatorText: text,
        output,
        audit: output.audit ?? {},
      });
    } catch (error) {
      const duration = Math.round(performance.now() - started);
      const message = run.signal.aborted ? 'cancelled' : redactText((error as Error).message);
      return this.finish(run, step, skill, level, input, duration, {
        status: 'error',
        error: message,
        modelText: `Error: ${message}`,
        operatorText: `${name} failed: ${message}`,
        audit: error instanceof SkillError ? error.audit : {},
      });
    }
  }

  /**
   * Asks the classifier about text the rules found suspicious but did not flag, and records
   * its answer in the trace. It can only add a flag; a failure or a timeout leaves the rules'
   * verdict as it was.
   */
  private async secondOpinion(
    text: string,
    scan: { verdict: string; score: number },
    run: RunContext,
  ): Promise<SecondOpinion | null> {
    if (!this.classifier || scan.verdict === 'flag' || scan.score < SUSPICIOUS_SCORE) return null;
    const opinion = await this.classifier.judge(text, run.signal);
    if (!opinion) return null;
    const what =
      opinion.outcome === 'injection' || opinion.outcome === 'benign'
        ? `judged ${opinion.outcome}`
        : `gave no verdict (${opinion.outcome}${opinion.detail ? `: ${redactText(opinion.detail)}` : ''}); the rules' verdict stands`;
    run.trace.guard(
      'injection_classifier',
      opinion.outcome === 'injection' ? 'flag' : 'pass',
      `${what} in ${opinion.ms} ms (rules scored ${scan.score})`,
    );
    return opinion;
  }

  /**
   * Whether the run's taint makes this call wait for the operator: RESTRICTED and PRIVILEGED
   * calls of a run that read untrusted content, while untrusted_content_guard is on. `reason`
   * names the sources for the trace, also when the flag is off and nothing is asked.
   */
  private async taintGate(level: CapabilityLevel, run: RunContext) {
    const sources = run.trace.taintedBy;
    if (sources.length === 0 || !needsSimulation(level)) return { gates: false, reason: null };
    const on = await this.configuration.flag('untrusted_content_guard');
    const reason = `the run read untrusted content (${sources.join('; ')})${on ? '' : ' and untrusted_content_guard is off'}`;
    return { gates: on, reason };
  }

  private skillContext(run: RunContext) {
    return {
      taintedBy: run.trace.taintedBy,
      signal: run.signal,
      requestId: run.requestId,
      chatId: run.chatId,
      goalId: run.goalId,
      actor: run.actor,
      depth: run.depth,
      log: run.log,
    };
  }

  private async askOperator(
    skill: AnySkill,
    input: unknown,
    level: CapabilityLevel,
    step: number,
    run: RunContext,
    tainted: boolean,
  ) {
    let simulation: SkillSimulation | null = null;
    if (needsSimulation(level) && skill.simulate) {
      simulation = await skill.simulate(input, this.skillContext(run)).catch((error: Error) => ({
        summary: `The dry run failed: ${error.message}`,
        details: {},
        warnings: ['No preview is available for this call.'],
      }));
    }
    const confirmation = await this.confirmations.request({
      requestId: run.requestId,
      chatId: run.chatId,
      goalId: run.goalId,
      skill: skill.name,
      level,
      input,
      simulation,
      taintedBy: tainted ? [...run.trace.taintedBy] : null,
      taintEvidence: tainted ? run.trace.taintEvidence : null,
    });
    run.onProgress({
      step,
      skill: skill.name,
      status: 'awaiting_confirmation',
      confirmation_id: confirmation.confirmation_id,
    });
    const decision = await this.confirmations.waitForDecision(confirmation, run.signal);
    if (decision.decision === 'denied')
      run.onProgress({ step, skill: skill.name, status: 'denied' });
    return decision;
  }

  private fail(
    run: RunContext,
    step: number,
    name: string,
    level: CapabilityLevel,
    duration: number,
    message: string,
  ): StepOutcome {
    run.onProgress({ step, skill: name, status: 'error' });
    run.trace.steps.push({
      skill: name,
      status: 'error',
      duration_ms: duration,
      level,
      error: message,
    });
    return { status: 'error', modelText: `Error: ${message}`, operatorText: message };
  }

  private finish(
    run: RunContext,
    step: number,
    skill: AnySkill,
    level: CapabilityLevel,
    input: unknown,
    duration: number,
    outcome: StepOutcome & { error: string | null; audit: AuditFields },
  ): StepOutcome {
    const { error, audit, ...result } = outcome;
    if (outcome.status !== 'denied')
      run.onProgress({ step, skill: skill.name, status: outcome.status });
    run.trace.steps.push({
      skill: skill.name,
      status: outcome.status,
      duration_ms: duration,
      level,
      error,
      target: targetOf(skill, input),
    });
    this.events.emit('skill-finish', {
      request_id: run.requestId,
      skill: skill.name,
      step,
      status: outcome.status,
      duration_ms: duration,
    });
    if (isAudited(level)) {
      // Written without waiting: the audit writer journals the row before returning.
      this.audit.record({
        action: `skill.${skill.name}`,
        actor: run.actor,
        target: audit.target ?? null,
        detail: {
          level,
          status: outcome.status,
          duration_ms: duration,
          input: capStrings(redactValue(input), AUDIT_INPUT_CHARS),
        },
        exit_code: audit.exit_code ?? null,
        error,
        goal_id: run.goalId,
        request_id: run.requestId,
      });
    }
    return result;
  }
}

/** The call's target for its trace step, redacted; null when the skill names none. */
function targetOf(skill: AnySkill, input: unknown): string | null {
  try {
    const target = skill.targetOf?.(input) ?? null;
    return target === null ? null : redactText(target).slice(0, TARGET_CHARS);
  } catch {
    return null;
  }
}
