export { startFakeAnthropic } from './fake-anthropic.js';
export { FAKE_EMBEDDING_DIMS, fakeEmbedding } from './fake-embeddings.js';
export { proposedFacts } from './fake-extraction.js';
export type {
  FakeImap,
  FakeImapMessageInput,
  FakeImapOptions,
  FakeMailbox,
  StoredMessage,
} from './fake-imap.js';
export { startFakeImap } from './fake-imap.js';
export type {
  FakeModelServer,
  FakeServerOptions,
  FakeToolCall,
  FakeTurn,
  RecordedModelRequest,
} from './fake-model-script.js';
export { startFakeOpenAi } from './fake-openai.js';
export type { FakeSmtp, FakeSmtpOptions, ReceivedMail } from './fake-smtp.js';
export { startFakeSmtp } from './fake-smtp.js';
export type { DecodedSpan } from './otlp-protobuf.js';
export type { OtlpReceiver } from './otlp-receiver.js';
export { startOtlpReceiver } from './otlp-receiver.js';
