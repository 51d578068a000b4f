import {
  AUDIT_ACTION_LABELS,
  AUDIT_ACTIONS,
  AUDIT_LOG_MESSAGES,
  AUDIT_TARGET_LABELS,
  type AuditAction,
  type AuditEntry,
  type AuditLogFilter,
} from "@ideaport/shared";
import { Button, NativeSelect, Select, SimpleGrid, Stack, Table, Text, TextInput } from "@mantine/core";
import { useDebouncedValue } from "@mantine/hooks";
import { useState } from "react";
import { ActionFeedback } from "../../components/action-feedback.tsx";
import { DownloadLink } from "../../components/download-link.tsx";
import { QueryStates } from "../../components/query-states.tsx";
import { ScrollableTable } from "../../components/scrollable-table.tsx";
import { SettingsSection } from "../../components/settings-section.tsx";
import { formatDateTime } from "../../lib/format.ts";
import { t } from "../../lib/i18n.ts";
import { auditLogCsvUrl, downloadAuditLogCsv, useAuditLog, useAuditPeople } from "./audit-log.queries.ts";
import { AUDIT_LOG_TEXTS } from "./audit-log.texts.ts";

/** The record an entry is about: its name when it has one, else its kind. */
function objectOf(entry: AuditEntry): string {
  if (entry.target_name) return entry.target_name;
  const kind = AUDIT_TARGET_LABELS[entry.target_type];
  return kind ? t(kind) : entry.target_type;
}

function EntryRow({ entry }: { entry: AuditEntry }) {
  return (
    <Table.Tr>
      <Table.Td>
        <time dateTime={entry.created_at}>{formatDateTime(entry.created_at)}</time>
      </Table.Td>
      <Table.Td>
        {entry.actor ? (
          <>
            <Text size="sm" fw={600} component="span" display="block">
              {entry.actor.name}
            </Text>
            <Text size="xs" c="gray.7" component="span" display="block">
              {/* A change a SCIM token made names the token, which has no e-mail address. */}
              {entry.actor.email || t(AUDIT_LOG_TEXTS.scimToken)}
            </Text>
          </>
        ) : (
          t(AUDIT_LOG_TEXTS.system)
        )}
      </Table.Td>
      <Table.Th scope="row" fw={500}>
        {t(AUDIT_ACTION_LABELS[entry.action])}
      </Table.Th>
      <Table.Td>{objectOf(entry)}</Table.Td>
      <Table.Td>{entry.ip_address ?? t(AUDIT_LOG_TEXTS.unknownAddress)}</Table.Td>
    </Table.Tr>
  );
}

/** The person filter's first option, which shows every person's entries. */
const EVERYONE = "everyone";

/**
 * The person whose entries the log shows, found by typing part of their name or e-mail: the
 * company may have thousands of people, so the server searches them. "Everyone" is always offered.
 */
function PersonFilter({ value, onChange }: { value: string; onChange: (id: string) => void }) {
  const everyone = { value: EVERYONE, label: t(AUDIT_LOG_TEXTS.everyone) };
  const [chosen, setChosen] = useState(everyone);
  const [search, setSearch] = useState(everyone.label);
  const [debouncedSearch] = useDebouncedValue(search.trim(), 300);
  // The box shows the chosen option's name: that offers everyone again rather than a search for it.
  const people = useAuditPeople(debouncedSearch === chosen.label ? "" : debouncedSearch);
  const found = (people.data ?? []).map((person) => ({ value: person.id, label: person.display_name }));
  const options = [
    everyone,
    ...(chosen.value === EVERYONE || found.some((option) => option.value === chosen.value) ? [] : [chosen]),
    ...found,
  ];
  return (
    <Select
      label={t(AUDIT_LOG_TEXTS.person)}
      data={options}
      value={value || EVERYONE}
      onChange={(id, option) => {
        if (!id || !option) return;
        setChosen(option);
        onChange(id === EVERYONE ? "" : id);
      }}
      allowDeselect={false}
      searchable
      searchValue={search}
      onSearchChange={setSearch}
      // The server has already matched what was typed.
      filter={({ options: all }) => all}
      nothingFoundMessage={t(AUDIT_LOG_TEXTS.noPerson)}
    />
  );
}

/**
 * Company Settings' "Audit log" (admins): who did what to which record, when and from which
 * address, filtered by person, action and period, a page at a time, and exported as CSV.
 */
