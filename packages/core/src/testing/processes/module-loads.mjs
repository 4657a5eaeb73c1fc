/**
 * Preloaded with `node --import`: records the URL of every module the process loads, so a test
 * can tell which packages a run really brought in (ES modules keep no cache to look at).
 */
import { register } from 'node:module';
import { MessageChannel } from 'node:worker_threads';

const { port1, port2 } = new MessageChannel();
globalThis.loadedModules = [];
port1.on('message', (url) => globalThis.loadedModules.push(url));
port1.unref();
const hooks = `
let port;
export function initialize(data) { port = data.port; }
export async function resolve(specifier, context, next) {
  const result = await next(specifier, context);
  port.postMessage(result.url);
  return result;
}`;
register(`data:text/javascript,${encodeURIComponent(hooks)}`, {
  data: { port: port2 },
  transferList: [port2],
});
