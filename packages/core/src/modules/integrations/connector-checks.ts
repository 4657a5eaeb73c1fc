import { z } from 'zod';
import type { Credentials } from './auth-placement.js';
import { buildCall, type HttpCall } from './http-call.js';
import {
  ACTION_NAME,
  type ActionDefinition,
  INTEGRATION_CATEGORIES,
  INTEGRATION_ID,
  type IntegrationDefinition,
  RESERVED_ACTIONS,
  RISK_LEVELS,
} from './integration.js';
import { templateVariables } from './path-template.js';
import { mappedFields, requestLine } from './request-builder.js';

/**
 * What the contract test (and the docs generator) demand of a connector, as a list of problems
 * in words a connector author can act on; empty when the connector is sound. Kept apart from the
 * test so a new connector can be checked while it is written.
 */
export function connectorProblems(definition: IntegrationDefinition): string[] {
  const problems: string[] = [];
  const problem = (text: string) => problems.push(text);
  if (!INTEGRATION_ID.test(definition.id))
    problem(`id "${definition.id}" is not lowercase-with-dashes`);
  if (!definition.name.trim()) problem('name is empty');
  if (!INTEGRATION_CATEGORIES.includes(definition.category))
    problem(`unknown category ${definition.category}`);
  if (!/^https:\/\//.test(definition.docsUrl)) problem('docsUrl must be an https URL');
  if (!definition.apiVersion.trim()) problem('apiVersion is empty');
  if (!/^https:\/\//.test(definition.baseUrl)) problem('baseUrl must start with https://');

  const fieldNames = new Set<string>();
  for (const field of definition.fields) {
    if (!/^[a-z][a-z0-9_]*$/.test(field.name)) problem(`field ${field.name} is not snake_case`);
    if (fieldNames.has(field.name)) problem(`field ${field.name} is declared twice`);
    fieldNames.add(field.name);
    if (field.format?.global || field.format?.sticky)
      problem(`field ${field.name}: format must not use the g or y flag`);
    if (field.format && !field.format.test(field.example))
      problem(`field ${field.name}: example does not match its format`);
    if (field.format && field.default !== undefined && !field.format.test(field.default))
      problem(`field ${field.name}: default does not match its format`);
  }
  const referenced = authFields(definition);
  for (const name of referenced)
    if (!fieldNames.has(name)) problem(`auth names field ${name}, which is not declared`);
  for (const field of definition.fields)
    if (field.secret && !referenced.includes(field.name))
      problem(`secret field ${field.name} is never sent (the auth scheme does not name it)`);
  for (const { name } of templateVariables(definition.baseUrl))
    if (!fieldNames.has(name)) problem(`baseUrl names {${name}}, which is not a field`);

  const names = Object.keys(definition.actions);
  if (names.length < 2) problem('needs at least two actions');
  const test = definition.actions[definition.testAction];
  if (!test) problem(`testAction ${definition.testAction} is not an action`);
  else {
    if (test.risk !== 'read') problem('testAction must be a read action');
    if (!test.input.safeParse({}).success) problem('testAction must accept empty params');
  }
  for (const name of names) {
    const action = definition.actions[name] as ActionDefinition;
    for (const text of actionProblems(definition, name, action)) problem(`action ${name}: ${text}`);
  }
  return problems;
}

function actionProblems(
  definition: IntegrationDefinition,
  name: string,
  action: ActionDefinition,
): string[] {
  const problems: string[] = [];
  if (!ACTION_NAME.test(name)) problems.push('name is not snake_case');
  if (RESERVED_ACTIONS.includes(name)) problems.push('the name is reserved');
  if (!action.description.trim() || action.description.includes('\n'))
    problems.push('description must be one line');
  if (action.description.length > 100) problems.push('description is over 100 characters');
  if (!RISK_LEVELS.includes(action.risk)) problems.push(`unknown risk ${action.risk}`);
  if (action.method === 'DELETE' && action.risk !== 'destructive')
    problems.push('a DELETE is destructive');
  if (action.risk === 'read' && action.method !== 'GET' && action.method !== 'POST')
    problems.push(`a ${action.method} is not a read`);
  if (action.method === 'GET' && action.body) problems.push('a GET has no body');
  if (!action.path.startsWith('/')) problems.push('path must start with /');
  if (!(action.input instanceof z.ZodObject)) {
    problems.push('input must be a z.object');
    return problems;
  }
  try {
    z.toJSONSchema(action.input, { io: 'input' });
  } catch (error) {
    problems.push(`input has no JSON schema: ${(error as Error).message}`);
  }
  const shape = Object.keys(action.input.shape);
  for (const field of mappedFields(action))
    if (!shape.includes(field)) problems.push(`maps ${field}, which is not in the input`);
  const parsed = action.input.safeParse(action.example.input);
  if (!parsed.success) {
    problems.push(`example.input does not parse: ${parsed.error.issues[0]?.message}`);
    return problems;
  }
  try {
    const line = requestLine(
      buildCall(documentedCall(definition, action, parsed.data), fieldExamples(definition)),
    );
    if (line !== action.example.request)
      problems.push(
        `example.request is "${action.example.request}" but the builder sends "${line}"`,
      );
  } catch (error) {
    problems.push(`the example cannot be built: ${(error as Error).message}`);
  }
  return problems;
}

/** The call of a documented example: the default base URL, fields at their default or example. */
export function documentedCall(
  definition: IntegrationDefinition,
  action: ActionDefinition,
  input: Record<string, unknown>,
): HttpCall {
  const values = Object.fromEntries(
    definition.fields
      .filter((field) => !field.secret)
      .map((field) => [field.name, field.default ?? field.example]),
  );
  return { definition, action, input, baseUrl: definition.baseUrl, values };
}

/** Every secret field at its example value. */
export function fieldExamples(definition: IntegrationDefinition): Credentials {
  return Object.fromEntries(
    definition.fields.filter((field) => field.secret).map((field) => [field.name, field.example]),
  );
}

/** The fields an auth scheme sends. */
export function authFields(definition: IntegrationDefinition): string[] {
  const { auth } = definition;
  switch (auth.type) {
    case 'none':
      return [];
    case 'bearer':
      return [auth.field];
    case 'basic':
      return [auth.passwordField, ...(auth.usernameField ? [auth.usernameField] : [])];
    case 'api_key':
      return auth.placements.map((placement) => placement.field);
    case 'oauth2':
      return [auth.clientIdField, auth.clientSecretField, auth.refreshTokenField];
  }
}
