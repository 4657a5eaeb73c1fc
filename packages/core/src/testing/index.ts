export * from './chat-client.js';
export * from './fakes/index.js';
export * from './services.js';
export * from './sse-client.js';
export * from './test-app.js';
export * from './test-server.js';
