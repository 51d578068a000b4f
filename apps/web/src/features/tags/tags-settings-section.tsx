import { TAG_LIST_MAX_LIMIT, type Tag, TagNameSchema, translateSchemaMessage } from "@ideaport/shared";
import { Button, Group, List, Modal, Select, Stack, Switch, Text, TextInput } from "@mantine/core";
import { useDebouncedValue } from "@mantine/hooks";
import { IconSearch } from "@tabler/icons-react";
import { type FormEvent, useState } from "react";
import { ActionFeedback } from "../../components/action-feedback.tsx";
import { ConfirmDialog } from "../../components/confirm-dialog.tsx";
import { DialogForm } from "../../components/dialog-form.tsx";
import { ErrorState } from "../../components/error-state.tsx";
import { LoadingState } from "../../components/loading-state.tsx";
import { SettingsSection } from "../../components/settings-section.tsx";
import { errorMessageOf } from "../../lib/form-errors.ts";
import { t } from "../../lib/i18n.ts";
import { useDeleteTag, useTags, useUpdateTag, useUpdateTagSettings } from "./tags.queries.ts";
import { TAG_SETTINGS_MESSAGES as M } from "./tags.texts.ts";

/** The first problem of a tag name by the API's own rules, or null when it is fine. */
function nameProblem(name: string): string | null {
  const result = TagNameSchema.safeParse(name);
  if (result.success) return null;
  const said = result.error.issues[0]?.message;
  return said ? translateSchemaMessage(said, t) : null;
}

type Editing = { kind: "rename" | "merge" | "delete"; tag: Tag } | null;

/**
 * Company Settings: whether people may add new tags, and the company's tags, found by the start of
 * their name, each renamed, merged into another or deleted in a dialog.
 */
export function TagsSettingsSection() {
  const [search, setSearch] = useState("");
  const [debounced] = useDebouncedValue(search.trim(), 250);
  const tags = useTags({ q: debounced, limit: TAG_LIST_MAX_LIMIT });
  const settings = useUpdateTagSettings();
  const [editing, setEditing] = useState<Editing>(null);
  const [message, setMessage] = useState<string | null>(null);
  const done = (text: string) => {
    setEditing(null);
    setMessage(text);
  };

  return (
    <SettingsSection title={t(M.title)} description={t(M.description)}>
      {tags.isPending && <LoadingState label={t(M.loading)} />}
      {tags.isError && <ErrorState message={errorMessageOf(tags.error)} onRetry={() => void tags.refetch()} />}
      {tags.data && (
        <Stack gap="md">
          <Switch
            label={t(M.peopleMayAdd)}
            description={t(M.peopleMayAddDescription)}
            checked={settings.isPending ? (settings.variables?.people_may_add ?? false) : tags.data.people_may_add}
            disabled={settings.isPending}
            onChange={(event) => {
              setMessage(null);
              settings.mutate({ people_may_add: event.currentTarget.checked });
            }}
          />
          <ActionFeedback
            success={settings.isSuccess ? t(settings.data ? M.addingOn : M.addingOff) : null}
            error={settings.isError ? errorMessageOf(settings.error) : null}
          />
          <TextInput
            label={t(M.search)}
            leftSection={<IconSearch size={16} aria-hidden />}
            value={search}
            onChange={(event) => setSearch(event.currentTarget.value)}
            maxLength={40}
            style={{ maxWidth: "20rem" }}
          />
          <ActionFeedback success={message} />
          {tags.data.tags.length === 0 ? (
            <Text size="sm" c="gray.7">
              {debounced === "" ? t(M.none) : t(M.noMatch, { search: debounced })}
            </Text>
          ) : (
            <List listStyleType="none" spacing="sm" aria-label={t(M.list)}>
              {tags.data.tags.map((tag) => (
                <List.Item key={tag.id}>
                  <Group justify="space-between" wrap="nowrap" gap="sm">
                    <div>
                      <Text fw={600} style={{ overflowWrap: "anywhere" }}>
                        {tag.name}
                      </Text>
                      <Text size="sm" c="gray.7">
                        {t(M.ideaCount, { count: tag.idea_count })}
                      </Text>
                    </div>
                    <Group gap="xs" wrap="nowrap">
                      <Button
                        size="xs"
                        variant="default"
                        aria-label={t(M.renameOf, { name: tag.name })}
                        onClick={() => setEditing({ kind: "rename", tag })}
                      >
                        {t(M.rename)}
                      </Button>
                      <Button
                        size="xs"
                        variant="default"
                        aria-label={t(M.mergeOf, { name: tag.name })}
                        onClick={() => setEditing({ kind: "merge", tag })}
                      >
                        {t(M.merge)}
                      </Button>
                      <Button
                        size="xs"
                        variant="default"
                        c="red.9"
                        aria-label={t(M.deleteOf, { name: tag.name })}
                        onClick={() => setEditing({ kind: "delete", tag })}
                      >
                        {t(M.delete)}
                      </Button>
                    </Group>
                  </Group>
                </List.Item>
              ))}
            </List>
          )}
          {tags.data.has_more && (
            <Text size="sm" c="gray.7">
              {t(M.more)}
            </Text>
          )}
        </Stack>
      )}
      <RenameTagDialog
        tag={editing?.kind === "rename" ? editing.tag : null}
        onClose={() => setEditing(null)}
        onDone={done}
      />
      <MergeTagDialog
        tag={editing?.kind === "merge" ? editing.tag : null}
        onClose={() => setEditing(null)}
        onDone={done}
      />
      <DeleteTagDialog
        tag={editing?.kind === "delete" ? editing.tag : null}
        onClose={() => setEditing(null)}
        onDone={done}
      />
    </SettingsSection>
  );
}

