import { describeError } from '../logging';

export { describeError };

export function logAuthError(context: string, error: unknown): void {
  console.error(`[auth] ${context}: ${describeError(error)}`);
}
