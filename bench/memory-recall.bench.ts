/**
 * Recall quality on LoCoMo (snap-research/locomo): each conversation's per-session facts (the
 * dataset's `session_N_observation`, one fact per dialog turn it came from) are stored as memory
 * items with extraction bypassed, then every question is asked.
 *
 * - search recall@5 and recall@10: share of a question's evidence turns that the memory's ranked
 *   search (GET /api/memory/search's ranking) returns among its first 5 or 10 items;
 * - on the chat path (POST /chat against a scripted model; what the model was sent is read from
 *   the fake's side): share of evidence turns recalled, precision (recalled items that come from an
 *   evidence turn), and, for questions with no evidence and a few small-talk messages, how often
 *   nothing at all was recalled.
 *
 * Lexical and hybrid (vectors from the deterministic fake embedder through the fake OpenAI
 * server: the same path a provider's embeddings take).
 *
 * `LOCOMO_DIR=/path node --import tsx bench/memory-recall.bench.ts`: the folder holds the
 * dataset's JSON (locomo10.json, or one file per conversation); see bench/README.md.
 * BENCH_QUESTION_STRIDE (1: every question; 4 asks every fourth), BENCH_SQL (pglite).
 */
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { startFakeOpenAi } from '../packages/core/src/testing/fakes/index.ts';
import { createTestApp } from '../packages/core/src/testing/test-app.ts';
import { report, round } from './lib.ts';

const DIR = process.env.LOCOMO_DIR;
if (!DIR) throw new Error('Set LOCOMO_DIR to the folder holding the LoCoMo JSON (bench/README.md)');
const STRIDE = Math.max(1, Number(process.env.BENCH_QUESTION_STRIDE ?? 1));
const BACKEND = (process.env.BENCH_SQL ?? 'pglite') as 'pglite' | 'postgres';
const EMBEDDING_MODEL = 'openai/text-embedding-3-small';
/** Messages that ask nothing of memory: recalling anything for them is noise. */
const SMALL_TALK = [
  'Say hello',
  'Hi there!',
  'Thanks, that is all for now.',
  'Good morning',
  'What is 2 plus 2?',
  'ok',
  'Can you write a haiku about autumn?',
  'Translate "good night" into French.',
];

interface Fact {
  text: string;
  turn: string;
}
interface Question {
  text: string;
  evidence: string[];
}

/** Both published shapes: `observation.session_N_observation` or the same keys at the top. */
function readSample(sample: Record<string, unknown>, name: string) {
  const holder = (sample.observation ?? sample) as Record<string, unknown>;
  const facts: Fact[] = [];
  for (const [key, value] of Object.entries(holder)) {
    if (!/^session_\d+_observation$/.test(key) || !value || typeof value !== 'object') continue;
    for (const list of Object.values(value as Record<string, unknown>)) {
      if (!Array.isArray(list)) continue;
      for (const entry of list) {
        if (!Array.isArray(entry) || typeof entry[0] !== 'string') continue;
        const turns = Array.isArray(entry[1]) ? entry[1] : [entry[1]];
        for (const turn of turns)
          if (typeof turn === 'string') facts.push({ text: entry[0], turn: `${name}/${turn}` });
      }
    }
  }
  const questions: Question[] = [];
  for (const qa of (sample.qa ?? []) as Array<Record<string, unknown>>) {
    if (typeof qa.question !== 'string') continue;
    const evidence = (Array.isArray(qa.evidence) ? qa.evidence : [])
      .flatMap((e) => String(e).split(/[;,\s]+/))
      .filter((e) => /^D\d+:\d+$/.test(e))
      .map((e) => `${name}/${e}`);
    questions.push({ text: qa.question, evidence });
  }
  return { facts, questions };
}

async function load(dir: string) {
  const facts: Fact[] = [];
  const questions: Question[] = [];
  const files = (await readdir(dir)).filter((f) => f.endsWith('.json')).sort();
  for (const file of files) {
    const parsed = JSON.parse(await readFile(path.join(dir, file), 'utf8')) as unknown;
    const samples = Array.isArray(parsed) ? parsed : [parsed];
    samples.forEach((sample, index) => {
      const record = sample as Record<string, unknown>;
      const name = String(record.sample_id ?? `${path.basename(file, '.json')}-${index}`);
      const read = readSample(record, name);
      facts.push(...read.facts);
      questions.push(...read.questions);
    });
  }
  if (facts.length === 0) throw new Error(`no LoCoMo facts found under ${dir}`);
  return { files: files.length, facts, questions };
}

const data = await load(DIR);
const model = await startFakeOpenAi();
model.respond = () => ({ text: 'Noted.' });
const t = await createTestApp({
  sql: BACKEND,
  env: {
    OPENAI_API_KEY: 'sk-bench-0123456789abcdefghij',
    OPENAI_BASE_URL: model.baseUrl,
    DEFAULT_MODEL: 'openai/gpt-4o-mini',
    MEMORY_EXTRACTION: 'false',
  },
});

