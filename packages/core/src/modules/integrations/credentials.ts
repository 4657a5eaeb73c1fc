import type { Vault } from '../vault/vault.service.js';
import type { Credentials } from './auth-placement.js';
import type { IntegrationField } from './integration.js';

/** Vault names: one sealed entry per secret field, and the cached OAuth access token. */
export const credentialName = (integrationId: string, field: string) =>
  `integrations/${integrationId}/${field}`;
export const accessTokenName = (integrationId: string) =>
  credentialName(integrationId, 'oauth.access_token');

/** The vault keys of the secret fields, to read with other keys in one round trip. */
export function credentialKeys(
  vault: Vault,
  integrationId: string,
  fields: readonly IntegrationField[],
): string[] {
  return fields
    .filter((field) => field.secret)
    .map((field) => vault.storageKey(credentialName(integrationId, field.name)));
}

/**
 * Opened secrets by vault name, with the sealed text each came from: a secret is decrypted again
 * only when its sealed text changed (every write seals with a fresh nonce, so a new value always
 * has new text), not at every call.
 */
export class OpenedSecrets {
  private readonly opened = new Map<string, { raw: string; value: string }>();

  constructor(private readonly vault: Vault) {}

  open(name: string, raw: string | null): string | null {
    if (raw === null) {
      this.opened.delete(name);
      return null;
    }
    const hit = this.opened.get(name);
    if (hit?.raw === raw) return hit.value;
    const value = this.vault.open(name, raw);
    if (value !== null) this.opened.set(name, { raw, value });
    return value;
  }
}

/** Opens what was read under credentialKeys(), in the same order. */
export function openCredentials(
  vault: Pick<Vault, 'open'>,
  integrationId: string,
  fields: readonly IntegrationField[],
  raws: ReadonlyArray<string | null>,
): Credentials {
  const secret = fields.filter((field) => field.secret);
  return credentialsOf(
    secret,
    secret.map((field, index) =>
      vault.open(credentialName(integrationId, field.name), raws[index] ?? null),
    ),
  );
}

function credentialsOf(
  secret: readonly IntegrationField[],
  values: ReadonlyArray<string | null>,
): Credentials {
  const credentials: Credentials = {};
  secret.forEach((field, index) => {
    const value = values[index];
    if (value) credentials[field.name] = value;
  });
  return credentials;
}

/** Required secret fields that have no value. */
export function missingCredentials(
  fields: readonly IntegrationField[],
  credentials: Credentials,
): string[] {
  return fields
    .filter((field) => field.secret && !field.optional && !credentials[field.name])
    .map((field) => field.name);
}
