export type { AuditEntry } from './audit-log.js';
export { type BrokerOptions, createBroker } from './broker.js';
export { type BrokerConfig, loadBrokerConfig } from './config.js';
