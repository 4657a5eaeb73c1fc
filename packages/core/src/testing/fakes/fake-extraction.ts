import type { Extraction } from '../../modules/memory/extraction-prompt.js';

/**
 * What a scripted model proposes when asked to extract memory: each text as a fact the operator
 * said, added at `path`, with no entities or relations.
 */
export const proposedFacts = (facts: string[], path: string): Extraction => ({
  facts: facts.map((text) => ({
    text,
    kind: 'fact',
    path,
    confidence: 0.9,
    said_by: 'user',
    op: 'ADD',
    target: null,
    entities: [],
    valid_at: null,
  })),
  entities: [],
  relations: [],
});
