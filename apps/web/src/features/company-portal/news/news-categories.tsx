import { type NewsCategory, NewsCategoryRequestSchema } from "@ideaport/shared";
import { Button, Group, List, Modal, Stack, Text, TextInput } from "@mantine/core";
import { type FormEvent, useState } from "react";
import { ActionFeedback } from "../../../components/action-feedback.tsx";
import { QueryStates } from "../../../components/query-states.tsx";
import { errorMessageOf } from "../../../lib/form-errors.ts";
import {
  useCreateNewsCategory,
  useDeleteNewsCategory,
  useNewsCategories,
  useRenameNewsCategory,
} from "./news.queries.ts";

/** The first problem of a category name by the API's own rules, or null when it is fine. */
function nameProblem(name: string): string | null {
  const result = NewsCategoryRequestSchema.safeParse({ name });
  return result.success ? null : (result.error.issues[0]?.message ?? null);
}

const postCount = (count: number) => (count === 1 ? "1 post" : `${count} posts`);

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
      onMessage(`The category "${category.name}" is now "${renamed.name}".`);
    } catch (error) {
      setProblem(errorMessageOf(error));
    }
  };

  if (isRenaming) {
    return (
      <List.Item>
        <form onSubmit={submitRename} noValidate aria-label={`Rename ${category.name}`}>
          <Group gap="xs" align="flex-start">
            <TextInput
              label={`New name for ${category.name}`}
              value={name}
              onChange={(event) => setName(event.currentTarget.value)}
              error={problem}
              data-autofocus
              style={{ flex: 1 }}
            />
            <Group gap="xs" mt={25}>
              <Button type="submit" size="sm" loading={rename.isPending}>
                Save
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
                Cancel
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
            {postCount(category.news_count)}
          </Text>
        </div>
        <Group gap="xs" wrap="nowrap">
          <Button size="xs" variant="default" onClick={() => setRenaming(true)} aria-label={`Rename ${category.name}`}>
            Rename
          </Button>
          <Button
            size="xs"
            variant="default"
            color="red.9"
            disabled={isUsed}
            title={isUsed ? "Only a category without news can be deleted." : undefined}
            loading={remove.isPending}
            onClick={async () => {
              setProblem(null);
              try {
                await remove.mutateAsync(category.id);
                onMessage(`The category "${category.name}" was deleted.`);
              } catch (error) {
                setProblem(errorMessageOf(error));
              }
            }}
            aria-label={`Delete ${category.name}`}
          >
            Delete
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
      setMessage(`The category "${created.name}" was added.`);
    } catch (error) {
      setProblem(errorMessageOf(error));
    }
  };

  return (
    <Stack gap="md">
      <Text size="sm" c="gray.7">
        Categories sort the news into tabs. A category can be deleted once it holds no news.
      </Text>
      <QueryStates query={categories} loading="Loading categories..." failure="Could not load the categories.">
        {(list) =>
          list.length === 0 ? (
            <Text size="sm" c="gray.7">
              No categories yet. Add the first one below.
            </Text>
          ) : (
            <List listStyleType="none" spacing="sm" aria-label="Categories">
              {list.map((category) => (
                <CategoryRow key={category.id} category={category} onMessage={setMessage} />
              ))}
            </List>
          )
        }
      </QueryStates>
      <ActionFeedback success={message} />
      <form onSubmit={submitNew} noValidate aria-label="Add category">
        <Group gap="xs" align="flex-start">
          <TextInput
            label="New category name"
            value={name}
            onChange={(event) => setName(event.currentTarget.value)}
            error={problem}
            style={{ flex: 1 }}
          />
          <Button type="submit" mt={25} loading={create.isPending}>
            Add category
          </Button>
        </Group>
      </form>
    </Stack>
  );
}

/** The News categories dialog: add, rename, and delete the unused; `NewsCategoriesDialog` loads it lazily. */
export function NewsCategoriesModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  return (
    <Modal opened={opened} onClose={onClose} title="News categories" size="lg" centered>
      {opened && <CategoryManager />}
    </Modal>
  );
}
