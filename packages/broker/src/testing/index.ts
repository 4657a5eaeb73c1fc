export * from './engine-recorder.js';
export * from './test-engine.js';
