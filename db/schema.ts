// The database schema. Ids are text UUIDs (append-only logs use an integer sequence so their order
// is exact), times are integer milliseconds since the epoch, real money is integer ngwee.
// The tables live in db/schema/ by area; this file is the one entry (drizzle.config.ts reads it).
export * from './schema/people';
export * from './schema/ledger';
export * from './schema/payments';
export * from './schema/wallet-history';
export * from './schema/rooms';
export * from './schema/operator';
export * from './schema/responsible-play';
export * from './schema/support';
export * from './schema/challenge';
