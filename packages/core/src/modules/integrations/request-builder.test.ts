import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { defineAction } from './integration.js';
import { expandPath } from './path-template.js';
import { buildRequest, expandBaseUrl, requestLine, serializeBody } from './request-builder.js';

const base = new URL('https://api.example.com/v2');

const getItem = defineAction({
  description: 'Get an item.',
  risk: 'read',
  method: 'GET',
  path: '/projects/{project}/files/{file*}',
  input: z.object({ project: z.string(), file: z.string(), ref: z.string().optional() }),
  query: ['ref'],
  example: { input: { project: 'a', file: 'b' }, request: 'GET /v2/projects/a/files/b' },
});

const build = (input: Record<string, unknown>) => buildRequest({}, getItem, input, base);

describe('path templates', () => {
  it('encodes one segment for {name} and several for {name*}', () => {
    const request = build({ project: 'a b:c', file: 'docs/read me.md', ref: 'main' });
    expect(requestLine(request)).toBe(
      'GET /v2/projects/a%20b%3Ac/files/docs/read%20me.md?ref=main',
    );
  });

  it.each([
    ['..', 'would climb out of the path'],
    ['.', 'would climb out of the path'],
    ['%2e%2e', 'would climb out of the path'],
    ['a%2Fb', 'contains an encoded slash'],
    ['a%5cb', 'contains an encoded slash'],
    ['a\\b', 'contains a slash'],
    ['a\r\nHost: evil', 'contains a control character'],
    ['a\u0000b', 'contains a control character'],
  ])('refuses %j in a {name*} segment with validation_error', (value, message) => {
    expect(() => build({ project: 'p', file: `docs/${value}/x` })).toThrow(
      expect.objectContaining({ code: 'validation_error', status: 400 }),
    );
    try {
      build({ project: 'p', file: `docs/${value}/x` });
    } catch (error) {
      expect((error as Error).message).toBe(`params.file ${message}`);
      expect(JSON.stringify(error)).not.toContain(value);
    }
  });

  it('refuses a slash in a one-segment value and absolute URLs anywhere', () => {
    expect(() => expandPath('/users/{name}', { name: 'a/b' })).toThrow(/contains a slash/);
    expect(() => build({ project: 'p', file: 'https://evil.example/x' })).toThrow(
      /empty path segment/,
    );
    expect(() => build({ project: 'p', file: '//evil.example/x' })).toThrow(/empty path segment/);
    expect(() => build({ project: 'p', file: '../../admin' })).toThrow(/climb out/);
  });

  it('keeps the host of the base URL whatever the params say', () => {
    for (const file of ['@evil.example', 'x:y@evil.example', '%40evil', 'evil.example:80']) {
      expect(build({ project: 'p', file }).url.host).toBe('api.example.com');
    }
  });

  it('requires one-segment values but lets {name*} be empty', () => {
    expect(() => build({ project: '', file: 'x' })).toThrow(/project is required/);
    expect(expandPath('/{path*}', { path: '' })).toBe('/');
  });
});

describe('base URLs', () => {
  it('fills host fields with host names and path fields with one segment', () => {
    expect(expandBaseUrl('https://{shop}.myshopify.com/admin', { shop: 'Acme-1' }).href).toBe(
      'https://acme-1.myshopify.com/admin',
    );
    expect(expandBaseUrl('https://api.telegram.org/bot{token}', { token: '1:AA' }).href).toBe(
      'https://api.telegram.org/bot1%3AAA',
    );
    for (const shop of ['evil.com/x', 'a@b', 'a b', '', '-a'])
      expect(() => expandBaseUrl('https://{shop}.myshopify.com', { shop })).toThrow(
        expect.objectContaining({ code: 'validation_error' }),
      );
    expect(() => expandBaseUrl('ftp://x', {})).toThrow(/http/);
    expect(() => expandBaseUrl('https://u:p@x.example', {})).toThrow(/user name/);
    expect(() => expandBaseUrl('https://x.example/?a=1', {})).toThrow(/query/);
  });
});

describe('requests', () => {
  it('maps the query and the body, in the mapping order, and sets the content type', () => {
    const action = defineAction({
      description: 'Create.',
      risk: 'write',
      method: 'POST',
      path: '/repos/{owner}/{repo}/issues',
      input: z.object({
        owner: z.string(),
        repo: z.string(),
        title: z.string(),
        labels: z.array(z.string()).optional(),
        dry: z.boolean().optional(),
      }),
      query: (input) => ({ dry_run: input.dry, unused: undefined }),
      body: ['title', 'labels'],
      headers: { 'X-GitHub-Api-Version': '2022-11-28' },
      example: { input: { owner: 'o', repo: 'r', title: 't' }, request: '' },
    });
    const request = buildRequest(
      { headers: { Accept: 'application/vnd.github+json' } },
      action,
      { owner: 'o', repo: 'r', title: 'Bug', dry: true },
      new URL('https://api.github.com'),
    );
    expect(requestLine(request)).toBe('POST /repos/o/r/issues?dry_run=true');
    expect(request.headers).toEqual({
      accept: 'application/vnd.github+json',
      'x-github-api-version': '2022-11-28',
      'content-type': 'application/json',
    });
    expect(serializeBody(request)).toBe('{"title":"Bug"}');
  });

  it('writes form bodies and refuses control characters in fixed headers', () => {
    const form = defineAction({
      description: 'Send.',
      risk: 'write',
      method: 'POST',
      path: '/Messages.json',
      input: z.object({ To: z.string(), Body: z.string() }),
      body: ['To', 'Body'],
      bodyType: 'form',
      example: { input: { To: '+1', Body: 'hi' }, request: '' },
    });
    const request = buildRequest({}, form, { To: '+15550100', Body: 'a & b' }, base);
    expect(request.headers['content-type']).toBe('application/x-www-form-urlencoded');
    expect(serializeBody(request)).toBe('To=%2B15550100&Body=a+%26+b');
    expect(() =>
      buildRequest({ headers: { 'X-Bad': 'a\r\nb' } }, form, { To: '1', Body: 'b' }, base),
    ).toThrow(/control character/);
  });
});
