import type { Config } from '../../config/index.js';
import { ValidationError } from '../../errors/app-error.js';
import type { AuditService } from '../audit/audit.plugin.js';
import type { SettingsService } from '../settings/settings.service.js';
import { FEATURE_FLAG_NAMES, FEATURE_FLAGS, type FeatureFlag } from './feature-flags.js';
import {
  RUNTIME_PARAMETER_NAMES,
  RUNTIME_PARAMETERS,
  type RuntimeParameter,
} from './runtime-parameters.js';

export interface FlagView {
  name: FeatureFlag;
  enabled: boolean;
  doc: string;
  updated_at: string | null;
  updated_by: string | null;
}

export interface ParameterView {
  name: RuntimeParameter;
  value: number;
  default: number;
  source: 'environment' | 'operator';
  doc: string;
  unit: string;
  min: number;
  max: number;
  live: boolean;
  updated_at: string | null;
  updated_by: string | null;
}

type Rows = Map<string, { value: unknown; updated_at: Date; updated_by: string | null }>;

/**
 * Feature flags and runtime parameters: operator settings over the environment's defaults,
 * read where the behaviour happens (so a change applies without a restart), and audited on
 * every change. They are read from the settings' memory, which a change on any replica reloads,
 * so a change takes effect on every replica within milliseconds.
 */
export class ConfigurationService {
  constructor(
    private readonly settings: SettingsService,
    private readonly config: Config,
    private readonly audit: AuditService,
  ) {}

  async flag(name: FeatureFlag): Promise<boolean> {
    const value = (await this.rows()).get(`flags.${name}`)?.value;
    return typeof value === 'boolean' ? value : true;
  }

  async parameter(name: RuntimeParameter): Promise<number> {
    return (await this.parameterView(name)).value;
  }

  async flags(): Promise<FlagView[]> {
    const rows = await this.rows();
    return Promise.all(
      FEATURE_FLAG_NAMES.map(async (name) => {
        const row = rows.get(`flags.${name}`);
        return {
          name,
          enabled: await this.flag(name),
          doc: FEATURE_FLAGS[name],
          updated_at: row ? new Date(row.updated_at).toISOString() : null,
          updated_by: row?.updated_by ?? null,
        };
      }),
    );
  }

  parameters(): Promise<ParameterView[]> {
    return Promise.all(RUNTIME_PARAMETER_NAMES.map((name) => this.parameterView(name)));
  }

  async setFlag(name: FeatureFlag, enabled: boolean, actor: string, requestId: string | null) {
    const before = await this.flag(name);
    await this.settings.set(`flags.${name}`, enabled, actor);
    this.audit.record({
      action: 'config.flag_change',
      actor,
      target: name,
      detail: { from: before, to: enabled },
      request_id: requestId,
    });
    return (await this.flags()).find((flag) => flag.name === name) as FlagView;
  }

  /** Sets a parameter within its bounds, or (value null) returns it to the environment's value. */
  async setParameter(
    name: RuntimeParameter,
    value: number | null,
    actor: string,
    requestId: string | null,
  ): Promise<ParameterView> {
    const definition = RUNTIME_PARAMETERS[name];
    if (
      value !== null &&
      (!Number.isInteger(value) || value < definition.min || value > definition.max)
    ) {
      throw new ValidationError(`Invalid value for ${name}`, [
        {
          path: '/value',
          message: `must be a whole number from ${definition.min} to ${definition.max}`,
        },
      ]);
    }
    const before = await this.parameter(name);
    if (value === null) await this.settings.delete(`parameters.${name}`);
    else await this.settings.set(`parameters.${name}`, value, actor);
    const after = await this.parameterView(name);
    this.audit.record({
      action: 'config.parameter_change',
      actor,
      target: name,
      detail: { from: before, to: after.value, source: after.source, live: definition.live },
      request_id: requestId,
    });
    return after;
  }

  private async parameterView(name: RuntimeParameter): Promise<ParameterView> {
    const definition = RUNTIME_PARAMETERS[name];
    const fallback = definition.fromConfig(this.config);
    const row = (await this.rows()).get(`parameters.${name}`);
    const stored = row?.value;
    // A stored value outside the parameter's range (an older build's bounds) counts as unset.
    const valid =
      typeof stored === 'number' &&
      Number.isInteger(stored) &&
      stored >= definition.min &&
      stored <= definition.max;
    return {
      name,
      value: valid ? stored : fallback,
      default: fallback,
      source: valid ? 'operator' : 'environment',
      doc: definition.doc,
      unit: definition.unit,
      min: definition.min,
      max: definition.max,
      live: definition.live,
      updated_at: row && valid ? new Date(row.updated_at).toISOString() : null,
      updated_by: valid ? (row?.updated_by ?? null) : null,
    };
  }

  /** Every flag and parameter row, from the settings held in memory. */
  private async rows(): Promise<Rows> {
    const [flags, parameters] = await Promise.all([
      this.settings.list('flags.'),
      this.settings.list('parameters.'),
    ]);
    const rows: Rows = new Map();
    for (const row of [...flags, ...parameters]) rows.set(row.key, row);
    return rows;
  }
}
