import { describe, expect, it } from 'vitest';
import { at, list, pageSize, pick, pickEach } from './common.js';

describe('connector result readers', () => {
  const issue = { number: 7, user: { login: 'octocat' }, labels: [{ name: 'bug' }], body: null };

  it('reads dotted paths and tolerates answers of another shape', () => {
    expect(at(issue, 'user.login')).toBe('octocat');
    expect(at(issue, 'user.login.length')).toBeUndefined();
    expect(at(issue, 'body.text')).toBeUndefined();
    expect(at('not an object', 'user')).toBeUndefined();
  });

  it('gives an empty list where the answer has none', () => {
    expect(list(issue, 'labels')).toEqual([{ name: 'bug' }]);
    expect(list(issue, 'assignees')).toEqual([]);
    expect(list({ error: 'not_found' })).toEqual([]);
  });

  it('keeps named fields under their last segment or a rename, and drops missing ones', () => {
    expect(pick(issue, ['number', 'user.login', 'author:user.login', 'milestone'])).toEqual({
      number: 7,
      login: 'octocat',
      author: 'octocat',
    });
    expect(pick(issue, ['body'])).toEqual({ body: null });
  });

  it('picks from each record of a list found at a path', () => {
    const body = { ok: true, channels: [{ id: 'C1', name: 'ops', topic: { value: 'x' } }, 'junk'] };
    expect(pickEach(body, ['id', 'topic.value'], 'channels')).toEqual([
      { id: 'C1', value: 'x' },
      {},
    ]);
  });

  it('caps a page size at the vendor maximum', () => {
    const size = pageSize(100);
    expect(size.safeParse(100).success).toBe(true);
    expect(size.safeParse(101).success).toBe(false);
    expect(size.safeParse(0).success).toBe(false);
    expect(size.safeParse(undefined).success).toBe(true);
    expect(size.description).toBe('How many items to return (1-100).');
  });
});
