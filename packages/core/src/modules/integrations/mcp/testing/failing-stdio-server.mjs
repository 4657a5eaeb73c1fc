// An MCP server on stdio that fails, for the credential-leak tests: it speaks just enough of the
// protocol (newline-delimited JSON-RPC) by hand. `node failing-stdio-server.mjs <mode> NAME...`
//   exit       prints the named environment variables to stderr and exits at once;
//   hang       reads its input and never answers;
//   rpc-error  completes the handshake, lists no tools, and answers every other request with a
//              JSON-RPC error that repeats the named environment variables.
import { createInterface } from 'node:readline';

const [mode, ...names] = process.argv.slice(2);
const said = names.map((name) => `${name}=${process.env[name]}`).join(' ');

if (mode === 'exit') {
  process.stderr.write(`fatal: cannot start with ${said}\n`);
  process.exit(1);
}

const send = (message) =>
  process.stdout.write(`${JSON.stringify({ jsonrpc: '2.0', ...message })}\n`);

createInterface({ input: process.stdin }).on('line', (line) => {
  if (mode === 'hang') return;
  const request = JSON.parse(line);
  if (request.id === undefined) return; // a notification
  if (request.method === 'initialize')
    return send({
      id: request.id,
      result: {
        protocolVersion: request.params.protocolVersion,
        capabilities: { tools: {} },
        serverInfo: { name: 'failing', version: '0.0.1' },
      },
    });
  if (request.method === 'tools/list') return send({ id: request.id, result: { tools: [] } });
  send({
    id: request.id,
    error: { code: -32603, message: `internal error; my environment: ${said}` },
  });
});
