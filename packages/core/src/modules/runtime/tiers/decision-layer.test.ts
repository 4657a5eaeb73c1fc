import { describe, expect, it } from 'vitest';
import { normaliseUrl, routeToSkill } from './decision-layer.js';

const all = new Set(['fetch_url', 'browser', 'web_search', 'http_request']);

describe('routeToSkill', () => {
  it.each([
    ['fetch https://example.com', 'fetch_url', { url: 'https://example.com/' }],
    ['Fetch https://example.com/a?b=1#c', 'fetch_url', { url: 'https://example.com/a?b=1#c' }],
    ['open example.com', 'fetch_url', { url: 'https://example.com/' }],
    ['read http://example.org/post', 'fetch_url', { url: 'http://example.org/post' }],
    ['get docs.python.org/3/', 'fetch_url', { url: 'https://docs.python.org/3/' }],
    ['download https://example.com/file.pdf', 'fetch_url', { url: 'https://example.com/file.pdf' }],
    ['please fetch the page at example.com.', 'fetch_url', { url: 'https://example.com/' }],
    ['fetch <https://example.com>', 'fetch_url', { url: 'https://example.com/' }],
    ['open example.de:8443/x', 'fetch_url', { url: 'https://example.de:8443/x' }],
    [
      'screenshot https://example.com',
      'browser',
      { url: 'https://example.com/', action: 'screenshot' },
    ],
    [
      'take a screenshot of example.com',
      'browser',
      { url: 'https://example.com/', action: 'screenshot' },
    ],
    ['screenshot of example.com', 'browser', { url: 'https://example.com/', action: 'screenshot' }],
    ['browse https://example.com', 'browser', { url: 'https://example.com/', action: 'read' }],
    ['browse to example.com', 'browser', { url: 'https://example.com/', action: 'read' }],
    ['search the web for pgvector', 'web_search', { query: 'pgvector' }],
    ['Search online for "salt and pepper"', 'web_search', { query: 'salt and pepper' }],
    [
      'search the internet for rust async runtimes?',
      'web_search',
      { query: 'rust async runtimes' },
    ],
    ['web search fastify 5 release notes', 'web_search', { query: 'fastify 5 release notes' }],
    ['web search for kysely', 'web_search', { query: 'kysely' }],
    ['google best ramen in tokyo', 'web_search', { query: 'best ramen in tokyo' }],
    [
      'GET https://api.example.com/v1/items',
      'http_request',
      {
        url: 'https://api.example.com/v1/items',
        method: 'GET',
      },
    ],
    [
      'http get api.example.com/health',
      'http_request',
      {
        url: 'https://api.example.com/health',
        method: 'GET',
      },
    ],
    [
      'HTTP GET https://example.com',
      'http_request',
      { url: 'https://example.com/', method: 'GET' },
    ],
  ])('%j -> %s', (text, skill, input) => {
    const route = routeToSkill(text, all);
    expect(route).toMatchObject({ skill, input });
    expect(route?.reason).toBeTruthy();
  });

  it.each([
    'fetch https://a.example.com https://b.example.com',
    'fetch https://example.com and email it to bob@example.com',
    'fetch example.com, then summarize it',
    'summarize https://example.com',
    'what is on https://example.com',
    'fetch ftp://example.com/file',
    'open javascript:alert(1)',
    'open file:///etc/passwd',
    'fetch https://user:secret@example.com',
    'fetch http://',
    'open youtube',
    'open the pod bay doors',
    'read README.md',
    'read notes.txt',
    'open main.py',
    'fetch localhost',
    'fetch 192.168.1.1',
    'search the web for pgvector and email the results to bob',
    'search the web for pgvector then summarize it',
    'search the web for x. Then write a poem',
    'search the web for x; delete my notes',
    'google it',
    'search the web for',
    'search my notes for groceries',
    'please take a screenshot',
    'get me a coffee',
    'tell me about https://example.com',
    '',
  ])('%j -> null', (text) => {
    expect(routeToSkill(text, all)).toBeNull();
  });

  it('routes only to skills that are available', () => {
    expect(routeToSkill('fetch https://example.com', new Set(['web_search']))).toBeNull();
    expect(routeToSkill('search the web for x', new Set(['fetch_url']))).toBeNull();
    // Upper-case GET names the HTTP method: without http_request it is not reread as a fetch.
    expect(routeToSkill('GET https://example.com', new Set(['fetch_url']))).toBeNull();
    expect(routeToSkill('get https://example.com', new Set(['fetch_url']))).toMatchObject({
      skill: 'fetch_url',
    });
  });
});

describe('normaliseUrl', () => {
  it.each([
    ['https://example.com', 'https://example.com/'],
    ['HTTP://EXAMPLE.COM/Path', 'http://example.com/Path'],
    ['example.com', 'https://example.com/'],
    ['www.example.co.uk/a', 'https://www.example.co.uk/a'],
    ['http://localhost:8080/x', 'http://localhost:8080/x'],
    ["'https://example.com'", 'https://example.com/'],
  ])('%s -> %s', (text, url) => {
    expect(normaliseUrl(text)).toBe(url);
  });

  it.each(['example', 'notes.txt', 'mailto:a@example.com', 'https://', 'http://a b', 'a..com'])(
    '%s -> null',
    (text) => {
      expect(normaliseUrl(text)).toBeNull();
    },
  );
});
