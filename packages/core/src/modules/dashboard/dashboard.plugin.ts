import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { NotFoundError } from '../../errors/app-error.js';
import { isPageRequest } from '../../http/page-request.js';
import { BuildIndex } from './build-index.js';

declare module 'fastify' {
  interface FastifyInstance {
    dashboard: {
      /** Serves the app (or a redirect to /login) for a page request; false when it is not one. */
      servePage(request: FastifyRequest, reply: FastifyReply): Promise<boolean>;
    };
  }
}

export interface DashboardOptions {
  /** The dashboard's Vite build (packages/dashboard/dist by default). */
  dashboardDir?: string | undefined;
}

export const DEFAULT_DASHBOARD_DIR = path.resolve(
  import.meta.dirname,
  '../../../../dashboard/dist',
);

const NOT_BUILT = `<!doctype html><meta charset="utf-8"><title>Dashboard not built</title>
<p>The dashboard has not been built. Run <code>npm run build</code> (npm start does it for you), then reload.</p>`;

export const dashboardPlugin = fp(
  async (app: FastifyInstance, options: DashboardOptions) => {
    const dir = options.dashboardDir ?? app.config.server.dashboardDir ?? DEFAULT_DASHBOARD_DIR;
    const index = new BuildIndex(path.join(dir, 'index.html'));
    if ((await index.read()) === null)
      app.log.warn({ dir }, 'dashboard build not found; pages answer 503 until it is built');
    // Registered with or without a build: files are looked up at each request, so a build
    // published later is served without a restart.
    await app.register(
      async (assets) => {
        // Built assets hold no data: they are served without a session (the login page needs them).
        assets.addHook('onRoute', (route) => {
          route.config = { ...route.config, access: 'public' };
        });
        // Hashed file names never change content, so browsers may keep them for good.
        await assets.register(fastifyStatic, {
          root: path.join(dir, 'assets'),
          prefix: '/',
          immutable: true,
          maxAge: '365d',
          index: false,
        });
        // A file that is not there is 404 whatever the method, session or no session: the
        // asset names are public and there is nothing else under /assets/ to tell apart.
        assets.setNotFoundHandler(async () => {
          throw new NotFoundError('No such dashboard asset');
        });
      },
      { prefix: '/assets' },
    );

    async function servePage(request: FastifyRequest, reply: FastifyReply): Promise<boolean> {
      if (!isPageRequest(request)) return false;
      const url = new URL(request.url, 'http://runtime.local');
      const isLogin = url.pathname === '/login' || url.pathname === '/login/';
      if (!isLogin && !request.session) {
        const next = url.pathname === '/' ? '/overview' : `${url.pathname}${url.search}`;
        reply.redirect(`/login?next=${encodeURIComponent(next)}`, 302);
        return true;
      }
      if (url.pathname === '/') {
        reply.redirect('/overview', 302);
        return true;
      }
      reply.header('cache-control', 'no-store');
      const html = await index.read();
      if (html === null) reply.status(503).type('text/html').send(NOT_BUILT);
      else reply.type('text/html').send(html);
      return true;
    }

    app.decorate('dashboard', { servePage });
  },
  { name: 'dashboard', dependencies: ['auth'] },
);
