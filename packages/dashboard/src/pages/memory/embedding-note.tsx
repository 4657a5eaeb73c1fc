import type { MemoryItem } from '../../api/memory';
import { FailureNote } from '../../components/failure-note';
import { useMemoryStatus } from '../../hooks/use-memory';

/**
 * Said on an item that has no vector of the embedding model in use while the embedding job is
 * failing: what it means for recall, not the provider's message (which is one click away).
 * Retracted and superseded items are never embedded, so nothing is said for them.
 */
export function EmbeddingNote({ item }: { item: MemoryItem }) {
  const { data } = useMemoryStatus();
  const embedding = data?.embedding;
  if (embedding?.state !== 'failed' || !embedding.model) return null;
  if (item.embedding_model === embedding.model) return null;
  if (item.status !== 'active' && item.status !== 'provisional') return null;
  return (
    <FailureNote
      what={`Embedding this item with ${embedding.model} failed`}
      next="Recall still finds it by its words (full text and trigram search); only search by meaning misses it. The runtime retries the embedding on its own."
      detail={embedding.last_error ?? 'The embedding job failed without a message.'}
      testId="embedding-failure"
    />
  );
}
