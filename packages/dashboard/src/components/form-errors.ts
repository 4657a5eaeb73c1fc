import { ApiError } from '../api/client';

/** What the runtime said that no field of the form shows: its message, code and stray details. */
export interface Refusal {
  message: string;
  code: string;
  /** HTTP status; 0 when the runtime could not be reached. */
  status: number;
  /** Details about parts of the request the form has no field for, as `path: message`. */
  unplaced: string[];
}

export interface FormErrors<F extends string> {
  /** The message under each field the runtime named. */
  fields: Partial<Record<F, string>>;
  /** What no field shows; absent when there is nothing more to say. */
  refusal?: Refusal;
}

/** Whether a detail's path (`/values/token/0`) is the field's path (`/values/token`) or inside it. */
function isUnder(detailPath: string, fieldPath: string): boolean {
  return detailPath === fieldPath || detailPath.startsWith(`${fieldPath}/`);
}

/**
 * The one mapping from a refused submit to a form, used by every form of the dashboard.
 * `paths` names where each field sits in the request body (`{ token: '/values/token' }`); a
 * detail at that path or below it shows under the field. `codes` puts a refusal without details
 * under one field (`{ name_taken: 'name' }`). Whatever no field shows becomes the `refusal`,
 * with the server's own message and code, so the operator always reads why.
 */
export function formErrors<F extends string>(
  error: unknown,
  paths: Record<F, string>,
  codes: Partial<Record<string, NoInfer<F>>> = {},
): FormErrors<F> {
  if (!error) return { fields: {} };
  if (!(error instanceof ApiError)) {
    // A stream that broke mid-way (a reset's, a chat's) carries its own code but no status.
    const message = error instanceof Error ? error.message : String(error);
    const own = (error as { code?: unknown }).code;
    const code = typeof own === 'string' ? own : 'client_error';
    return { fields: {}, refusal: { message, code, status: 0, unplaced: [] } };
  }
  const fields: Partial<Record<F, string>> = {};
  const byCode = codes[error.code];
  if (byCode && error.details.length === 0) {
    fields[byCode] = error.message;
    return { fields };
  }
  const places = Object.entries(paths) as [F, string][];
  const unplaced: string[] = [];
  for (const detail of error.details) {
    const message = detail.message ?? 'is invalid';
    const path = detail.path ?? '/';
    const field = places.find(([, fieldPath]) => isUnder(path, fieldPath))?.[0];
    if (field) {
      const earlier = fields[field];
      fields[field] = earlier ? `${earlier} ${message}` : message;
    } else if (message !== error.message) {
      unplaced.push(path === '/' ? message : `${path}: ${message}`);
    }
  }
  const placedAny = Object.keys(fields).length > 0;
  if (placedAny && unplaced.length === 0) return { fields };
  return {
    fields,
    refusal: { message: error.message, code: error.code, status: error.status, unplaced },
  };
}
