/** What browsers report: CSP violations, client errors, web vitals. */
import { doublePrecision, index, jsonb, pgTable, text, uuid } from "drizzle-orm/pg-core";
import { createdAt, id } from "./columns.ts";
import { users } from "./companies.ts";

export const cspReports = pgTable(
  "csp_reports",
  {
    id: id(),
    /** Whatever JSON the browser sent (report-uri or Reporting API format). */
    report: jsonb("report").$type<unknown>().notNull(),
    userAgent: text("user_agent"),
    createdAt: createdAt(),
  },
  (table) => [index("csp_reports_created_idx").on(table.createdAt)],
);

export const clientErrors = pgTable(
  "client_errors",
  {
    id: id(),
    kind: text("kind").notNull(),
    message: text("message").notNull(),
    path: text("path").notNull(),
    stack: text("stack"),
    componentStack: text("component_stack"),
    userAgent: text("user_agent"),
    userId: uuid("user_id").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (table) => [index("client_errors_created_idx").on(table.createdAt)],
);

export const webVitals = pgTable(
  "web_vitals",
  {
    id: id(),
    name: text("name").notNull(),
    value: doublePrecision("value").notNull(),
    rating: text("rating"),
    metricId: text("metric_id").notNull(),
    path: text("path").notNull(),
    createdAt: createdAt(),
  },
  (table) => [index("web_vitals_name_created_idx").on(table.name, table.createdAt)],
);
