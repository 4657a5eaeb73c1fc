export * from './broker-fixture.js';
export * from './engine-recorder.js';
export * from './test-engine.js';
