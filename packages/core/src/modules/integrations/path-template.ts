import { ValidationError } from '../../errors/app-error.js';

/** `{name}` (one segment) or `{name*}` (several), as in RFC 6570's simple and path forms. */
const VARIABLE = /\{([a-z][a-z0-9_]*)(\*)?\}/gi;
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what it finds
const CONTROL = /[\u0000-\u001f\u007f]/;
/** Slashes and backslashes written as escapes: some servers decode them before routing. */
const ENCODED_SEPARATOR = /%(?:2f|5c)/i;

export interface TemplateVariable {
  name: string;
  multiple: boolean;
}

/** The variables a template names, in order. */
export function templateVariables(template: string): TemplateVariable[] {
  return [...template.matchAll(VARIABLE)].map((match) => ({
    name: match[1] as string,
    multiple: match[2] === '*',
  }));
}

/**
 * Fills a path template. Each value becomes encoded segments that cannot leave the template:
 * `/`, `\`, `.` and `..` segments, encoded separators and control characters are refused with
 * validation_error (naming the param, never echoing the value).
 */
export function expandPath(
  template: string,
  values: Record<string, unknown>,
  /** Where the values come from, for the error: `params` or `fields`. */
  source = 'params',
): string {
  return template.replace(VARIABLE, (_match, name: string, star: string | undefined) => {
    const value = values[name];
    if (value === undefined || value === null || value === '') {
      if (star) return '';
      throw refused(source, name, 'is required in the path');
    }
    if (typeof value !== 'string' && typeof value !== 'number' && typeof value !== 'bigint')
      throw refused(source, name, 'must be text or a number to go in the path');
    const text = String(value);
    const segments = star ? text.split('/') : [text];
    return segments.map((segment) => pathSegment(segment, source, name)).join('/');
  });
}

function pathSegment(segment: string, source: string, name: string): string {
  if (segment === '') throw refused(source, name, 'has an empty path segment');
  if (CONTROL.test(segment)) throw refused(source, name, 'contains a control character');
  if (segment.includes('/') || segment.includes('\\'))
    throw refused(source, name, 'contains a slash');
  if (ENCODED_SEPARATOR.test(segment)) throw refused(source, name, 'contains an encoded slash');
  let decoded = segment;
  try {
    decoded = decodeURIComponent(segment);
  } catch {
    // Not an escape sequence; it is encoded as it stands.
  }
  if (decoded === '.' || decoded === '..' || segment === '.' || segment === '..')
    throw refused(source, name, 'would climb out of the path');
  return encodeURIComponent(segment);
}

/** Text that goes into a header or a URL verbatim: no CR, LF or other control characters. */
export function assertHeaderSafe(value: string, source: string, name: string): void {
  if (CONTROL.test(value)) throw refused(source, name, 'contains a control character');
}

function refused(source: string, name: string, problem: string): ValidationError {
  const path = `/${source}/${name}`;
  return new ValidationError(`${source}.${name} ${problem}`, [{ path, message: problem }]);
}
