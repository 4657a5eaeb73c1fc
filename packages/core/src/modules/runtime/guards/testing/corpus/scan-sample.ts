import { hiddenHtmlText } from '../../../../../net/html-hidden.js';
import { htmlToText } from '../../../../../net/html-text.js';
import { type InjectionScan, scanForInjection } from '../../input-guard.js';
import type { Carrier } from './types.js';

/**
 * Scans a sample the way the runtime would: HTML as fetch_url hands it over (its hidden parts
 * taken from the markup, its text from the converter), anything else as it is.
 */
export function scanSample(sample: { carrier: Carrier; text: string }): InjectionScan {
  const isHtml = sample.carrier === 'html' || /^\s*<(?:!doctype|html)/i.test(sample.text);
  if (!isHtml) return scanForInjection(sample.text);
  return scanForInjection(htmlToText(sample.text).text, { hidden: hiddenHtmlText(sample.text) });
}
