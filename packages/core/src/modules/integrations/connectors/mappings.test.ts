import { describe, expect, it } from 'vitest';
import type { ActionDefinition, IntegrationDefinition } from '../integration.js';
import discord from './chat/discord.js';
import mattermost from './chat/mattermost.js';
import telegram from './chat/telegram.js';
import bitbucket from './code/bitbucket.js';
import github from './code/github.js';
import stripe from './commerce/stripe.js';
import confluence from './docs/confluence.js';
import googleCalendar from './docs/google-calendar.js';
import microsoftGraph from './docs/microsoft-graph.js';
import notion from './docs/notion.js';
import jira from './projects/jira.js';
import linear from './projects/linear.js';

/**
 * The request bodies the connectors build, against the bodies the vendors document, and what
 * the result mappers keep of answers shaped like the vendors' documented examples. (The request
 * lines are the contract test's.)
 */
const action = (definition: IntegrationDefinition, name: string) =>
  definition.actions[name] as ActionDefinition;
const bodyOf = (definition: IntegrationDefinition, name: string, params: unknown) => {
  const { body, input } = action(definition, name);
  if (typeof body !== 'function') throw new Error(`${definition.id}.${name} maps no body`);
  return body(input.parse(params));
};
const resultOf = (definition: IntegrationDefinition, name: string, answer: unknown) =>
  action(definition, name).result?.(answer);

