/**
 * The development half only: the attacks the guard misses and the benign documents it flags,
 * for the people improving it to read. The held-out half is never printed here or anywhere.
 *
 *   INJECTION_CORPORA_DIR=/work/data/injection node --import tsx \
 *     bench/injection-corpora/dev-review.ts [corpus] [--all]
 */
import { loadCorpora } from './load.ts';
import { scanItem } from './measure.ts';

const [only] = process.argv.slice(2).filter((arg) => !arg.startsWith('--'));
const showAll = process.argv.includes('--all');
const PREVIEW = 300;

for (const corpus of loadCorpora().corpora) {
  if (only && corpus.source.name !== only) continue;
  const dev = corpus.items.filter((item) => item.half === 'dev');
  const wrong = dev.filter((item) => {
    const scan = scanItem(item);
    return corpus.source.kind === 'attack' ? scan.verdict !== 'flag' : scan.verdict === 'flag';
  });
  const what = corpus.source.kind === 'attack' ? 'missed' : 'flagged';
  console.log(`\n== ${corpus.source.name}: ${wrong.length} of ${dev.length} dev items ${what}`);
  for (const item of showAll ? wrong : wrong.slice(0, 40)) {
    const scan = scanItem(item);
    const text = item.text.replace(/\s+/g, ' ').trim();
    console.log(
      `- [${item.origin}] score ${scan.score} ${scan.signals.join(',')}: ${text.slice(0, PREVIEW)}`,
    );
  }
}
