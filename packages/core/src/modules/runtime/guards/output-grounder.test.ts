import { describe, expect, it } from 'vitest';
import { groundReply, type StepStatus } from './output-grounder.js';

type Steps = Array<{ skill: string; status: StepStatus }>;
const none: Steps = [];

describe('groundReply finds claims of actions that did not run', () => {
  it.each([
    ['I fetched the page and it says hello.', 'fetch_url'],
    ['I opened the URL you gave me.', 'fetch_url'],
    ['I visited https://example.com and found nothing.', 'fetch_url'],
    ["I've read the article carefully.", 'fetch_url'],
    ['I searched the web for pgvector.', 'web_search'],
    ['I have just searched online.', 'web_search'],
    ['I did a quick web search and found three results.', 'web_search'],
    ['We googled it.', 'web_search'],
    ['I ran the command and it printed 42.', 'shell'],
    ["I've executed the script.", 'shell'],
    ['I ran `ls -la` in /data.', 'shell'],
    ['I ran the Python code.', 'shell'],
    ['I sent the email to Alice.', 'mail'],
    ['I went ahead and sent her a message.', 'mail'],
    ['I emailed Bob the report.', 'mail'],
    ['I took a screenshot of the page.', 'browser'],
    ['I calculated the total: 42.', 'calculate'],
    ['I created a reminder for 9am.', 'reminders'],
    ["I've set a reminder.", 'reminders'],
    ['I saved a note with the details.', 'notes'],
    ['I added a task to your list.', 'task_manager'],
    ["I've scheduled it for Monday.", 'reminders'],
    ['I made the request and got a 200.', 'http_request'],
    ['I called the GitHub API.', 'http_request'],
    ['I sent a GET request to the server.', 'http_request'],
    ['I searched the web and fetched the top page.', 'fetch_url'],
    ['I I’ve fetched the page.', 'fetch_url'],
  ])('%j -> %s not_run', (reply, skill) => {
    const result = groundReply(reply, none);
    expect(result.verdict).toBe('flag');
    expect(result.claims).toContainEqual(expect.objectContaining({ skill, problem: 'not_run' }));
  });

  it('keeps the false sentence and appends one correction line per claim', () => {
    const reply = 'I searched the web. Then I fetched the page. I searched again to be sure.';
    const result = groundReply(reply, none);
    expect(result.claims).toEqual([
      { skill: 'web_search', phrase: 'I searched', problem: 'not_run' },
      { skill: 'fetch_url', phrase: 'I fetched the page', problem: 'not_run' },
    ]);
    expect(result.reply).toBe(
      `${reply}\n\n[Correction: no web search was run for this answer.]\n` +
        '[Correction: no web page was fetched for this answer.]',
    );
  });

  it('words failed and denied steps differently', () => {
    const failed = groundReply('I searched the web.', [{ skill: 'web_search', status: 'error' }]);
    expect(failed.claims).toEqual([
      { skill: 'web_search', phrase: 'I searched', problem: 'failed' },
    ]);
    expect(failed.reply).toContain(
      '[Correction: the web search failed, so it returned no results.]',
    );

    const denied = groundReply('I ran the command.', [{ skill: 'python_exec', status: 'denied' }]);
    expect(denied.claims).toEqual([
      { skill: 'python_exec', phrase: 'I ran the command', problem: 'denied' },
    ]);
    expect(denied.reply).toContain('running the command was not allowed');
  });

  it.each<[string, Steps]>([
    ['running', [{ skill: 'mail', status: 'running' }]],
    ['awaiting confirmation', [{ skill: 'mail', status: 'awaiting_confirmation' }]],
    ['another skill done', [{ skill: 'web_search', status: 'done' }]],
  ])('counts a step that is %s as not run', (_name, steps) => {
    expect(groundReply('I sent the email.', steps).claims).toEqual([
      { skill: 'mail', phrase: 'I sent the email', problem: 'not_run' },
    ]);
  });

  it('prefers failed over denied when both happened', () => {
    const steps: Steps = [
      { skill: 'fetch_url', status: 'denied' },
      { skill: 'browser', status: 'error' },
    ];
    expect(groundReply('I opened the page.', steps).claims[0]).toMatchObject({
      skill: 'browser',
      problem: 'failed',
    });
  });
});

describe('groundReply passes', () => {
  it.each<[string, Steps]>([
    ['I fetched the page.', [{ skill: 'fetch_url', status: 'done' }]],
    ['I opened the page.', [{ skill: 'browser', status: 'done' }]],
    ['I ran the command.', [{ skill: 'python_exec', status: 'done' }]],
    [
      'I searched the web, which failed once, then worked.',
      [
        { skill: 'web_search', status: 'error' },
        { skill: 'web_search', status: 'done' },
      ],
    ],
    ["I've scheduled it.", [{ skill: 'task_manager', status: 'done' }]],
    ['I called the API.', [{ skill: 'integration_skill', status: 'done' }]],
  ])('a claim backed by a step: %j', (reply, steps) => {
    expect(groundReply(reply, steps)).toEqual({ verdict: 'pass', claims: [], reply });
  });

  it.each([
    'I did not search the web.',
    "I didn't fetch the page.",
    "I haven't sent the email yet.",
    'I have not run the command.',
    'I never opened the page.',
    'I can search the web for you.',
    'I will fetch the page next.',
    "I'll run the command if you approve.",
    'I could take a screenshot of it.',
    'I would have searched the web, but search is disabled.',
    'If I ran the command, it would delete your files.',
    'Tell me whether I searched the web before.',
    'Should I send the email?',
    'So I fetched the page?',
    'I will search the web and read the page.',
    'Let me search and read the top results.',
    'The user visited the page and read the article.',
    'You ran the command yesterday.',
    'I think the answer is 42.',
    'I ran into a problem with your request.',
    'I took note of your preference.',
    'I read your message.',
    '',
  ])('%j', (reply) => {
    expect(groundReply(reply, none)).toEqual({ verdict: 'pass', claims: [], reply });
  });
});
