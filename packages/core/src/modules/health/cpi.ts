/**
 * The cognitive pressure index (0-100). Each signal is normalised to 0..1 against the load at
 * which the runtime should stop taking on new autonomous work; the index is the worst of them,
 * so any one saturated signal raises it past the threshold on its own.
 */
export interface PressureSignals {
  /** Items waiting in the runtime's queues. */
  queueDepth: number;
  /** Requests and tasks running now. */
  activeWork: number;
  /** Share of failed (5xx) responses over the recent window. */
  errorRate: number;
  /** Heap used as a share of the heap limit. */
  memoryRatio: number;
}

export const SATURATION = {
  queueDepth: 500,
  activeWork: 32,
  errorRate: 0.25,
  /** Memory pressure starts at half the heap limit and saturates at 95 %. */
  memoryFloor: 0.5,
  memoryCeiling: 0.95,
};

const clamp = (value: number) => Math.min(1, Math.max(0, value));

export function normaliseSignals(signals: PressureSignals): Record<keyof PressureSignals, number> {
  return {
    queueDepth: clamp(signals.queueDepth / SATURATION.queueDepth),
    activeWork: clamp(signals.activeWork / SATURATION.activeWork),
    errorRate: clamp(signals.errorRate / SATURATION.errorRate),
    memoryRatio: clamp(
      (signals.memoryRatio - SATURATION.memoryFloor) /
        (SATURATION.memoryCeiling - SATURATION.memoryFloor),
    ),
  };
}

export function computeCpi(signals: PressureSignals): number {
  return Math.round(100 * Math.max(...Object.values(normaliseSignals(signals))));
}
