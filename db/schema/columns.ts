// Column builders shared by every table: text UUID ids, ms-epoch timestamps, booleans.
import { integer, text } from 'drizzle-orm/sqlite-core';

export const id = () =>
  text('id')
    .primaryKey()
    .$defaultFn(() => crypto.randomUUID());
export const createdAt = () =>
  integer('created_at')
    .notNull()
    .$defaultFn(() => Date.now());
export const updatedAt = () =>
  integer('updated_at')
    .notNull()
    .$defaultFn(() => Date.now());
export const bool = (name: string) => integer(name, { mode: 'boolean' });
