import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { CustomSkills } from './custom-skills/custom-skills.service.js';
import { createPythonExecSkill } from './python-exec.skill.js';
import { sandboxRoutes } from './sandbox.routes.js';
import { engineHostFor, Sandbox } from './sandbox.service.js';
import { createShellSkill } from './shell.skill.js';
import { sourceFolders } from './source-folders.js';

declare module 'fastify' {
  interface FastifyInstance {
    sandbox: Sandbox;
    customSkills: CustomSkills;
  }
}

/** Sandboxed shell, python_exec and custom skills; write methods of http_request. */
export const sandboxPlugin = fp(
  async (app: FastifyInstance) => {
    const { governance, storage } = app.config;
    const log = app.log.child({ module: 'sandbox' });
    const sandbox = await Sandbox.open({
      dataDir: storage.dataDir,
      shellUid: governance.shellUid,
      setting: governance.sandbox,
      sourceFolders: sourceFolders(governance.appSrcDir),
      engineHost: engineHostFor(app.config.containers.brokerUrl),
      defaultTimeoutMs: () => app.configuration.parameter('shell_default_timeout_ms'),
      outputCap: () => app.configuration.parameter('shell_output_cap'),
      log,
    });
    app.decorate('sandbox', sandbox);
    app.health.setIsolationProbe(() => sandbox.isolation());
    app.skills.register(createShellSkill(sandbox));
    app.skills.register(createPythonExecSkill(sandbox, governance.pythonBin));

    const customSkills = new CustomSkills({
      folder: path.resolve(storage.dataDir, 'skills'),
      registry: app.skills,
      sandbox,
      configuration: app.configuration,
      pythonBin: governance.pythonBin,
      log,
    });
    app.decorate('customSkills', customSkills);
    await customSkills.start();
    app.addHook('onClose', async () => customSkills.close());

    await app.register(sandboxRoutes, { sandbox, customSkills });
  },
  {
    name: 'sandbox',
    dependencies: ['context', 'audit', 'skills', 'configuration', 'health'],
  },
);