/** Item id to the turn its fact came from. */
const turnOf = new Map<string, string>();

async function seed(): Promise<void> {
  // Dedup by text: the same fact from two turns is one item (both turns count for it).
  const seen = new Map<string, string>();
  for (const [index, fact] of data.facts.entries()) {
    const known = seen.get(fact.text);
    if (known) continue;
    const item = await t.app.memory.create(
      {
        path: `facts/locomo/${fact.turn.split('/')[0]}`,
        kind: 'fact',
        text: fact.text,
        status: 'active',
        confidence: 0.9,
        source_kind: 'chat',
        source_ref: `locomo-${index}`,
        created_by: 'extractor',
      },
      { actor: 'extractor' },
    );
    seen.set(fact.text, item.id);
    turnOf.set(item.id, fact.turn);
  }
}

const asked = data.questions.filter((_, i) => i % STRIDE === 0);

async function measure(mode: 'lexical' | 'hybrid'): Promise<void> {
  const client = await t.login();
  let searchAt5 = 0;
  let searchAt10 = 0;
  let chatRecall = 0;
  let withEvidence = 0;
  let recalled = 0;
  let recalledEvidence = 0;
  let emptyNoEvidence = 0;
  let noEvidence = 0;
  const share = (ids: string[], evidence: string[]) => {
    const turns = new Set(ids.map((id) => turnOf.get(id)));
    return evidence.filter((turn) => turns.has(turn)).length / evidence.length;
  };
  const ask = async (text: string, index: number): Promise<string[]> => {
    const before = model.requests.length;
    const response = await client.inject({
      method: 'POST',
      url: '/chat',
      payload: { text, chat_id: `locomo-${mode}-${index}` },
    });
    if (response.statusCode !== 200) throw new Error(response.body.slice(0, 300));
    const sent = model.requests.slice(before).find((r) => Array.isArray(r.body?.messages));
    const messages = (sent?.body?.messages ?? []) as Array<{ role: string; content: unknown }>;
    const system = messages
      .filter((m) => m.role === 'system')
      .map((m) => String(m.content))
      .join('\n');
    return [...system.matchAll(/^- \[([^\]]+)\]/gm)].map((m) => m[1] as string);
  };
  for (const [index, question] of asked.entries()) {
    const result = await t.app.memory.search({
      q: question.text,
      scope: 'items',
      limit: 10,
      statuses: ['active', 'provisional'],
      mode: mode === 'lexical' ? 'lexical' : 'auto',
    });
    if (mode === 'hybrid' && result.mode !== 'hybrid') throw new Error('search was not hybrid');
    const ranked = result.hits.flatMap((hit) => (hit.type === 'item' ? [hit.item.id] : []));
    const ids = await ask(question.text, index);
    recalled += ids.length;
    if (question.evidence.length === 0) {
      noEvidence += 1;
      if (ids.length === 0) emptyNoEvidence += 1;
      continue;
    }
    withEvidence += 1;
    searchAt5 += share(ranked.slice(0, 5), question.evidence);
    searchAt10 += share(ranked.slice(0, 10), question.evidence);
    chatRecall += share(ids, question.evidence);
    const evidence = new Set(question.evidence);
    recalledEvidence += ids.filter((id) => evidence.has(turnOf.get(id) ?? '')).length;
  }
  let emptySmallTalk = 0;
  for (const [index, text] of SMALL_TALK.entries())
    if ((await ask(text, 100_000 + index)).length === 0) emptySmallTalk += 1;
  await report(`memory-recall-${mode}-${BACKEND}`, {
    conversations: data.files,
    'facts stored': turnOf.size,
    'questions asked': asked.length,
    'questions with evidence': withEvidence,
    'search recall@5': round(searchAt5 / withEvidence, 3),
    'search recall@10': round(searchAt10 / withEvidence, 3),
    'chat path: evidence turns recalled': round(chatRecall / withEvidence, 3),
    'chat path: items recalled per message': round(
      recalled / (asked.length + SMALL_TALK.length),
      2,
    ),
    'chat path: precision (recalled items from an evidence turn)': round(
      recalledEvidence / Math.max(1, recalled),
      3,
    ),
    'questions without evidence, nothing recalled': `${emptyNoEvidence} / ${noEvidence}`,
    'small talk, nothing recalled': `${emptySmallTalk} / ${SMALL_TALK.length}`,
  });
}

try {
  const started = performance.now();
  await seed();
  console.log(`stored ${turnOf.size} facts in ${round((performance.now() - started) / 1000, 1)} s`);
  await measure('lexical');
  await t.app.memorySettings.update({ embedding_model: EMBEDDING_MODEL }, 'bench');
  const deadline = Date.now() + 600_000;
  while ((await t.app.memory.status()).embedding.state !== 'done') {
    if (Date.now() > deadline) throw new Error('embedding backfill did not finish');
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  await measure('hybrid');
} finally {
  await t.close();
  await model.close();
}
