/** The first answers of writes sent with an Idempotency-Key, so a repeat gets that answer again. */
import { index, integer, pgTable, text, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { createdAt, id } from "./columns.ts";
import { companies, users } from "./companies.ts";

export const idempotencyKeys = pgTable(
  "idempotency_keys",
  {
    id: id(),
    companyId: uuid("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** The client's key, as sent in the Idempotency-Key header. */
    key: text("key").notNull(),
    /** SHA-256 of the method, path and body of the first request: a repeat must send the same. */
    fingerprint: text("fingerprint").notNull(),
    /** The first answer's status; null while the first request is in flight. */
    statusCode: integer("status_code"),
    /** The first answer's body, exactly as it was sent; null while in flight. */
    responseBody: text("response_body"),
    createdAt: createdAt(),
  },
  (table) => [
    // One row per person and key: a concurrent repeat cannot claim the key a second time.
    uniqueIndex("idempotency_keys_company_user_key_idx").on(table.companyId, table.userId, table.key),
    index("idempotency_keys_created_idx").on(table.createdAt),
  ],
);
