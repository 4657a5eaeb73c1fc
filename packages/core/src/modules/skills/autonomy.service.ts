import type { AuditService } from '../audit/audit.plugin.js';
import type { RuntimeEvents } from '../events/runtime-events.js';
import type { SettingsService } from '../settings/settings.service.js';
import { type AutonomyMode, autonomyModeSchema, DEFAULT_AUTONOMY_MODE } from './autonomy.js';

const KEY = 'autonomy.mode';

/** The stored autonomy mode. Read on every gated call, so a change applies on all replicas at once. */
export class AutonomyService {
  constructor(
    private readonly settings: SettingsService,
    private readonly audit: AuditService,
    private readonly events: RuntimeEvents,
  ) {}

  mode(): Promise<AutonomyMode> {
    return this.settings.get(KEY, autonomyModeSchema, DEFAULT_AUTONOMY_MODE);
  }

  async setMode(
    mode: AutonomyMode,
    actor: string,
    requestId: string | null,
  ): Promise<AutonomyMode> {
    const previous = await this.mode();
    await this.settings.set(KEY, mode, actor);
    this.audit.record({
      action: 'autonomy.mode_change',
      actor,
      target: mode,
      detail: { from: previous, to: mode },
      request_id: requestId,
    });
    this.events.emit('autonomy-change', { mode, previous, actor });
    return mode;
  }
}
