import { hkdfSync, randomBytes } from 'node:crypto';
import { chmod, mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';

/**
 * Independent keys derived from DASHBOARD_SECRET, one per purpose, so a key used to sign
 * cookies can never decrypt the vault.
 */
export interface DerivedKeys {
  cookie: string;
  csrf: Buffer;
  vault: Buffer;
}

export function deriveKeys(secret: string): DerivedKeys {
  const derive = (purpose: string) =>
    Buffer.from(hkdfSync('sha256', secret, 'agent-runtime/v1', purpose, 32));
  return {
    cookie: derive('session-cookie').toString('hex'),
    csrf: derive('csrf-token'),
    vault: derive('vault-aes-256-gcm'),
  };
}

/**
 * The configured secret, or, in the embedded default, 64 random hex characters generated once
 * into DATA_DIR/.secret (mode 0600) and reused.
 */
export async function resolveDashboardSecret(
  configured: string | undefined,
  dataDir: string,
  warn: (message: string) => void,
): Promise<string> {
  if (configured) return configured;
  const file = path.join(dataDir, '.secret');
  try {
    const existing = (await readFile(file, 'utf8')).trim();
    if (existing.length >= 32) {
      warn(`DASHBOARD_SECRET is unset; using the generated secret in ${file}`);
      return existing;
    }
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  await mkdir(dataDir, { recursive: true });
  const secret = randomBytes(32).toString('hex');
  // 'wx' fails if another process created it first; then use theirs.
  try {
    await writeFile(file, `${secret}\n`, { mode: 0o600, flag: 'wx' });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST')
      return resolveDashboardSecret(undefined, dataDir, warn);
    throw error;
  }
  await chmod(file, 0o600);
  warn(
    `DASHBOARD_SECRET is unset; generated one into ${file} (mode 0600). Set DASHBOARD_SECRET in production.`,
  );
  return secret;
}
