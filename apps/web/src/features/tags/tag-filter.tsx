import { TAG_LIST_MAX_LIMIT, type TagRef } from "@ideaport/shared";
import { NativeSelect } from "@mantine/core";
import { t } from "../../lib/i18n.ts";
import { useTags } from "./tags.queries.ts";
import { TAG_MESSAGES } from "./tags.texts.ts";

/**
 * Narrows an idea list to one tag: the company's tags by name, and the chosen one (perhaps picked
 * from a chip, beyond the first tags the menu lists) kept among them.
 */
export function TagFilterSelect({ value, onChange }: { value: TagRef | null; onChange: (tag: TagRef | null) => void }) {
  const tags = useTags({ limit: TAG_LIST_MAX_LIMIT });
  const list: TagRef[] = tags.data?.tags ?? [];
  const options = value && !list.some((tag) => tag.id === value.id) ? [value, ...list] : list;
  return (
    <NativeSelect
      label={t(TAG_MESSAGES.filterLabel)}
      value={value?.id ?? ""}
      onChange={(event) => {
        const id = event.currentTarget.value;
        onChange(options.find((tag) => tag.id === id) ?? null);
      }}
      data={[
        { value: "", label: t(TAG_MESSAGES.anyTag) },
        ...options.map((tag) => ({ value: tag.id, label: tag.name })),
      ]}
      style={{ maxWidth: "14rem" }}
    />
  );
}
