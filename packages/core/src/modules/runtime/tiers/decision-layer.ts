/**
 * The decision layer: a request that names exactly one skill and its one argument ("fetch
 * https://example.com", "search the web for pgvector") runs that skill without a model. It routes
 * only what cannot be misread; anything with a second URL or a further instruction ("... and
 * email it to Bob") returns null and goes to the model, which can plan the rest.
 */

export interface SkillRoute {
  skill: string;
  input: Record<string, unknown>;
  reason: string;
}

interface Rule {
  skill: string;
  pattern: RegExp;
  /** Builds the input from the captured argument; null when the argument does not fit. */
  input: (argument: string) => Record<string, unknown> | null;
  reason: string;
}

/**
 * Top-level domains accepted for an address written without a scheme. A bare "notes.txt" or
 * "main.py" is a file name, so the list holds common generic domains and country codes that are
 * not also common file extensions.
 */
const BARE_DOMAIN_TLDS = new Set(
  (
    'com org net edu gov mil int io dev ai app co me tv info biz xyz tech site online cloud page ' +
    'blog news shop store wiki live pro art design cc us uk de fr es it nl be ch at se no dk fi ' +
    'ie pt gr cz sk hu ro bg hr si ee lv lt ru ua by kz tr il ae sa in cn jp kr tw hk sg my id ' +
    'th vn ph au nz ca mx br ar cl pe za ng ke eg eu'
  ).split(' '),
);
const DOMAIN =
  /^(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+([a-z]{2,63})\.?(?::\d{1,5})?(?:[/?#]\S*)?$/i;

/** A well-formed http(s) URL from what the operator typed, or null. */
export function normaliseUrl(text: string): string | null {
  const target = text.replace(/^<(.*)>$/, '$1').replace(/^["'](.*)["']$/, '$1');
  let candidate = target;
  // A scheme is letters and a colon not followed by a digit ("example.com:8080" has a port).
  if (!/^[a-z][a-z0-9+.-]*:(?!\d)/i.test(target)) {
    const tld = DOMAIN.exec(target)?.[1]?.toLowerCase();
    if (!tld || !BARE_DOMAIN_TLDS.has(tld)) return null;
    candidate = `https://${target}`;
  }
  let url: URL;
  try {
    url = new URL(candidate);
  } catch {
    return null;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  // Credentials in a typed URL are a mistake or a trick; either way not for an unreviewed call.
  if (!url.hostname || url.username || url.password) return null;
  return url.href;
}

const urlInput =
  (extra: Record<string, unknown> = {}) =>
  (argument: string) => {
    const url = normaliseUrl(argument);
    return url ? { url, ...extra } : null;
  };

/** A conjunction followed by another action: the request is a plan, not one call. */
const FURTHER_INSTRUCTION =
  /\b(?:and|then)\s+(?:then\s+|also\s+)?(?:e-?mail|send|mail|save|summari[sz]e|write|post|fetch|open|read|tell|translate|compare|create|schedule|remind|notify|share|forward|run|execute|download|screenshot|delete|store|give|list|explain|analy[sz]e|show|put|add)\b|[;\n]|[.!?]\s+\S/i;

const queryInput = (argument: string) => {
  const query = argument.replace(/^["'](.*)["']$/, '$1').trim();
  if (!query || query.length > 400 || FURTHER_INSTRUCTION.test(query)) return null;
  // "google it" needs the conversation to know what "it" is: that is the model's job.
  if (/^(?:it|this|that|them|these|those|something)$/i.test(query)) return null;
  return { query };
};

// Order matters: "GET <url>" is tried before "get <url>", whose pattern would also match it.
const RULES: Rule[] = [
  {
    skill: 'http_request',
    // Upper-case GET is the HTTP method; a lower-case "get <url>" is plain English for fetch.
    pattern: /^(?:(?:http|HTTP|Http)\s+(?:get|GET|Get)|GET)\s+(\S+)$/,
    input: urlInput({ method: 'GET' }),
    reason: 'an HTTP GET of one URL',
  },
  {
    skill: 'browser',
    pattern: /^(?:take\s+(?:a\s+)?|capture\s+(?:a\s+)?)?screenshot\s+(?:of\s+)?(\S+)$/i,
    input: urlInput({ action: 'screenshot' }),
    reason: 'a screenshot of one URL',
  },
  {
    skill: 'browser',
    pattern: /^browse\s+(?:to\s+)?(\S+)$/i,
    input: urlInput({ action: 'read' }),
    reason: 'browsing one URL',
  },
  {
    skill: 'fetch_url',
    pattern:
      /^(?:fetch|open|read|get|download)\s+(?:the\s+(?:page|url|site|website)\s+(?:at\s+)?)?(\S+)$/i,
    input: urlInput(),
    reason: 'fetching one URL',
  },
  {
    skill: 'web_search',
    pattern:
      /^(?:search\s+(?:the\s+web|the\s+internet|online|the\s+net)\s+for|web\s+search(?:\s+for)?|google|look\s+up\s+online)\s+(.+)$/i,
    input: queryInput,
    reason: 'an explicit web search',
  },
];

export function routeToSkill(text: string, available: ReadonlySet<string>): SkillRoute | null {
  if (text.length > 2_000) return null;
  const request = text
    .trim()
    .replace(/\s+/g, ' ')
    .replace(/^please\s+/i, '')
    .replace(/(?<=\S)[\s.!?,]+$/, '')
    .replace(/,?\s+please$/i, '');
  for (const rule of RULES) {
    const match = rule.pattern.exec(request);
    if (!match?.[1]) continue;
    // The first rule whose form matches decides: a later rule must not reinterpret the request.
    if (!available.has(rule.skill)) return null;
    const input = rule.input(match[1]);
    return input ? { skill: rule.skill, input, reason: rule.reason } : null;
  }
  return null;
}
