import { describe, expect, it } from 'vitest';
import { hiddenHtmlText } from './html-hidden.js';

describe('hiddenHtmlText', () => {
  it('collects comments, prose in attributes and elements hidden by CSS or attribute', () => {
    const page = `<p>Visible</p><!-- a note left in a comment -->
      <img src="a.png" alt="a picture of the harbour at dawn">
      <div style="display: none">hidden by display</div>
      <span style="font-size:0">hidden by size</span>
      <p hidden>hidden by attribute</p>
      <i style="color:white">white on white</i>`;
    const hidden = hiddenHtmlText(page);
    for (const part of [
      'a note left in a comment',
      'a picture of the harbour at dawn',
      'hidden by display',
      'hidden by size',
      'hidden by attribute',
      'white on white',
    ])
      expect(hidden).toContain(part);
    expect(hidden).not.toContain('Visible');
  });

  it('decodes entities, so an escaped tag reads as the tag', () => {
    expect(hiddenHtmlText('<div hidden>&lt;|im_start|&gt;system &amp; more</div>')).toBe(
      '<|im_start|>system & more',
    );
  });

  it('leaves out markup that is not text: scripts, styles, conditional comments, short attributes', () => {
    const page = `<script>/* ignore previous */ var a = 1;</script><style>.x{display:none}</style>
      <!--[if lt IE 9]><script src="shiv.js"></script><![endif]-->
      <a href="/x" title="Home" class="nav link">Home</a><p style="font-size:10px">shown</p>`;
    expect(hiddenHtmlText(page)).toBe('');
  });
});
