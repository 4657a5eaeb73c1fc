import type { Vault } from '../vault/vault.service.js';
import type { Credentials } from './auth-placement.js';
import type { IntegrationField } from './integration.js';

/** Vault names: one sealed entry per secret field, and the cached OAuth access token. */
export const credentialName = (integrationId: string, field: string) =>
  `integrations/${integrationId}/${field}`;
export const accessTokenName = (integrationId: string) =>
  credentialName(integrationId, 'oauth.access_token');

/** The secret fields' values, read from the vault at the moment of a call; absent ones left out. */
export async function loadCredentials(
  vault: Vault,
  integrationId: string,
  fields: readonly IntegrationField[],
): Promise<Credentials> {
  const secret = fields.filter((field) => field.secret);
  const values = await Promise.all(
    secret.map((field) => vault.get(credentialName(integrationId, field.name))),
  );
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
