// The finance statement's one shape on the wire (the room's view, the settlement report and the
// finished game all carry it): its schema, checked against the `Statement` type of
// `statement-of.ts`, which also computes it (re-exported here).
import { z } from 'zod';
import type { Statement } from './statement-of';

export { statementOf, statementsOf, type Statement } from './statement-of';

export const statementSchema = z.object({
  revenue: z.number(),
  expenses: z.number(),
  charitable: z.number(),
  autoinvestment: z.number(),
  tithe: z.number(),
  netOperatingProfit: z.number(),
  tax: z.number(),
  netProfit: z.number(),
  trucks: z.number().int(),
});

// The schema and the type are one shape: a field added to one and not the other fails to compile.
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const sameShape: Same<z.infer<typeof statementSchema>, Statement> = true;
void sameShape;
