import { defineMessages } from "@ideaport/shared";

/** Company Settings' audit log. */
export const AUDIT_LOG_TEXTS = defineMessages({
  tab: { id: "auditLog.tab", defaultMessage: "Audit log" },
  title: { id: "auditLog.title", defaultMessage: "Audit log" },
  description: {
    id: "auditLog.description",
    defaultMessage:
      "Who did what in your company, and from which address: sign-ins, changes to people, teams and settings, and decisions.",
  },
  person: { id: "auditLog.filter.person", defaultMessage: "Person" },
  everyone: { id: "auditLog.filter.everyone", defaultMessage: "Everyone" },
  noPerson: { id: "auditLog.filter.noPerson", defaultMessage: "No one by that name." },
  action: { id: "auditLog.filter.action", defaultMessage: "Action" },
  allActions: { id: "auditLog.filter.allActions", defaultMessage: "All actions" },
  from: { id: "auditLog.filter.from", defaultMessage: "From" },
  to: { id: "auditLog.filter.to", defaultMessage: "To" },
  filters: { id: "auditLog.filters", defaultMessage: "Filter the audit log" },
  loading: { id: "auditLog.loading", defaultMessage: "Loading the audit log..." },
  loadFailed: { id: "auditLog.loadFailed", defaultMessage: "The audit log could not be loaded." },
  empty: { id: "auditLog.empty", defaultMessage: "Nothing has been recorded yet." },
  noMatch: { id: "auditLog.noMatch", defaultMessage: "No entry matches these filters." },
  table: { id: "auditLog.table", defaultMessage: "Audit log entries" },
  tableRegion: { id: "auditLog.tableRegion", defaultMessage: "Audit log table" },
  columnWhen: { id: "auditLog.column.when", defaultMessage: "When" },
  columnWho: { id: "auditLog.column.who", defaultMessage: "Who" },
  columnWhat: { id: "auditLog.column.what", defaultMessage: "What" },
  columnObject: { id: "auditLog.column.object", defaultMessage: "Object" },
  columnAddress: { id: "auditLog.column.address", defaultMessage: "Address" },
  system: { id: "auditLog.system", defaultMessage: "System" },
  scimToken: { id: "auditLog.scimToken", defaultMessage: "SCIM token (provisioning)" },
  unknownAddress: { id: "auditLog.unknownAddress", defaultMessage: "Not recorded" },
  loadMore: { id: "auditLog.loadMore", defaultMessage: "Load more" },
  loadMoreFailed: { id: "auditLog.loadMoreFailed", defaultMessage: "More entries could not be loaded." },
  download: { id: "auditLog.download", defaultMessage: "Download CSV" },
  preparing: { id: "auditLog.preparing", defaultMessage: "Preparing the CSV..." },
  downloadFailed: { id: "auditLog.downloadFailed", defaultMessage: "The CSV could not be downloaded: {reason}" },
});
