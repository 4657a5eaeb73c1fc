import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { MemoryService, ObserveInput } from './memory.service.js';

/**
 * What the agent reads from outside becomes observations too: each feed item a poll announces,
 * and each mail message the agent reads. Both are stored redacted and untrusted (anyone may
 * have written them), deduplicated by their reference outside, and queued for extraction as
 * chat turns are. Storing happens after the poll or the read has returned: it never delays it.
 */
export function observeOutsideSources(
  app: FastifyInstance,
  service: MemoryService,
  log: FastifyBaseLogger,
): void {
  const pending = new Set<Promise<unknown>>();
  const observe = (input: ObserveInput) => {
    const stored = new Promise<void>((resolve) => setImmediate(resolve))
      .then(() => service.observe(input))
      .catch((error: unknown) =>
        log.warn({ err: error, source_kind: input.source_kind }, 'observation not stored'),
      )
      .finally(() => pending.delete(stored));
    pending.add(stored);
  };

  app.subscriptions.onFeedItem((item) => {
    observe({
      source_kind: 'feed',
      source_ref: item.ref ?? `${item.subscription_id}:${item.title}`,
      content: `Feed item from ${item.feed}: ${item.title}\n\n${item.body}`,
      ...(item.published_at ? { observed_at: item.published_at } : {}),
    });
  });

  app.mail.onRead((result) => {
    for (const message of result.messages) {
      const lines = [
        `Mail in ${result.folder}`,
        `From: ${message.from}`,
        `To: ${message.to}`,
        ...(message.cc ? [`Cc: ${message.cc}`] : []),
        `Subject: ${message.subject}`,
        ...(message.date ? [`Date: ${message.date}`] : []),
        '',
        message.snippet,
      ];
      observe({
        source_kind: 'mail',
        // A uid names a message within its folder; the date tells a reused uid apart.
        source_ref: `${result.folder}/${message.uid}/${message.date ?? ''}`,
        content: lines.join('\n'),
        ...(message.date ? { observed_at: new Date(message.date) } : {}),
      });
    }
  });

  app.addHook('onClose', async () => {
    await Promise.allSettled([...pending]);
  });
}