export function AuditLogSection() {
  const [actor, setActor] = useState("");
  const [action, setAction] = useState("");
  const [from, setFrom] = useState("");
  const [to, setTo] = useState("");
  const isPeriodBackwards = from !== "" && to !== "" && to < from;
  const filter: AuditLogFilter = {
    ...(actor ? { actor } : {}),
    ...(action ? { action: action as AuditAction } : {}),
    ...(from ? { from } : {}),
    ...(to ? { to } : {}),
  };
  const entries = useAuditLog(isPeriodBackwards ? null : filter);
  const rows = entries.data?.pages.flatMap((page) => page.entries) ?? [];
  const isFiltered = Object.keys(filter).length > 0;

  const actionOptions = [
    { value: "", label: t(AUDIT_LOG_TEXTS.allActions) },
    ...AUDIT_ACTIONS.map((value) => ({ value, label: t(AUDIT_ACTION_LABELS[value]) })).sort((a, b) =>
      a.label.localeCompare(b.label),
    ),
  ];

  return (
    <SettingsSection title={t(AUDIT_LOG_TEXTS.title)} description={t(AUDIT_LOG_TEXTS.description)}>
      <SimpleGrid
        cols={{ base: 1, sm: 2, md: 4 }}
        spacing="sm"
        component="fieldset"
        style={{ border: 0, padding: 0, margin: 0, minWidth: 0 }}
        aria-label={t(AUDIT_LOG_TEXTS.filters)}
      >
        <PersonFilter value={actor} onChange={setActor} />
        <NativeSelect
          label={t(AUDIT_LOG_TEXTS.action)}
          data={actionOptions}
          value={action}
          onChange={(event) => setAction(event.currentTarget.value)}
        />
        <TextInput
          label={t(AUDIT_LOG_TEXTS.from)}
          type="date"
          value={from}
          onChange={(event) => setFrom(event.currentTarget.value)}
        />
        <TextInput
          label={t(AUDIT_LOG_TEXTS.to)}
          type="date"
          value={to}
          onChange={(event) => setTo(event.currentTarget.value)}
          error={isPeriodBackwards ? t(AUDIT_LOG_MESSAGES.toBeforeFrom) : undefined}
        />
      </SimpleGrid>
      {!isPeriodBackwards && (
        <DownloadLink
          href={auditLogCsvUrl(filter)}
          download={() => downloadAuditLogCsv(filter)}
          texts={{
            download: AUDIT_LOG_TEXTS.download,
            preparing: AUDIT_LOG_TEXTS.preparing,
            failed: AUDIT_LOG_TEXTS.downloadFailed,
          }}
        />
      )}
      <QueryStates
        query={entries}
        loading={t(AUDIT_LOG_TEXTS.loading)}
        failure={t(AUDIT_LOG_TEXTS.loadFailed)}
        isEmpty={(data) => data.pages.every((page) => page.entries.length === 0)}
        empty={isFiltered ? t(AUDIT_LOG_TEXTS.noMatch) : t(AUDIT_LOG_TEXTS.empty)}
      >
        {() => (
          <Stack gap="sm">
            <ScrollableTable label={t(AUDIT_LOG_TEXTS.tableRegion)} minWidth={720}>
              <Table aria-label={t(AUDIT_LOG_TEXTS.table)} verticalSpacing="sm">
                <Table.Thead>
                  <Table.Tr>
                    {[
                      t(AUDIT_LOG_TEXTS.columnWhen),
                      t(AUDIT_LOG_TEXTS.columnWho),
                      t(AUDIT_LOG_TEXTS.columnWhat),
                      t(AUDIT_LOG_TEXTS.columnObject),
                      t(AUDIT_LOG_TEXTS.columnAddress),
                    ].map((column) => (
                      <Table.Th key={column} scope="col">
                        {column}
                      </Table.Th>
                    ))}
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {rows.map((entry) => (
                    <EntryRow key={entry.id} entry={entry} />
                  ))}
                </Table.Tbody>
              </Table>
            </ScrollableTable>
            {entries.isFetchNextPageError && <ActionFeedback error={t(AUDIT_LOG_TEXTS.loadMoreFailed)} />}
            {entries.hasNextPage && (
              <Button
                variant="default"
                onClick={() => void entries.fetchNextPage()}
                loading={entries.isFetchingNextPage}
                style={{ alignSelf: "center" }}
              >
                {t(AUDIT_LOG_TEXTS.loadMore)}
              </Button>
            )}
          </Stack>
        )}
      </QueryStates>
    </SettingsSection>
  );
}
