// agent-core's container healthcheck: GET /health answers 200 (ok or degraded).
const port = process.env.PORT || '8080';
try {
  const response = await fetch(`http://127.0.0.1:${port}/health`, {
    headers: { accept: 'application/json' },
    signal: AbortSignal.timeout(4_000),
  });
  process.exit(response.status === 200 ? 0 : 1);
} catch {
  process.exit(1);
}
