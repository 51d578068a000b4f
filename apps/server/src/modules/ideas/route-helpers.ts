import { AppError, type ErrorCode } from "@ideaport/shared";
import type { DatabaseHandle } from "../../db/client.ts";
import { isUuid } from "../companies/tenancy.ts";

/** What app.ts hands to the challenges, ideas and actions modules. */
export interface IdeasModuleOptions {
  database: DatabaseHandle;
  clock: () => Date;
}

/** A path id; a malformed one answers the same 404 as an unknown one. */
export function pathId(params: { id: string }, notFound: ErrorCode): string {
  if (!isUuid(params.id)) throw new AppError(notFound);
  return params.id;
}
