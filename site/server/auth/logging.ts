import { describeError, logFailure } from '../logging';

export { describeError };

export function logAuthError(context: string, error: unknown): void {
  logFailure('auth', context, error);
}
