import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deriveKeys } from '../../security/keys.js';
import { redactText } from '../../security/redact.js';
import {
  type KvTestStores,
  kvTestBackends,
  openKvTestStores,
  type TestKvStore,
} from '../../testing/services.js';
import { Vault, VaultError } from './vault.service.js';

const SECRET_A = 'a'.repeat(64);
const SECRET_B = 'b'.repeat(64);
const PLAINTEXT = 'sk-live-credential-0123456789';

describe.each(await kvTestBackends())('vault ($name)', (setup) => {
  let stores: KvTestStores;
  let store: TestKvStore;
  let vault: Vault;

  beforeAll(async () => {
    stores = await openKvTestStores(setup);
    ({ store } = stores);
    vault = new Vault(store.kv, deriveKeys(SECRET_A).vault);
  });
  afterAll(() => stores.destroy());

  it('stores, lists, reads and deletes secrets by name', async () => {
    await vault.put('models/openai/api_key', PLAINTEXT);
    await vault.put('integrations/github/token', 'ghp-value');
    expect(await vault.get('models/openai/api_key')).toBe(PLAINTEXT);
    expect(await vault.listNames()).toEqual(['integrations/github/token', 'models/openai/api_key']);
    expect(await vault.listNames('models/')).toEqual(['models/openai/api_key']);
    expect(await vault.has('integrations/github/token')).toBe(true);
    expect(await vault.delete('integrations/github/token')).toBe(true);
    expect(await vault.get('integrations/github/token')).toBeNull();
  });

  it('keeps no plaintext in the stored value, and a fresh nonce for every write', async () => {
    await vault.put('raw-check', PLAINTEXT);
    const first = (await store.kv.get('vault:raw-check')) ?? '';
    await vault.put('raw-check', PLAINTEXT);
    const second = (await store.kv.get('vault:raw-check')) ?? '';
    for (const raw of [first, second]) {
      expect(raw).not.toContain(PLAINTEXT);
      expect(raw).not.toContain(Buffer.from(PLAINTEXT).toString('base64'));
      expect(raw).not.toContain(Buffer.from(PLAINTEXT).toString('hex'));
    }
    expect(JSON.parse(first).iv).not.toBe(JSON.parse(second).iv);
    expect(JSON.parse(first).ct).not.toBe(JSON.parse(second).ct);
  });

  it('cannot be opened with another DASHBOARD_SECRET', async () => {
    await vault.put('other-secret', PLAINTEXT);
    const intruder = new Vault(store.kv, deriveKeys(SECRET_B).vault);
    await expect(intruder.get('other-secret')).rejects.toBeInstanceOf(VaultError);
  });

  it('detects tampering and refuses a sealed value moved to another name', async () => {
    await vault.put('tamper', PLAINTEXT);
    const sealed = JSON.parse((await store.kv.get('vault:tamper')) ?? '{}');
    const ct = Buffer.from(sealed.ct, 'base64');
    ct[0] = (ct[0] ?? 0) ^ 1;
    await store.kv.set('vault:tamper', JSON.stringify({ ...sealed, ct: ct.toString('base64') }));
    await expect(vault.get('tamper')).rejects.toBeInstanceOf(VaultError);

    await vault.put('original', PLAINTEXT);
    await store.kv.set('vault:moved', (await store.kv.get('vault:original')) ?? '');
    await expect(vault.get('moved')).rejects.toBeInstanceOf(VaultError);
    await store.kv.set('vault:garbage', 'not json');
    await expect(vault.get('garbage')).rejects.toBeInstanceOf(VaultError);
  });

  it('hides the values it handles from logs and traces', async () => {
    const value = 'vault-held-value-7f3a9c';
    await vault.put('redaction', value);
    expect(redactText(`calling with ${value}`)).not.toContain(value);
  });

  it('refuses bad names', async () => {
    await expect(vault.put('bad name with spaces', 'x')).rejects.toMatchObject({
      code: 'validation_error',
    });
    await expect(vault.get('')).rejects.toMatchObject({ code: 'validation_error' });
  });
});