describe('request bodies', () => {
  it('replies on Discord and Telegram through their reply objects', () => {
    expect(
      bodyOf(discord, 'send_message', {
        channel_id: '613425648685547541',
        content: 'ok',
        reply_to: '1234567890123456789',
      }),
    ).toEqual({
      content: 'ok',
      message_reference: { message_id: '1234567890123456789' },
    });
    expect(
      bodyOf(telegram, 'send_message', { chat_id: 42, text: 'ok', reply_to_message_id: 7 }),
    ).toEqual({
      chat_id: 42,
      text: 'ok',
      reply_parameters: { message_id: 7 },
    });
  });

  it('writes Jira text as Atlassian Document Format, one paragraph a line', () => {
    expect(bodyOf(jira, 'add_comment', { issue_key: 'PROJ-1', text: 'first\n\nthird' })).toEqual({
      body: {
        type: 'doc',
        version: 1,
        content: [
          { type: 'paragraph', content: [{ type: 'text', text: 'first' }] },
          { type: 'paragraph' },
          { type: 'paragraph', content: [{ type: 'text', text: 'third' }] },
        ],
      },
    });
  });

  it('escapes Confluence comment text into storage format', () => {
    expect(bodyOf(confluence, 'add_comment', { page_id: '1', text: 'a < b & c' })).toEqual({
      pageId: '1',
      body: { representation: 'storage', value: '<p>a &lt; b &amp; c</p>' },
    });
  });

  it('nests Bitbucket branches and sends Linear filters as GraphQL variables', () => {
    expect(
      bodyOf(bitbucket, 'create_pull_request', {
        workspace: 'acme',
        repo_slug: 'api',
        title: 'T',
        source_branch: 'fix',
        destination_branch: 'main',
      }),
    ).toMatchObject({
      source: { branch: { name: 'fix' } },
      destination: { branch: { name: 'main' } },
    });
    const query = bodyOf(linear, 'list_issues', { team_key: 'ENG', assigned_to_me: true }) as {
      query: string;
      variables: unknown;
    };
    expect(query.query).toMatch(/^query \(\$filter: IssueFilter, \$first: Int\) \{ issues\(/);
    expect(query.variables).toEqual({
      first: 25,
      filter: { team: { key: { eq: 'ENG' } }, assignee: { isMe: { eq: true } } },
    });
  });

  it('builds Google Calendar attendees and Microsoft Graph recipients from plain addresses', () => {
    expect(
      bodyOf(googleCalendar, 'create_event', {
        summary: 'Review',
        start: { date: '2026-12-01' },
        end: { date: '2026-12-02' },
        attendees: ['a@example.com'],
      }),
    ).toMatchObject({ attendees: [{ email: 'a@example.com' }] });
    expect(
      bodyOf(microsoftGraph, 'send_mail', { to: ['a@example.com'], subject: 'S', text: 'T' }),
    ).toEqual({
      message: {
        subject: 'S',
        body: { contentType: 'Text', content: 'T' },
        toRecipients: [{ emailAddress: { address: 'a@example.com' } }],
      },
      saveToSentItems: true,
    });
  });

  it('sends Stripe money movements form-encoded and refuses a negative amount', () => {
    expect(action(stripe, 'create_refund').bodyType).toBe('form');
    expect(
      action(stripe, 'create_payout').input.safeParse({ amount: -5, currency: 'usd' }).success,
    ).toBe(false);
    expect(action(stripe, 'create_payout').risk).toBe('destructive');
  });
});

describe('result mappers', () => {
  it('decodes a GitHub file and lists a directory', () => {
    const file = {
      path: 'README.md',
      sha: 'abc',
      size: 5,
      content: Buffer.from('hello').toString('base64'),
    };
    expect(resultOf(github, 'get_file', file)).toEqual({
      path: 'README.md',
      sha: 'abc',
      size: 5,
      text: 'hello',
      truncated: false,
    });
    expect(
      resultOf(github, 'get_file', [{ name: 'src', path: 'src', type: 'dir', size: 0, sha: 'x' }]),
    ).toEqual([{ name: 'src', path: 'src', type: 'dir', size: 0 }]);
  });

  it('orders Mattermost posts by the order list', () => {
    const postList = {
      order: ['p2', 'p1'],
      posts: {
        p1: { id: 'p1', message: 'first', user_id: 'u', channel_id: 'c', create_at: 1 },
        p2: { id: 'p2', message: 'second', user_id: 'u', channel_id: 'c', create_at: 2 },
      },
    };
    expect(
      (resultOf(mattermost, 'channel_posts', postList) as { message: string }[]).map(
        (post) => post.message,
      ),
    ).toEqual(['second', 'first']);
  });

  it('reads Jira descriptions and comments as text', () => {
    const doc = (text: string) => ({
      type: 'doc',
      version: 1,
      content: [{ type: 'paragraph', content: [{ type: 'text', text }] }],
    });
    const issue = {
      key: 'PROJ-1',
      fields: {
        summary: 'Login times out',
        status: { name: 'To Do' },
        description: {
          type: 'doc',
          version: 1,
          content: [doc('a').content[0], doc('b').content[0]],
        },
        comment: {
          comments: [{ author: { displayName: 'Ann' }, created: '2026-01-01', body: doc('seen') }],
        },
      },
    };
    expect(resultOf(jira, 'get_issue', issue)).toMatchObject({
      key: 'PROJ-1',
      summary: 'Login times out',
      status: 'To Do',
      description: 'a\nb',
      comments: [{ author: 'Ann', text: 'seen' }],
    });
  });

  it('reads a Confluence page from storage XHTML', () => {
    const page = {
      id: '1',
      title: 'Runbook',
      body: { storage: { value: '<h1>Steps</h1><p>Restart &amp; check</p><ul><li>one</li></ul>' } },
    };
    expect(resultOf(confluence, 'get_page', page)).toMatchObject({
      title: 'Runbook',
      text: 'Steps\nRestart & check\none',
    });
  });

  it('finds the title of Notion pages and data sources', () => {
    const answer = {
      next_cursor: null,
      results: [
        {
          object: 'page',
          id: 'p',
          properties: {
            Name: { type: 'title', title: [{ plain_text: 'Run' }, { plain_text: 'book' }] },
          },
        },
        { object: 'data_source', id: 'd', title: [{ plain_text: 'Tasks' }] },
      ],
    };
    expect(resultOf(notion, 'search', answer)).toEqual({
      next_cursor: null,
      results: [
        { object: 'page', id: 'p', title: 'Runbook' },
        { object: 'data_source', id: 'd', title: 'Tasks' },
      ],
    });
  });

  it('keeps GraphQL errors from Linear and Telegram update messages', () => {
    expect(
      resultOf(linear, 'viewer', { errors: [{ message: 'Authentication required' }] }),
    ).toEqual({
      errors: [{ message: 'Authentication required' }],
    });
    const updates = {
      ok: true,
      result: [
        {
          update_id: 9,
          message: {
            message_id: 3,
            date: 1,
            text: 'hi',
            chat: { id: 42 },
            from: { username: 'ann' },
          },
        },
      ],
    };
    expect(resultOf(telegram, 'get_updates', updates)).toEqual({
      ok: true,
      updates: [{ update_id: 9, message_id: 3, date: 1, text: 'hi', chat_id: 42, from: 'ann' }],
    });
  });
});
