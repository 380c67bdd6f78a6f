import { sql } from 'kysely';

/** A user's name as the staff app shows it, in a query that joins `users as u`: the first name, else the user name. */
export const userNameOfU = sql<string>`coalesce(nullif(trim(u.first_name), ''), u.username)`;
