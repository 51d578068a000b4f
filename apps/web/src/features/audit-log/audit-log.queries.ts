import {
  AUDIT_CSV_BYTE_ORDER_MARK,
  AUDIT_CSV_FILE_NAME,
  type AuditLogFilter,
  auditLogEndpoints,
  auditLogQueryString,
  settingsEndpoints,
} from "@ideaport/shared";
import { keepPreviousData, useInfiniteQuery, useQuery } from "@tanstack/react-query";
import { apiClient } from "../../lib/api-client.ts";
import { keysetListOptions } from "../../lib/queries.ts";

/** Entries a page of the log holds. */
const AUDIT_LOG_PAGE_SIZE = 25;
/** People the person filter offers for what was typed, by name. */
const AUDIT_PEOPLE_LIMIT = 20;

export const auditLogKeys = {
  all: ["audit-log"] as const,
  entries: (filter: AuditLogFilter) => [...auditLogKeys.all, "entries", auditLogQueryString(filter)] as const,
  people: (search: string) => [...auditLogKeys.all, "people", search] as const,
};

/**
 * `GET /api/audit-log/?actor=&action=&from=&to=`, a page at a time; `null` fetches nothing (a
 * period still being typed). Read afresh whenever the log is shown, since any change adds to it.
 */
export function useAuditLog(filter: AuditLogFilter | null) {
  return useInfiniteQuery({
    ...keysetListOptions(auditLogKeys.entries(filter ?? {}), (cursor, signal) =>
      apiClient.call(auditLogEndpoints.listAuditLog, undefined, {
        query: { ...filter, cursor, limit: AUDIT_LOG_PAGE_SIZE },
        signal,
      }),
    ),
    enabled: filter !== null,
    staleTime: 0,
  });
}

/** The company's people whose name or e-mail holds `search` (the first by name when it is empty), for the person filter. */
export function useAuditPeople(search: string) {
  return useQuery({
    queryKey: auditLogKeys.people(search),
    queryFn: async ({ signal }) =>
      (
        await apiClient.call(settingsEndpoints.companyUsers, undefined, {
          query: { limit: AUDIT_PEOPLE_LIMIT, ...(search ? { q: search } : {}) },
          signal,
        })
      ).users,
    placeholderData: keepPreviousData,
  });
}

/** Where the export of `filter` is: `/api/audit-log.csv?action=…`. */
export function auditLogCsvUrl(filter: AuditLogFilter): string {
  const search = auditLogQueryString(filter);
  return search === "" ? auditLogEndpoints.auditLogCsv.path : `${auditLogEndpoints.auditLogCsv.path}?${search}`;
}

/**
 * Downloads the export of `filter` as audit-log.csv. The API answers signed-in calls only (a
 * bearer token, which a plain link does not send), so the file is fetched through the API client
 * and handed to the browser as a download.
 */
export async function downloadAuditLogCsv(filter: AuditLogFilter): Promise<void> {
  const csv = await apiClient.call(auditLogEndpoints.auditLogCsv, undefined, { query: filter });
  // Reading the answer as text dropped the byte-order mark the file starts with: it goes back.
  const file = csv.startsWith(AUDIT_CSV_BYTE_ORDER_MARK) ? csv : `${AUDIT_CSV_BYTE_ORDER_MARK}${csv}`;
  const url = URL.createObjectURL(new Blob([file], { type: "text/csv;charset=utf-8" }));
  try {
    const link = document.createElement("a");
    link.href = url;
    link.download = AUDIT_CSV_FILE_NAME;
    document.body.append(link);
    link.click();
    link.remove();
  } finally {
    // The browser has taken the file once the click is handled.
    setTimeout(() => URL.revokeObjectURL(url), 0);
  }
}
