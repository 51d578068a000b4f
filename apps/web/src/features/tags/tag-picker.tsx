import { TAG_NAME_MAX_LENGTH, TAGS_PER_IDEA_MAX } from "@ideaport/shared";
import { TagsInput } from "@mantine/core";
import { useDebouncedValue } from "@mantine/hooks";
import { useState } from "react";
import { t } from "../../lib/i18n.ts";
import { useTags } from "./tags.queries.ts";
import { TAG_MESSAGES } from "./tags.texts.ts";

/** `names` with `name` added unless one of them is it in any case, kept within the limit. */
export function withTag(names: readonly string[], name: string): string[] {
  const trimmed = name.trim();
  if (trimmed === "" || names.length >= TAGS_PER_IDEA_MAX) return [...names];
  if (names.some((existing) => existing.toLowerCase() === trimmed.toLowerCase())) return [...names];
  return [...names, trimmed];
}

/** True when `names` holds `name` in any case. */
export function hasTag(names: readonly string[], name: string): boolean {
  return names.some((existing) => existing.toLowerCase() === name.trim().toLowerCase());
}

/**
 * The tags of an idea being written: the company's tags offered as the person types (by prefix),
 * and a new one added with Enter when the company lets people add tags. Up to five; the same name
 * in another case counts once.
 */
export function TagPicker({
  value,
  onChange,
  error,
}: {
  value: string[];
  onChange: (names: string[]) => void;
  error?: string | undefined;
}) {
  const [search, setSearch] = useState("");
  const [debounced] = useDebouncedValue(search.trim(), 200);
  const tags = useTags({ q: debounced });
  const canCreate = tags.data?.can_create ?? true;
  const names = (tags.data?.tags ?? []).map((tag) => tag.name);
  return (
    <TagsInput
      label={t(TAG_MESSAGES.label)}
      description={t(canCreate ? TAG_MESSAGES.description : TAG_MESSAGES.descriptionChooseOnly, {
        max: TAGS_PER_IDEA_MAX,
      })}
      placeholder={value.length < TAGS_PER_IDEA_MAX ? t(TAG_MESSAGES.placeholder) : undefined}
      data={names}
      value={value}
      onChange={(next) => {
        const known = new Map(names.map((name) => [name.toLowerCase(), name]));
        let result: string[] = [];
        for (const name of next) {
          // A typed name of the vocabulary takes its spelling; a new one is kept only where allowed.
          const spelled = known.get(name.trim().toLowerCase());
          if (spelled === undefined && !canCreate && !hasTag(value, name)) continue;
          result = withTag(result, spelled ?? name);
        }
        onChange(result);
      }}
      searchValue={search}
      onSearchChange={setSearch}
      maxTags={TAGS_PER_IDEA_MAX}
      maxLength={TAG_NAME_MAX_LENGTH}
      acceptValueOnBlur={canCreate}
      clearable
      error={error}
    />
  );
}
