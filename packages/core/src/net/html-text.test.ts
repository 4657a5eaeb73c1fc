import { describe, expect, it } from 'vitest';
import { htmlToText } from './html-text.js';

const PAGE = `<!doctype html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <title>Release notes &amp; changes &#8211; Example</title>
  <style>body { font-family: sans-serif } .secret { display: none }</style>
  <script>window.analytics = { key: "do-not-read-me" };</script>
</head>
<body>
  <nav><a href="/">Home</a> | <a href="../docs/">Docs</a></nav>
  <h1>Version 2.0</h1>
  <p>See <a href="/changelog#v2">the changelog</a> or <a href="https://example.org/">https://example.org/</a>.</p>
  <img src="/hero.png" alt="A hero image">
  <noscript>Please enable JavaScript</noscript>
  <ul><li>Faster start</li><li>Smaller images</li></ul>
  <p><a href="javascript:void(0)">Subscribe</a></p>
  <script type="module">import('/app.js')</script>
</body>
</html>`;

describe('htmlToText', () => {
  const page = htmlToText(PAGE, 'https://example.com/blog/post');

  it('reads the title with entities decoded', () => {
    expect(page.title).toBe('Release notes & changes – Example');
  });

  it('keeps links as "text [absolute url]" and drops repeated hrefs', () => {
    expect(page.text).toContain('the changelog [https://example.com/changelog#v2]');
    expect(page.text).toContain('Docs [https://example.com/docs/]');
    expect(page.text).toContain('or https://example.org/.');
    expect(page.text).not.toContain('https://example.org/ [');
  });

  it('drops scripts, styles, noscript and images, and script links', () => {
    for (const hidden of ['do-not-read-me', 'font-family', 'enable JavaScript', 'hero', 'app.js']) {
      expect(page.text).not.toContain(hidden);
    }
    expect(page.text).toContain('Subscribe');
    expect(page.text).not.toContain('javascript:');
  });

  it('keeps block structure and heading case, without runs of blank lines', () => {
    expect(page.text).toContain('Version 2.0\n\nSee the changelog');
    expect(page.text).toContain(' * Faster start\n * Smaller images');
    expect(page.text).not.toMatch(/\n{3,}/);
  });

  it('copes with a fragment without title or base URL', () => {
    expect(htmlToText('<p>Just <b>text</b> and <a href="/x">a link</a></p>')).toEqual({
      title: '',
      text: 'Just text and a link [/x]',
    });
  });
});