interface TagDialogProps {
  tag: Tag | null;
  onClose: () => void;
  onDone: (message: string) => void;
}

function RenameTagDialog({ tag, onClose, onDone }: TagDialogProps) {
  return (
    <Modal opened={tag !== null} onClose={onClose} title={tag ? t(M.renameOf, { name: tag.name }) : ""} centered>
      {tag && <RenameTagForm key={tag.id} tag={tag} onClose={onClose} onDone={onDone} />}
    </Modal>
  );
}

function RenameTagForm({ tag, onClose, onDone }: TagDialogProps & { tag: Tag }) {
  const update = useUpdateTag();
  const [name, setName] = useState(tag.name);
  const [problem, setProblem] = useState<string | null>(null);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const invalid = nameProblem(name);
    if (invalid) return setProblem(invalid);
    setProblem(null);
    try {
      const renamed = await update.mutateAsync({ tagId: tag.id, changes: { name: name.trim() } });
      onDone(t(M.renamed, { name: tag.name, newName: renamed.name }));
    } catch (error) {
      setProblem(errorMessageOf(error));
    }
  };
  return (
    <DialogForm
      label={t(M.renameOf, { name: tag.name })}
      onSubmit={submit}
      error={null}
      onCancel={onClose}
      submitLabel={t(M.rename)}
      isSubmitting={update.isPending}
    >
      <TextInput
        label={t(M.newName)}
        value={name}
        onChange={(event) => setName(event.currentTarget.value)}
        error={problem}
        maxLength={60}
        data-autofocus
      />
    </DialogForm>
  );
}

function MergeTagDialog({ tag, onClose, onDone }: TagDialogProps) {
  return (
    <Modal opened={tag !== null} onClose={onClose} title={tag ? t(M.mergeOf, { name: tag.name }) : ""} centered>
      {tag && <MergeTagForm key={tag.id} tag={tag} onClose={onClose} onDone={onDone} />}
    </Modal>
  );
}

function MergeTagForm({ tag, onClose, onDone }: TagDialogProps & { tag: Tag }) {
  const update = useUpdateTag();
  const [search, setSearch] = useState("");
  const [debounced] = useDebouncedValue(search.trim(), 200);
  const candidates = useTags({ q: debounced, limit: 50 });
  const [intoId, setIntoId] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const options = (candidates.data?.tags ?? []).filter((candidate) => candidate.id !== tag.id);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const into = options.find((candidate) => candidate.id === intoId);
    if (!intoId || !into) return setProblem(t(M.mergeIntoRequired));
    setProblem(null);
    setError(null);
    try {
      await update.mutateAsync({ tagId: tag.id, changes: { merge_into: intoId } });
      onDone(t(M.merged, { name: tag.name, into: into.name }));
    } catch (caught) {
      setError(errorMessageOf(caught));
    }
  };
  return (
    <DialogForm
      label={t(M.mergeOf, { name: tag.name })}
      onSubmit={submit}
      error={error}
      onCancel={onClose}
      submitLabel={t(M.mergeSubmit)}
      isSubmitting={update.isPending}
    >
      <Text size="sm">{t(M.mergeHint, { name: tag.name })}</Text>
      <Select
        label={t(M.mergeInto)}
        placeholder={t(M.mergeIntoPlaceholder)}
        data={options.map((candidate) => ({ value: candidate.id, label: candidate.name }))}
        value={intoId}
        onChange={setIntoId}
        searchable
        searchValue={search}
        onSearchChange={setSearch}
        filter={({ options: all }) => all}
        nothingFoundMessage={debounced === "" ? undefined : t(M.noMatch, { search: debounced })}
        error={problem}
        data-autofocus
      />
    </DialogForm>
  );
}

function DeleteTagDialog({ tag, onClose, onDone }: TagDialogProps) {
  const remove = useDeleteTag();
  return (
    <ConfirmDialog
      opened={tag !== null}
      title={tag ? t(M.deleteOf, { name: tag.name }) : ""}
      confirmLabel={t(M.delete)}
      isPending={remove.isPending}
      error={remove.isError ? errorMessageOf(remove.error) : null}
      onCancel={() => {
        remove.reset();
        onClose();
      }}
      onConfirm={() => {
        if (!tag) return;
        remove.mutate(tag.id, { onSuccess: () => onDone(t(M.deleted, { name: tag.name })) });
      }}
    >
      {tag ? t(M.deleteQuestion, { count: tag.idea_count, name: tag.name }) : ""}
    </ConfirmDialog>
  );
}
