import { convert, type HtmlToTextOptions } from 'html-to-text';

export interface PageText {
  /** The document's <title>, entities decoded and whitespace collapsed; '' when there is none. */
  title: string;
  /** The readable body: block structure kept as line breaks, links as "text [url]". */
  text: string;
}

const SKIPPED = ['script', 'style', 'noscript', 'template', 'svg', 'canvas', 'img', 'picture'];

/** Resolves relative links against the page so the model gets URLs it can fetch next. */
function linkRewriter(baseUrl: string | undefined) {
  return (href: string): string => {
    // A script link is no address; dropping the href leaves only the link text.
    if (/^\s*javascript:/i.test(href)) return '';
    if (!baseUrl) return href;
    try {
      return new URL(href, baseUrl).href;
    } catch {
      return href;
    }
  };
}

function options(baseUrl: string | undefined): HtmlToTextOptions {
  const pathRewrite = linkRewriter(baseUrl);
  return {
    // Lines are for the model, not a terminal: wrapping only costs tokens and splits URLs.
    wordwrap: false,
    selectors: [
      ...SKIPPED.map((selector) => ({ selector, format: 'skip' })),
      {
        selector: 'a',
        options: { pathRewrite, hideLinkHrefIfSameAsText: true, linkBrackets: ['[', ']'] },
      },
      // The default upper-cases headings, which loses information and reads as shouting.
      ...['h1', 'h2', 'h3', 'h4', 'h5', 'h6'].map((selector) => ({
        selector,
        options: { uppercase: false },
      })),
      { selector: 'table', format: 'dataTable', options: { uppercaseHeaderCells: false } },
    ],
  };
}

const TITLE = /<title\b[^>]*>([\s\S]*?)<\/title\s*>/i;

/** The text of an HTML page and its title. `baseUrl` (the page's URL) makes links absolute. */
export function htmlToText(html: string, baseUrl?: string): PageText {
  const rawTitle = TITLE.exec(html)?.[1] ?? '';
  // Running the title through the converter decodes its entities (&amp;, &#8211;) for free.
  const title = rawTitle ? convert(rawTitle, { wordwrap: false }).replace(/\s+/g, ' ').trim() : '';
  const text = convert(html, options(baseUrl))
    .replace(/[ \t]+\n/g, '\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
  return { title, text };
}
