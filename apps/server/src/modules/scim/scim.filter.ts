/**
 * SCIM list filters → SQL conditions. The filter text is parsed by scim2-parse-filter (RFC 7644's
 * grammar); only the attributes Ideaport keeps can be filtered on, with eq, ne, co, sw, ew, pr,
 * and, or and not. Anything else answers 400 invalidFilter.
 */
import { AppError } from "@ideaport/shared";
import { and, eq, isNotNull, not, or, type SQL, sql } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import { type Filter, parse } from "scim2-parse-filter";
import { isUuid } from "../../core/path-id.ts";
import { escapeLike } from "../../core/sql.ts";

/** How one filterable attribute is read: a text (compared ignoring case, or exactly), an id, or a boolean. */
export type FilterAttribute =
  | { kind: "text"; column: AnyPgColumn | SQL; ignoreCase: boolean }
  | { kind: "id"; column: AnyPgColumn }
  | { kind: "boolean"; column: AnyPgColumn };

/** A resource's filterable attributes, by their lower-cased SCIM path. */
export type FilterAttributes = Readonly<Record<string, FilterAttribute>>;

const NOTHING = sql`false`;

/** The schema URN a filter may put before an attribute (`urn:…:User:userName`). */
const SCHEMA_PREFIX = /^urn:ietf:params:scim:schemas:core:2\.0:(user|group):/i;

/** The condition of a filter text over `attributes`; 400 invalidFilter when it cannot be read or uses another attribute. */
export function conditionOfFilter(text: string, attributes: FilterAttributes): SQL {
  let filter: Filter;
  try {
    filter = parse(text);
  } catch {
    throw new AppError("scim.invalid_filter");
  }
  return conditionOf(filter, attributes);
}

function conditionOf(filter: Filter, attributes: FilterAttributes): SQL {
  switch (filter.op) {
    case "and":
    case "or": {
      const parts = (filter as { filters: Filter[] }).filters.map((part) => conditionOf(part, attributes));
      return (filter.op === "and" ? and(...parts) : or(...parts)) ?? NOTHING;
    }
    case "not":
      return not(conditionOf((filter as { filter: Filter }).filter, attributes));
    case "[]": {
      // `emails[type eq "work"].value` reaches the parser as `emails[...]` of a value path; Ideaport
      // keeps one address, so a value path over emails reads as the address itself.
      const { attrPath, valFilter } = filter as { attrPath: string; valFilter: Filter };
      if (attrPath.toLowerCase() !== "emails" || valFilter.op !== "eq") throw new AppError("scim.invalid_filter");
      const value = (valFilter as { compValue: unknown }).compValue;
      return compare("eq", attributeOf("emails.value", attributes), value);
    }
    case "pr":
      return isNotNull(attributeOf((filter as { attrPath: string }).attrPath, attributes).column);
    default: {
      const { attrPath, compValue } = filter as { attrPath: string; compValue: unknown };
      return compare(filter.op, attributeOf(attrPath, attributes), compValue);
    }
  }
}

function attributeOf(path: string, attributes: FilterAttributes): FilterAttribute {
  const attribute = attributes[path.replace(SCHEMA_PREFIX, "").toLowerCase()];
  if (!attribute) throw new AppError("scim.invalid_filter");
  return attribute;
}

function compare(op: string, attribute: FilterAttribute, value: unknown): SQL {
  if (attribute.kind === "boolean") {
    if (typeof value !== "boolean" || (op !== "eq" && op !== "ne")) throw new AppError("scim.invalid_filter");
    return op === "eq" ? eq(attribute.column, value) : not(eq(attribute.column, value));
  }
  if (typeof value !== "string") throw new AppError("scim.invalid_filter");
  if (attribute.kind === "id") {
    if (op !== "eq" && op !== "ne") throw new AppError("scim.invalid_filter");
    // An id that is no UUID names no row (and must not reach a uuid column's cast).
    const matches = isUuid(value) ? eq(attribute.column, value) : NOTHING;
    return op === "eq" ? matches : not(matches);
  }
  const column = attribute.ignoreCase ? sql`lower(${attribute.column})` : sql`${attribute.column}`;
  const text = attribute.ignoreCase ? value.toLowerCase() : value;
  const pattern = escapeLike(text);
  switch (op) {
    case "eq":
      return sql`${column} = ${text}`;
    case "ne":
      return sql`${column} is distinct from ${text}`;
    case "co":
      return sql`${column} like ${`%${pattern}%`}`;
    case "sw":
      return sql`${column} like ${`${pattern}%`}`;
    case "ew":
      return sql`${column} like ${`%${pattern}`}`;
    default:
      throw new AppError("scim.invalid_filter");
  }
}
