import type { LiveEvent } from '../../api/live';

/** Badge colours: requests blue, skills violet, confirmations yellow, mode changes grape. */
const COLORS: Record<string, string> = {
  'request-start': 'blue',
  'request-finish': 'indigo',
  'skill-start': 'violet',
  'skill-finish': 'violet',
  'confirmation-request': 'yellow',
  'confirmation-decide': 'teal',
  'autonomy-change': 'grape',
  error: 'red',
};

/** Outcomes that deserve the eye even inside a neutral event. */
const BAD = new Set(['error', 'denied', 'cancelled']);

export function eventColor(event: LiveEvent): string {
  const outcome = text(event.data.status) || text(event.data.decision);
  if (event.name !== 'error' && BAD.has(outcome)) return outcome === 'error' ? 'red' : 'orange';
  return COLORS[event.name] ?? 'gray';
}

const text = (value: unknown): string =>
  typeof value === 'string' ? value : typeof value === 'number' ? String(value) : '';

const ms = (value: unknown) => (typeof value === 'number' ? `${value.toLocaleString()} ms` : '');

const join = (...parts: string[]) => parts.filter(Boolean).join(' · ');

/** One line that says what happened, from the payload's own fields. */
export function summarize(event: LiveEvent): string {
  const d = event.data;
  switch (event.name) {
    case 'request-start':
      return join(
        `${text(d.actor) || 'someone'} asked`,
        d.preview ? `“${text(d.preview)}”` : '',
        d.chat_id ? `chat ${text(d.chat_id)}` : '',
      );
    case 'request-finish':
      return join(`finished ${text(d.status)}`, text(d.tier).replace(/_/g, ' '), ms(d.latency_ms));
    case 'skill-start':
      return join(`${text(d.skill)} started`, text(d.level), d.step ? `step ${text(d.step)}` : '');
    case 'skill-finish':
      return join(
        `${text(d.skill)} ${text(d.status)}`,
        ms(d.duration_ms),
        d.step ? `step ${text(d.step)}` : '',
      );
    case 'confirmation-request':
      return join(`${text(d.skill)} waits for approval`, text(d.level));
    case 'confirmation-decide':
      return `${text(d.skill)} ${text(d.decision)} by ${text(d.decided_by) || 'unknown'}`;
    case 'autonomy-change':
      return `autonomy ${text(d.previous)} → ${text(d.mode)} by ${text(d.actor) || 'unknown'}`;
    case 'error':
      return join(text(d.code), text(d.message));
    default: {
      const fields = Object.entries(d)
        .filter(([key]) => key !== 'ts')
        .map(
          ([key, value]) =>
            `${key}=${typeof value === 'object' ? JSON.stringify(value) : text(value)}`,
        );
      return fields.join(' ');
    }
  }
}

export const requestIdOf = (event: LiveEvent): string | undefined => {
  const id = event.data.request_id;
  return typeof id === 'string' && id ? id : undefined;
};

const pad = (value: number, length = 2) => String(value).padStart(length, '0');

/** Local wall-clock time to the millisecond: events often come several per second. */
export function clockTime(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return `${pad(date.getHours())}:${pad(date.getMinutes())}:${pad(date.getSeconds())}.${pad(date.getMilliseconds(), 3)}`;
}
