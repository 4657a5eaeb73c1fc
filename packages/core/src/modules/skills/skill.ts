import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';

/** SPEC's capability levels, from least to most dangerous. */
export const CAPABILITY_LEVELS = [
  'SAFE',
  'MONITORED',
  'CONTROLLED',
  'RESTRICTED',
  'PRIVILEGED',
] as const;
export type CapabilityLevel = (typeof CAPABILITY_LEVELS)[number];

/** What a running skill knows about the work it is part of. */
export interface SkillContext {
  /** Aborted when the work is cancelled (the client went away, a timeout, a shutdown). */
  signal: AbortSignal;
  requestId: string;
  chatId: string | null;
  goalId: string | null;
  /** Who the work is done for: the operator's user name, or `agent` for autonomous work. */
  actor: string;
  /** How many delegations led here (0: the operator's own request); delegating skills limit it. */
  depth: number;
  log: FastifyBaseLogger;
  /**
   * The untrusted sources the work has read so far (empty: only the operator's words). Skills
   * that hand work on (delegation, goals, schedules) pass it along, so the taint follows.
   */
  taintedBy?: readonly string[];
}

export interface SkillOutput {
  /** What the model (and the operator) reads. */
  text: string;
  /**
   * True when the text comes from outside (a web page, an API answer): the runtime marks it as
   * untrusted and scans it for injected instructions before the model sees it.
   */
  untrusted?: boolean;
  /**
   * Where untrusted text came from, as the model's label and the operator's confirmation name
   * it ("fetch_url https://example.com/page"); by default the skill and the call's target.
   */
  source?: string;
  /**
   * Text the source hid from a reader (an HTML page's comments, attributes and invisible
   * elements), taken from the markup before it became `text`. The input guard reads it on its
   * own; it is not shown to the model.
   */
  hiddenText?: string;
  /** Structured facts for the trace and the dashboard; never secrets. */
  data?: Record<string, unknown>;
  /** Fields of the call's audit row the skill knows best (a shell's exit code, its target). */
  audit?: AuditFields;
}

export interface AuditFields {
  exit_code?: number | null;
  /** What the call acted on, redacted (the shell's command, a mail's recipient). */
  target?: string | null;
}

/** A dry-run preview shown to the operator in a confirmation. */
export interface SkillSimulation {
  summary: string;
  details: Record<string, unknown>;
  warnings: string[];
}

export interface SkillAvailability {
  available: boolean;
  /** Why not, in words an operator can act on ("Chromium is not installed: ..."). */
  reason?: string;
}

/** A typed skill: the tool the model calls and the unit the policy gate judges. */
export interface SkillDefinition<Input = unknown> {
  /** snake_case, unique; the tool name the model sees. */
  name: string;
  /** One or two sentences for the model: what it does and when to use it. */
  description: string;
  level: CapabilityLevel;
  /** The level of one call, where it depends on the input (http_request GET vs POST). */
  levelFor?(input: Input): CapabilityLevel;
  /**
   * What one call acts on, for its trace step (the URL a fetch reads), so repeated work can be
   * found later. Only the target, never the other arguments; the runner redacts it.
   */
  targetOf?(input: Input): string | null;
  /** Fields carry `.describe()` text: it becomes the tool's parameter documentation. */
  inputSchema: z.ZodType<Input>;
  execute(input: Input, context: SkillContext): Promise<SkillOutput>;
  simulate?(input: Input, context: SkillContext): Promise<SkillSimulation>;
  /** Absent means always available. */
  availability?(): Promise<SkillAvailability>;
}

/** A skill that ran and failed in a way the model and the operator should read. */
export class SkillError extends Error {
  constructor(
    message: string,
    readonly code = 'skill_failed',
    /** Audit fields of the failed call (the exit code of a command that ran and failed). */
    readonly audit: AuditFields = {},
  ) {
    super(message);
    this.name = 'SkillError';
  }
}

/** Keeps the input type of a skill's schema and execute in step. */
export function defineSkill<Input>(skill: SkillDefinition<Input>): SkillDefinition<Input> {
  return skill;
}

/** Any skill, whatever its input type (the registry holds them side by side). */
// biome-ignore lint/suspicious/noExplicitAny: skills of different input types share one list
export type AnySkill = SkillDefinition<any>;
