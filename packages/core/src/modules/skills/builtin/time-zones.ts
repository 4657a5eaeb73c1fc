/**
 * Names people use for time zones, resolved to IANA zones. Intl validates and canonicalises
 * IANA names on its own; this table covers abbreviations and cities that are not the city of
 * an IANA zone. Abbreviations map to the zone that observes daylight saving (EST means "New York
 * time" to most people, not the fixed UTC-5 zone that Intl knows as EST).
 */
const NAMED_ZONES: Record<string, string> = {
  utc: 'UTC',
  gmt: 'UTC',
  z: 'UTC',
  zulu: 'UTC',
  pst: 'America/Los_Angeles',
  pdt: 'America/Los_Angeles',
  pt: 'America/Los_Angeles',
  pacific: 'America/Los_Angeles',
  mst: 'America/Denver',
  mdt: 'America/Denver',
  cst: 'America/Chicago',
  cdt: 'America/Chicago',
  est: 'America/New_York',
  edt: 'America/New_York',
  et: 'America/New_York',
  eastern: 'America/New_York',
  bst: 'Europe/London',
  cet: 'Europe/Paris',
  cest: 'Europe/Paris',
  eet: 'Europe/Athens',
  ist: 'Asia/Kolkata',
  jst: 'Asia/Tokyo',
  kst: 'Asia/Seoul',
  hkt: 'Asia/Hong_Kong',
  sgt: 'Asia/Singapore',
  aest: 'Australia/Sydney',
  aedt: 'Australia/Sydney',
  nzst: 'Pacific/Auckland',
  nzdt: 'Pacific/Auckland',
  'new york': 'America/New_York',
  nyc: 'America/New_York',
  washington: 'America/New_York',
  boston: 'America/New_York',
  miami: 'America/New_York',
  atlanta: 'America/New_York',
  'san francisco': 'America/Los_Angeles',
  sf: 'America/Los_Angeles',
  seattle: 'America/Los_Angeles',
  'las vegas': 'America/Los_Angeles',
  la: 'America/Los_Angeles',
  houston: 'America/Chicago',
  dallas: 'America/Chicago',
  austin: 'America/Chicago',
  montreal: 'America/Toronto',
  rio: 'America/Sao_Paulo',
  'rio de janeiro': 'America/Sao_Paulo',
  'sao paulo': 'America/Sao_Paulo',
  'buenos aires': 'America/Argentina/Buenos_Aires',
  'são paulo': 'America/Sao_Paulo',
  munich: 'Europe/Berlin',
  frankfurt: 'Europe/Berlin',
  hamburg: 'Europe/Berlin',
  milan: 'Europe/Rome',
  barcelona: 'Europe/Madrid',
  geneva: 'Europe/Zurich',
  kyiv: 'Europe/Kyiv',
  kiev: 'Europe/Kyiv',
  'st petersburg': 'Europe/Moscow',
  'tel aviv': 'Asia/Jerusalem',
  'abu dhabi': 'Asia/Dubai',
  mumbai: 'Asia/Kolkata',
  bombay: 'Asia/Kolkata',
  delhi: 'Asia/Kolkata',
  'new delhi': 'Asia/Kolkata',
  bangalore: 'Asia/Kolkata',
  bengaluru: 'Asia/Kolkata',
  india: 'Asia/Kolkata',
  beijing: 'Asia/Shanghai',
  china: 'Asia/Shanghai',
  shenzhen: 'Asia/Shanghai',
  japan: 'Asia/Tokyo',
  osaka: 'Asia/Tokyo',
  'ho chi minh city': 'Asia/Ho_Chi_Minh',
  saigon: 'Asia/Ho_Chi_Minh',
  hanoi: 'Asia/Bangkok',
  canberra: 'Australia/Sydney',
  wellington: 'Pacific/Auckland',
};

let zonesByCity: Map<string, string> | undefined;

/** "lisbon" -> Europe/Lisbon, from the last part of every zone Intl knows; built on first use. */
function cityIndex(): Map<string, string> {
  if (!zonesByCity) {
    zonesByCity = new Map();
    for (const zone of Intl.supportedValuesOf('timeZone')) {
      const city = zone.slice(zone.lastIndexOf('/') + 1);
      zonesByCity.set(city.replaceAll('_', ' ').toLowerCase(), zone);
    }
  }
  return zonesByCity;
}

/** The zone as Intl spells it, or null when Intl does not know it. */
function intlZone(name: string): string | null {
  try {
    return new Intl.DateTimeFormat('en-US', { timeZone: name }).resolvedOptions().timeZone;
  } catch {
    return null;
  }
}

/**
 * Resolves what a person calls a time zone ("Tokyo", "new york", "PST", "europe/paris") to an
 * IANA zone, or null when it names none.
 */
export function resolveZone(text: string): string | null {
  const name = text
    .trim()
    .replace(/^the\s+/i, '')
    .replace(/\s+time$/i, '')
    .replace(/[.?!,]+$/, '')
    .replace(/\s+/g, ' ');
  if (!name || name.length > 64) return null;
  const key = name.toLowerCase();
  const named = NAMED_ZONES[key] ?? cityIndex().get(key);
  if (named) return named;
  // IANA names themselves: Intl accepts any letter case; people write spaces for underscores.
  return name.includes('/') ? intlZone(name.replaceAll(' ', '_')) : null;
}

let server: string | undefined;

/**
 * The zone the server runs in; UTC where the platform does not say. Read once: it does not
 * change while the process runs, and building a DateTimeFormat is costly on a hot path.
 */
export function serverZone(): string {
  server ??= intlZone(Intl.DateTimeFormat().resolvedOptions().timeZone ?? 'UTC') ?? 'UTC';
  return server;
}
