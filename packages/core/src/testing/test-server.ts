import { DEFAULT_DASHBOARD_DIR } from '../modules/dashboard/dashboard.plugin.js';
import { createTestApp, type TestApp, type TestAppOptions } from './test-app.js';

export interface TestServer extends TestApp {
  /** Base URL, such as http://127.0.0.1:41234 */
  url: string;
}

/**
 * The whole runtime listening on a free loopback port with the real dashboard build, for
 * browser tests. Build the dashboard first (npm run build).
 */
export async function startTestServer(options: TestAppOptions = {}): Promise<TestServer> {
  const testApp = await createTestApp({ dashboardDir: DEFAULT_DASHBOARD_DIR, ...options });
  const url = await testApp.app.listen({ port: 0, host: '127.0.0.1' });
  return { ...testApp, url };
}
