/**
 * The bridge's own log: JSON lines on standard output. Message texts are never written (they may
 * hold anything); ids, lengths and outcomes are.
 */
export type BridgeLog = (event: string, fields?: Record<string, unknown>) => void;

export const stdoutLog: BridgeLog = (event, fields = {}) => {
  process.stdout.write(`${JSON.stringify({ time: new Date().toISOString(), event, ...fields })}\n`);
};
