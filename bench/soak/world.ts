/**
 * The third parties the soak's runtime talks to, as real local servers: a scripted OpenAI model
 * (chats, goal plans and tasks, memory extraction, a tool call that needs the operator), an
 * RSS feed that grows, and a Grafana-like vendor that fails at random in every way a vendor
 * does, some of its refusals echoing the request back (credential included) as real ones do.
 */
import { randomBytes } from 'node:crypto';
import {
  type FakeFeeds,
  prependRssItems,
  rssItem,
  startFakeFeeds,
} from '../../packages/core/src/testing/fakes/fake-feeds.ts';
import { lastUserText } from '../../packages/core/src/testing/fakes/fake-model-script.ts';
import {
  type FakeModelServer,
  proposedFacts,
  type RecordedModelRequest,
  startFakeOpenAi,
} from '../../packages/core/src/testing/fakes/index.ts';
import {
  type LocalServer,
  startLocalServer,
} from '../../packages/core/src/testing/local-server.ts';

export const MODEL_KEY = 'sk-soak-0123456789abcdefghijklmn';
/** A chat whose text holds this makes the model ask for a RESTRICTED call (http_request POST). */
export const NEEDS_CONFIRMATION = 'post-the-soak-report';

export interface SoakWorld {
  model: FakeModelServer;
  feeds: FakeFeeds;
  vendor: LocalServer;
  feedUrl: string;
  /** The vendor's API token, unique to this run: it must never appear anywhere. */
  token: string;
  /** Adds an item to the feed, as its site publishes. */
  publish(): void;
  /** Forgets the requests the servers recorded (a long run would hold them all). */
  trim(): void;
  close(): Promise<void>;
}

const format = (request: RecordedModelRequest) => JSON.stringify(request.body?.response_format);

function answer(request: RecordedModelRequest, echoUrl: string) {
  const messages = request.body?.messages as Array<{ role: string }> | undefined;
  const text = lastUserText(request.body);
  if (request.body?.response_format) {
    if (format(request).includes('"tasks"'))
      return {
        text: JSON.stringify({
          tasks: ['a', 'b', 'c'].map((key) => ({
            key,
            title: `Soak step ${key}`,
            instruction: `Do soak step ${key} [task:${key}]`,
            depends_on: key === 'a' ? [] : ['a'],
          })),
        }),
      };
    // Memory extraction: one fact from what the operator said.
    const said = /soak-[a-z0-9-]+/.exec(text)?.[0] ?? 'something';
    return {
      text: JSON.stringify(proposedFacts([`The operator mentioned ${said}`], 'facts/soak')),
    };
  }
  const task = /\[task:([a-z])\]/.exec(text)?.[1];
  if (task) return { text: `RESULT-${task}`, chunkDelayMs: 20 };
  if (text.includes(NEEDS_CONFIRMATION) && messages?.at(-1)?.role !== 'tool')
    return {
      toolCalls: [
        {
          name: 'http_request',
          input: { url: echoUrl, method: 'POST', body: { report: 'soak' } },
        },
      ],
    };
  return { text: `Noted ${/soak-[a-z0-9-]+/.exec(text)?.[0] ?? ''}.`, chunkDelayMs: 5 };
}

/** Grafana's /api/org as a vendor having a bad day. */
function vendorAnswer(
  request: { url: string; headers: Record<string, unknown> },
  response: import('node:http').ServerResponse,
) {
  const json = (status: number, body: unknown) => {
    response.writeHead(status, { 'content-type': 'application/json' });
    response.end(JSON.stringify(body));
  };
  if (request.url.startsWith('/echo')) return json(200, { received: true });
  const roll = Math.random();
  if (roll < 0.55) return json(200, { id: 1, name: 'Main Org.' });
  if (roll < 0.67) return json(500, { message: 'internal error' });
  if (roll < 0.75) return json(429, { message: 'slow down' });
  // A refusal that echoes what it was sent, as many real APIs do in their error bodies.
  if (roll < 0.87)
    return json(401, {
      message: 'invalid API key',
      request: { url: request.url, authorization: request.headers.authorization },
    });
  // No answer within the integration timeout, or the connection cut.
  if (roll < 0.93) return;
  response.socket?.destroy();
}

export async function startSoakWorld(): Promise<SoakWorld> {
  const vendor = await startLocalServer((request, response) => vendorAnswer(request, response));
  const model = await startFakeOpenAi({ apiKey: MODEL_KEY });
  model.respond = (request) => answer(request, `${vendor.url}/echo`);
  const feeds = await startFakeFeeds();
  let items = 0;
  let xml =
    '<?xml version="1.0"?><rss version="2.0"><channel><title>Soak news</title><link>http://soak.example/</link></channel></rss>';
  const publish = () => {
    items += 1;
    xml = prependRssItems(
      xml,
      rssItem({
        title: `Soak item ${items}`,
        link: `http://soak.example/items/${items}`,
        guid: `soak-item-${items}`,
        pubDate: new Date().toUTCString(),
        html: `<p>Item ${items} of the soak feed.</p>`,
      }),
    );
    feeds.setFeed('/soak.xml', xml);
  };
  publish();
  const token = `glsa_${randomBytes(24).toString('base64url').replace(/[-_]/g, 'x').slice(0, 32)}_${randomBytes(4).toString('hex')}`;
  return {
    model,
    feeds,
    vendor,
    feedUrl: feeds.feedUrl('/soak.xml'),
    token,
    publish,
    trim() {
      for (const server of [model, feeds, vendor]) server.requests.length = 0;
      model.aborted.length = 0;
    },
    async close() {
      await Promise.all([model.close(), feeds.close(), vendor.close()]);
    },
  };
}
