import { rm } from 'node:fs/promises';
import type { IncomingMessage } from 'node:http';
import path from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin, type ProxyOptions } from 'vite';
import { publishBuild, removeAbandonedStaging, stagingName } from './build/publish-build';

const RUNTIME = 'http://127.0.0.1:8080';

/**
 * Paths such as /health and /chat are both pages and API calls. A browser navigation (GET asking
 * for HTML) stays with the dev server so it gets the SPA; everything else goes to the runtime.
 */
const toRuntime: ProxyOptions = {
  target: RUNTIME,
  bypass: (request: IncomingMessage) => {
    const isPage = request.method === 'GET' && (request.headers.accept ?? '').includes('text/html');
    return isPage ? '/index.html' : undefined;
  },
};

/**
 * The runtime may be serving dist while a build is written (npm start builds, then starts; a
 * second build may run beside a running runtime). Vite writes into a staging folder, and only a
 * finished build is published into dist, in an order that never shows a reader half of one.
 */
function publishWhenWritten(): Plugin {
  let dist = '';
  let staging = '';
  return {
    name: 'publish-when-written',
    apply: 'build',
    configResolved(config) {
      dist = path.resolve(config.root, 'dist');
      staging = path.resolve(config.root, config.build.outDir);
    },
    buildStart: () => removeAbandonedStaging(dist),
    writeBundle: () => publishBuild(staging, dist),
    // A failed build leaves nothing behind.
    closeBundle: () => rm(staging, { recursive: true, force: true }),
  };
}

export default defineConfig({
  plugins: [react(), publishWhenWritten()],
  build: {
    outDir: `dist/${stagingName()}`,
    emptyOutDir: true,
    // The runtime serves /assets/* under a CSP without inline scripts, so nothing may be inlined.
    assetsInlineLimit: 0,
    rolldownOptions: {
      output: {
        // Libraries change less often than the app, so their chunks stay cached across releases.
        codeSplitting: {
          groups: [
            {
              name: 'react',
              test: /node_modules[\\/](react|react-dom|react-router|scheduler)[\\/]/,
            },
            { name: 'mantine', test: /node_modules[\\/]@mantine[\\/]/ },
            // Only the knowledge graph page lays out a graph: its chunk loads with that page.
            { name: 'graph-layout', test: /node_modules[\\/]d3-[a-z]+[\\/]/ },
            { name: 'vendor', test: /node_modules[\\/]/ },
          ],
        },
      },
    },
  },
  server: {
    proxy: {
      '/api': RUNTIME,
      '/auth': RUNTIME,
      '/health': toRuntime,
      '/chat': toRuntime,
      '/live': toRuntime,
    },
  },
});
