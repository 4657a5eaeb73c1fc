/** Only same-site paths are followed after sign-in (the runtime applies the same rule). */
export function safeNextPath(next: string | null | undefined): string {
  if (
    !next?.startsWith('/') ||
    next.startsWith('//') ||
    next.startsWith('/\\') ||
    next.startsWith('/login')
  ) {
    return '/overview';
  }
  return next;
}

/** The sign-in page, remembering where to come back to. */
export function loginPathFor(path: string): string {
  return `/login?next=${encodeURIComponent(path)}`;
}
