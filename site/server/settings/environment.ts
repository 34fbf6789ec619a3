// The one schema of the site's variables: each group's variables together, checked alone and then
// together; a wrong value throws `ConfigError` listing every wrong variable.
import { z } from 'zod';
import { authIssues, authVariables } from './auth';
import { databaseVariables } from './database';
import { invalid, type Env } from './fields';
import { messagesIssues, messagesVariables } from './messages';
import { operationsVariables } from './operations';
import { paymentsIssues, paymentsVariables } from './payments';
import { serverVariables } from './server';

const environmentSchema = z.object({
  ...serverVariables.shape,
  ...databaseVariables.shape,
  ...authVariables.shape,
  ...paymentsVariables.shape,
  ...messagesVariables.shape,
  ...operationsVariables.shape,
});

export type Environment = z.infer<typeof environmentSchema>;

/** Every variable checked, alone and together; throws `ConfigError` listing each wrong one. */
export function parseEnvironment(env: Env): Environment {
  const parsed = environmentSchema.safeParse(env);
  if (!parsed.success) {
    throw invalid(parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`));
  }
  // What the variables say wrong together: one without the other it needs, or a key sent in clear.
  const together = [
    ...messagesIssues(parsed.data),
    ...paymentsIssues(parsed.data),
    ...authIssues(parsed.data),
  ];
  if (together.length > 0) throw invalid(together);
  return parsed.data;
}

/** The name of every variable the schema reads (README's configuration table lists each). */
export const CONFIG_VARIABLES: readonly string[] = Object.keys(environmentSchema.shape);
