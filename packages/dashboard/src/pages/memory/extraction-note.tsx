import { Alert } from '@mantine/core';
import type { MemoryStatus } from '../../api/memory';

const WHY_OFF: Record<NonNullable<MemoryStatus['extraction']['reason']>, string> = {
  disabled: 'it is switched off in the memory settings',
  no_model: 'no model is configured',
  model_error: 'the configured model cannot be reached',
};

/**
 * Said on every memory page while extraction is off: observations are still stored and searched,
 * but no facts, entities or relations are learned from them.
 */
export function ExtractionNote({ status }: { status: MemoryStatus | undefined }) {
  if (!status || status.extraction.enabled) return null;
  const why = status.extraction.reason ? WHY_OFF[status.extraction.reason] : 'it is off';
  return (
    <Alert color="yellow" variant="light" title="Extraction is off">
      Conversations, goal tasks, feeds and mail are still stored as observations and can be
      searched, but no facts, entities or relations are learned from them, because {why}.
    </Alert>
  );
}
