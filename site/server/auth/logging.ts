/**
 * Errors are logged by name and a trimmed message only. Database errors quote their query parameters
 * (which can hold a password hash or a session id), so everything after `params:` is cut off.
 */
export function describeError(error: unknown): string {
  if (!(error instanceof Error)) return typeof error;
  const message = error.message
    .split(/params:/i)[0]!
    .trim()
    .slice(0, 300);
  const cause = error.cause instanceof Error ? ` (cause: ${describeError(error.cause)})` : '';
  return `${error.name}: ${message}${cause}`;
}

export function logAuthError(context: string, error: unknown): void {
  console.error(`[auth] ${context}: ${describeError(error)}`);
}
