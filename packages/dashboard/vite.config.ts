import type { IncomingMessage } from 'node:http';
import react from '@vitejs/plugin-react';
import { defineConfig, type ProxyOptions } from 'vite';

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

export default defineConfig({
  plugins: [react()],
  build: {
    outDir: 'dist',
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
