import { type NewsCategory, NewsCategoryRequestSchema, translateSchemaMessage } from "@ideaport/shared";
import { Button, Group, List, Modal, Stack, Text, TextInput } from "@mantine/core";
import { type FormEvent, useState } from "react";
import { ActionFeedback } from "../../../components/action-feedback.tsx";
import { QueryStates } from "../../../components/query-states.tsx";
import { errorMessageOf } from "../../../lib/form-errors.ts";
import { t } from "../../../lib/i18n.ts";
import { NEWS_CATEGORY_MESSAGES, NEWS_SECTION_MESSAGES, PORTAL_COMMON_MESSAGES } from "../company-portal.texts.ts";
import {
  useCreateNewsCategory,
  useDeleteNewsCategory,
  useNewsCategories,
  useRenameNewsCategory,
} from "./news.queries.ts";

/** The first problem of a category name by the API's own rules, or null when it is fine. */
function nameProblem(name: string): string | null {
  const result = NewsCategoryRequestSchema.safeParse({ name });
  if (result.success) return null;
  const said = result.error.issues[0]?.message;
  return said ? translateSchemaMessage(said, t) : null;
}

function CategoryRow({ category, onMessage }: { category: NewsCategory; onMessage: (message: string) => void }) {
  const rename = useRenameNewsCategory();
  const remove = useDeleteNewsCategory();
  const [isRenaming, setRenaming] = useState(false);
  const [name, setName] = useState(category.name);
  const [problem, setProblem] = useState<string | null>(null);
  const isUsed = category.news_count > 0;

  const submitRename = async (event: FormEvent) => {
    event.preventDefault();
    const invalid = nameProblem(name);
    if (invalid) return setProblem(invalid);
    setProblem(null);
    try {
      const renamed = await rename.mutateAsync({ categoryId: category.id, name: name.trim() });
      setRenaming(false);
      onMessage(t(NEWS_CATEGORY_MESSAGES.renamed, { name: category.name, newName: renamed.name }));
    } catch (error) {
      setProblem(errorMessageOf(error));
    }
  };

  if (isRenaming) {
    return (
      <List.Item>
        <form
          onSubmit={submitRename}
          noValidate
          aria-label={t(NEWS_CATEGORY_MESSAGES.renameCategory, { name: category.name })}
        >
          <Group gap="xs" align="flex-start">
            <TextInput
              label={t(NEWS_CATEGORY_MESSAGES.newNameFor, { name: category.name })}
              value={name}
              onChange={(event) => setName(event.currentTarget.value)}
              error={problem}
              data-autofocus
              style={{ flex: 1 }}
            />
            <Group gap="xs" mt={25}>
              <Button type="submit" size="sm" loading={rename.isPending}>
                {t(PORTAL_COMMON_MESSAGES.save)}
              </Button>
              <Button
                variant="default"
                size="sm"
                onClick={() => {
                  setRenaming(false);
                  setName(category.name);
                  setProblem(null);
                }}
              >
                {t(PORTAL_COMMON_MESSAGES.cancel)}
              </Button>
            </Group>
          </Group>
        </form>
      </List.Item>
    );
  }

  return (
    <List.Item>
      <Group justify="space-between" wrap="nowrap" gap="sm">
        <div>
          <Text fw={600} style={{ overflowWrap: "anywhere" }}>
            {category.name}
          </Text>
          <Text size="sm" c="gray.7">
            {t(NEWS_CATEGORY_MESSAGES.postCount, { count: category.news_count })}
          </Text>
        </div>
        <Group gap="xs" wrap="nowrap">
          <Button
            size="xs"
            variant="default"
            onClick={() => setRenaming(true)}
            aria-label={t(NEWS_CATEGORY_MESSAGES.renameCategory, { name: category.name })}
          >
            {t(NEWS_CATEGORY_MESSAGES.rename)}
          </Button>
          <Button
            size="xs"
            variant="default"
            color="red.9"
            disabled={isUsed}
            title={isUsed ? t(NEWS_CATEGORY_MESSAGES.onlyEmptyDeletable) : undefined}
            loading={remove.isPending}
            onClick={async () => {
              setProblem(null);
              try {
                await remove.mutateAsync(category.id);
                onMessage(t(NEWS_CATEGORY_MESSAGES.deleted, { name: category.name }));
              } catch (error) {
                setProblem(errorMessageOf(error));
              }
            }}
            aria-label={t(NEWS_CATEGORY_MESSAGES.deleteCategory, { name: category.name })}
          >
            {t(PORTAL_COMMON_MESSAGES.delete)}
          </Button>
        </Group>
      </Group>
      {problem && <ActionFeedback error={problem} />}
    </List.Item>
  );
}

function CategoryManager() {
  const categories = useNewsCategories();
  const create = useCreateNewsCategory();
  const [name, setName] = useState("");
  const [problem, setProblem] = useState<string | null>(null);
  const [message, setMessage] = useState<string | null>(null);

  const submitNew = async (event: FormEvent) => {
    event.preventDefault();
    setMessage(null);
    const invalid = nameProblem(name);
    if (invalid) return setProblem(invalid);
    setProblem(null);
    try {
      const created = await create.mutateAsync(name.trim());
      setName("");
      setMessage(t(NEWS_CATEGORY_MESSAGES.added, { name: created.name }));
    } catch (error) {
      setProblem(errorMessageOf(error));
    }
  };

  return (
    <Stack gap="md">
      <Text size="sm" c="gray.7">
        {t(NEWS_CATEGORY_MESSAGES.intro)}
      </Text>
      <QueryStates
        query={categories}
        loading={t(NEWS_CATEGORY_MESSAGES.loading)}
        failure={t(NEWS_CATEGORY_MESSAGES.loadFailed)}
      >
        {(list) =>
          list.length === 0 ? (
            <Text size="sm" c="gray.7">
              {t(NEWS_CATEGORY_MESSAGES.none)}
            </Text>
          ) : (
            <List listStyleType="none" spacing="sm" aria-label={t(NEWS_CATEGORY_MESSAGES.list)}>
              {list.map((category) => (
                <CategoryRow key={category.id} category={category} onMessage={setMessage} />
              ))}
            </List>
          )
        }
      </QueryStates>
      <ActionFeedback success={message} />
      <form onSubmit={submitNew} noValidate aria-label={t(NEWS_CATEGORY_MESSAGES.add)}>
        <Group gap="xs" align="flex-start">
          <TextInput
            label={t(NEWS_CATEGORY_MESSAGES.newName)}
            value={name}
            onChange={(event) => setName(event.currentTarget.value)}
            error={problem}
            style={{ flex: 1 }}
          />
          <Button type="submit" mt={25} loading={create.isPending}>
            {t(NEWS_CATEGORY_MESSAGES.add)}
          </Button>
        </Group>
      </form>
    </Stack>
  );
}

/** The News categories dialog: add, rename, and delete the unused; `NewsCategoriesDialog` loads it lazily. */
export function NewsCategoriesModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  return (
    <Modal opened={opened} onClose={onClose} title={t(NEWS_SECTION_MESSAGES.categories)} size="lg" centered>
      {opened && <CategoryManager />}
    </Modal>
  );
}
