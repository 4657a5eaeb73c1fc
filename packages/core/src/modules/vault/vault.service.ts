import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { z } from 'zod';
import { AppError, ValidationError } from '../../errors/app-error.js';
import { registerSecretValue } from '../../security/redact.js';
import type { KvStore } from '../../store/kv/kv-store.js';
import { parseJsonWith } from '../../util/json.js';

const KEY_PREFIX = 'vault:';
const NAME = /^[A-Za-z0-9._:/-]{1,200}$/;

const sealedSchema = z.object({
  v: z.literal(1),
  iv: z.string(),
  tag: z.string(),
  ct: z.string(),
});

export class VaultError extends AppError {
  constructor(name: string) {
    super(
      500,
      'vault_unreadable',
      `Secret ${name} cannot be decrypted (wrong DASHBOARD_SECRET or tampered data)`,
      {},
      true,
    );
  }
}

/**
 * Secrets (model keys, integration credentials) encrypted at rest in the key-value store:
 * AES-256-GCM with a key derived from DASHBOARD_SECRET, a random 96-bit nonce per write, and the
 * secret's name as associated data, so a sealed value cannot be moved to another name.
 */
export class Vault {
  constructor(
    private readonly kv: KvStore,
    private readonly key: Buffer,
  ) {
    if (key.length !== 32) throw new Error('vault key must be 32 bytes');
  }

  async put(name: string, value: string): Promise<void> {
    assertName(name);
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv);
    cipher.setAAD(Buffer.from(name));
    const ct = Buffer.concat([cipher.update(value, 'utf8'), cipher.final()]);
    const sealed = {
      v: 1,
      iv: iv.toString('base64'),
      tag: cipher.getAuthTag().toString('base64'),
      ct: ct.toString('base64'),
    };
    await this.kv.set(KEY_PREFIX + name, JSON.stringify(sealed));
    registerSecretValue(value);
  }

  /** The plaintext, or null when no such secret exists; VaultError when it cannot be opened. */
  async get(name: string): Promise<string | null> {
    assertName(name);
    return this.open(name, await this.kv.get(KEY_PREFIX + name));
  }

  /** The key-value key a secret is sealed under, to read it with others in one round trip. */
  storageKey(name: string): string {
    assertName(name);
    return KEY_PREFIX + name;
  }

  /** Opens what was read under storageKey(name); null stays null. */
  open(name: string, raw: string | null): string | null {
    if (raw === null) return null;
    const sealed = parseJsonWith(sealedSchema, raw);
    if (!sealed) throw new VaultError(name);
    try {
      const decipher = createDecipheriv('aes-256-gcm', this.key, Buffer.from(sealed.iv, 'base64'));
      decipher.setAAD(Buffer.from(name));
      decipher.setAuthTag(Buffer.from(sealed.tag, 'base64'));
      const value = Buffer.concat([
        decipher.update(Buffer.from(sealed.ct, 'base64')),
        decipher.final(),
      ]).toString('utf8');
      // Whatever is read from the vault is hidden from logs, traces and the model from now on.
      registerSecretValue(value);
      return value;
    } catch {
      throw new VaultError(name);
    }
  }

  async has(name: string): Promise<boolean> {
    assertName(name);
    return (await this.kv.get(KEY_PREFIX + name)) !== null;
  }

  async delete(name: string): Promise<boolean> {
    assertName(name);
    return this.kv.delete(KEY_PREFIX + name);
  }

  /** Names only, never values; optionally those starting with a prefix. */
  async listNames(prefix = ''): Promise<string[]> {
    const keys = await this.kv.keys(`${KEY_PREFIX}${prefix}*`);
    return keys.map((key) => key.slice(KEY_PREFIX.length));
  }
}

function assertName(name: string): void {
  if (!NAME.test(name)) {
    throw new ValidationError('Invalid secret name', [
      { path: '/name', message: 'must be 1-200 of A-Z a-z 0-9 . _ : / -' },
    ]);
  }
}
