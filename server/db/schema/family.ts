import type { UserId } from '../../lib/ids';
import { date, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './accounts';

// A parent's child. Global, like users: a child reaches organizations through enrollments.
export const children = pgTable('children', {
  id: uuid('id').primaryKey(),
  parentUserId: uuid('parent_user_id')
    .$type<UserId>()
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  firstName: text('first_name').notNull(),
  lastName: text('last_name').notNull(),
  birthDate: date('birth_date'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
