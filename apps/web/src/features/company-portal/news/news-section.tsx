import type { NewsItem } from "@ideaport/shared";
import {
  Alert,
  Badge,
  Button,
  Group,
  Paper,
  SimpleGrid,
  Skeleton,
  Stack,
  Tabs,
  Text,
  Title,
  UnstyledButton,
} from "@mantine/core";
import { IconCategory, IconInfoCircle, IconPlus } from "@tabler/icons-react";
import { lazy, type ReactNode, Suspense, useId, useMemo, useState } from "react";
import { ActionFeedback } from "../../../components/action-feedback.tsx";
import { ConfirmDialog } from "../../../components/confirm-dialog.tsx";
import { EmptyState } from "../../../components/empty-state.tsx";
import { ErrorState } from "../../../components/error-state.tsx";
import { ListCard } from "../../../components/list-card.tsx";
import { LoadingState } from "../../../components/loading-state.tsx";
import { ShowMoreButton } from "../../../components/show-more-button.tsx";
import { useSearchParamDialog } from "../../../components/use-search-param-dialog.ts";
import { errorMessageOf } from "../../../lib/form-errors.ts";
import { t } from "../../../lib/i18n.ts";
import { NEWS_SECTION_MESSAGES, PORTAL_COMMON_MESSAGES } from "../company-portal.texts.ts";
import { useDeleteNews, useNewsList, useUpdateNews } from "./news.queries.ts";
import { NewsCategoriesDialog, NewsDetailDialog, NewsFormDialog } from "./news-dialogs.tsx";
import type { NewsFormTarget } from "./news-form-target.ts";
import { bylineOf, excerptOf, NewsBadges, VideoPoster } from "./news-ui.tsx";

/** The administrators' per-post menu (news-actions.tsx), loaded only for them. */
const NewsActions = lazy(async () => ({ default: (await import("./news-actions.tsx")).NewsActions }));

/** The search parameter that names the news post open in the dialog (`?news=<id>`), so it can be linked to. */
export const NEWS_SEARCH_PARAM = "news";

/** The tab of every category. */
const ALL_TAB = "all";

function AddNewsButton({ onClick }: { onClick: () => void }) {
  return (
    <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={onClick} data-tour="add-news">
      {t(NEWS_SECTION_MESSAGES.add)}
    </Button>
  );
}

function NewsCard({
  news,
  manage,
  isFirst,
  onOpen,
  actions,
}: {
  news: NewsItem;
  manage: boolean;
  isFirst: boolean;
  onOpen: (id: string) => void;
  actions: ReactNode;
}) {
  const titleId = useId();
  const excerpt = useMemo(() => excerptOf(news.body_html), [news.body_html]);
  return (
    <ListCard titleId={titleId} tour={isFirst ? "news-card" : undefined} gap="sm" fillsHeight>
      <Group justify="space-between" wrap="nowrap" align="flex-start" gap="xs">
        <Group gap={6}>
          <NewsBadges news={news} />
          {manage && news.status === "draft" && (
            <Badge variant="outline" color="gray.7" c="dark.7" tt="none">
              {t(NEWS_SECTION_MESSAGES.draft)}
            </Badge>
          )}
          {manage && news.status === "scheduled" && (
            <Badge variant="outline" color="gray.7" c="dark.7" tt="none">
              {t(NEWS_SECTION_MESSAGES.scheduled)}
            </Badge>
          )}
          {!news.read && news.status === "published" && (
            <Badge variant="filled" color="red.9" tt="none">
              {t(NEWS_SECTION_MESSAGES.unread)}
            </Badge>
          )}
        </Group>
        {actions}
      </Group>
      {news.video && <VideoPoster video={news.video} title={news.title} />}
      <UnstyledButton
        id={titleId}
        onClick={() => onOpen(news.id)}
        fw={700}
        fz="lg"
        c="brand.9"
        style={{ overflowWrap: "anywhere", textDecoration: "underline", textUnderlineOffset: 3 }}
      >
        {news.title}
      </UnstyledButton>
      {excerpt !== "" && <Text size="sm">{excerpt}</Text>}
      <Text size="sm" c="gray.7" mt="auto">
        {bylineOf(news)}
      </Text>
    </ListCard>
  );
}

/** Cards drawn while the news loads, and their height: about a card with a short excerpt. */
const LOADING_CARDS = ["first", "second", "third", "fourth"] as const;
const LOADING_CARD_HEIGHT = 300;

/**
 * The company's news: a tab per category, the posts as cards (pinned first, then newest) and a
 * post in full in a dialog linked by `?news=<id>`. With `manage` (administrators) it also shows
 * drafts and scheduled posts and offers Add news, editing, pinning, deleting and the categories.
 * `showPublishHint` tells a manager who is not an administrator who publishes news.
 */
export function NewsSection({ manage, showPublishHint = false }: { manage: boolean; showPublishHint?: boolean }) {
  const headingId = useId();
  const { openId: openNewsId, open: openNews, close: closeNews } = useSearchParamDialog(NEWS_SEARCH_PARAM);
  const [chosenCategory, setChosenCategory] = useState<string | null>(null);
  const [formTarget, setFormTarget] = useState<NewsFormTarget | null>(null);
  const [isManagingCategories, setManagingCategories] = useState(false);
  const [deleting, setDeleting] = useState<NewsItem | null>(null);
  const [success, setSuccess] = useState<string | null>(null);
  const [actionError, setActionError] = useState<string | null>(null);
  const updateNews = useUpdateNews();
  const deleteNews = useDeleteNews();

  const news = useNewsList(chosenCategory);
  const categories = news.data?.pages[0]?.categories ?? [];
  // A category deleted meanwhile falls back to every category.
  const isGone = chosenCategory !== null && news.data !== undefined && !categories.some((c) => c.id === chosenCategory);
  if (isGone) setChosenCategory(null);
  const category = isGone ? null : chosenCategory;
  const list = news.data?.pages.flatMap((page) => page.news) ?? [];
  const isShowingOtherCategory = news.isPlaceholderData;

  const showResult = (message: string | null, error: string | null = null) => {
    setSuccess(message);
    setActionError(error);
  };
  const startAdding = () => {
    showResult(null);
    setFormTarget({ mode: "add" });
  };
  const togglePin = async (item: NewsItem) => {
    showResult(null);
    try {
      const saved = await updateNews.mutateAsync({ newsId: item.id, changes: { pinned: !item.pinned } });
      showResult(
        t(saved.pinned ? NEWS_SECTION_MESSAGES.pinned : NEWS_SECTION_MESSAGES.unpinned, { title: saved.title }),
      );
    } catch (error) {
      showResult(null, errorMessageOf(error));
    }
  };
  const confirmDelete = async () => {
    if (!deleting) return;
    try {
      await deleteNews.mutateAsync(deleting.id);
      showResult(t(NEWS_SECTION_MESSAGES.deleted, { title: deleting.title }));
      setDeleting(null);
    } catch {
      // The dialog shows the refusal (deleteNews.error) until the admin cancels or retries.
    }
  };

  const isAdminWithoutNews = manage && news.isSuccess && list.length === 0 && category === null;
  const activeCategoryName = categories.find((entry) => entry.id === category)?.name ?? "";

  const content = news.isPending ? (
    <Stack gap="md">
      <LoadingState label={t(NEWS_SECTION_MESSAGES.loading)} />
      {/* Room for the first cards, so that what is below the news does not jump when they come. */}
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" aria-hidden>
        {LOADING_CARDS.map((card) => (
          <Skeleton key={card} height={LOADING_CARD_HEIGHT} radius="md" />
        ))}
      </SimpleGrid>
    </Stack>
  ) : news.isError ? (
    <ErrorState
      message={`${t(NEWS_SECTION_MESSAGES.loadFailed)} ${errorMessageOf(news.error)}`}
      onRetry={() => void news.refetch()}
    />
  ) : list.length === 0 ? (
    category !== null ? (
      <EmptyState>{t(NEWS_SECTION_MESSAGES.categoryEmpty, { name: activeCategoryName })}</EmptyState>
    ) : manage ? (
      <Stack gap="xs" align="flex-start">
        <Text fw={600}>{t(NEWS_SECTION_MESSAGES.adminEmpty)}</Text>
        <Text size="sm" c="gray.7">
          {t(NEWS_SECTION_MESSAGES.adminEmptyHint)}
        </Text>
        <AddNewsButton onClick={startAdding} />
      </Stack>
    ) : (
      <EmptyState>{t(NEWS_SECTION_MESSAGES.readerEmpty)}</EmptyState>
    )
  ) : (
    <Stack gap="md" aria-busy={isShowingOtherCategory}>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" style={{ opacity: isShowingOtherCategory ? 0.6 : 1 }}>
        {list.map((item, index) => (
          <NewsCard
            key={item.id}
            news={item}
            manage={manage}
            isFirst={index === 0}
            onOpen={openNews}
            actions={
              manage && item.can_edit ? (
                <Suspense fallback={null}>
                  <NewsActions
                    news={item}
                    onEdit={() => {
                      showResult(null);
                      setFormTarget({ mode: "edit", news: item });
                    }}
                    onTogglePin={() => void togglePin(item)}
                    onDelete={() => {
                      showResult(null);
                      deleteNews.reset();
                      setDeleting(item);
                    }}
                  />
                </Suspense>
              ) : null
            }
          />
        ))}
      </SimpleGrid>
      <ShowMoreButton list={news} label={t(PORTAL_COMMON_MESSAGES.loadMore)} />
    </Stack>
  );

  const tabValue = category ?? ALL_TAB;
  const tabValues = [ALL_TAB, ...categories.map((entry) => entry.id)];

  return (
    <Paper component="section" withBorder p="lg" radius="md" aria-labelledby={headingId}>
      <Stack gap="md">
        <Group justify="space-between" align="flex-start" gap="sm" data-tour="news-dashboard">
          <div>
            <Title order={2} size="h3" id={headingId}>
              {t(NEWS_SECTION_MESSAGES.title)}
            </Title>
            <Text size="sm" c="gray.7">
              {t(NEWS_SECTION_MESSAGES.intro)}
            </Text>
          </div>
          {manage && (
            <Group gap="xs">
              <Button
                variant="default"
                leftSection={<IconCategory size={16} aria-hidden />}
                onClick={() => {
                  showResult(null);
                  setManagingCategories(true);
                }}
              >
                {t(NEWS_SECTION_MESSAGES.manageCategories)}
              </Button>
              {!isAdminWithoutNews && <AddNewsButton onClick={startAdding} />}
            </Group>
          )}
        </Group>
        {showPublishHint && !manage && (
          <Alert variant="light" color="brand" icon={<IconInfoCircle aria-hidden />} role="note" data-tour="add-news">
            {t(NEWS_SECTION_MESSAGES.publishHint)}
          </Alert>
        )}
        <ActionFeedback success={success} error={actionError} />
        <Tabs
          value={tabValue}
          onChange={(value) => setChosenCategory(value === null || value === ALL_TAB ? null : value)}
          keepMounted={false}
        >
          {/* One row that scrolls sideways: the categories arrive after the list is drawn, and a
              second row would push the news down as they do. */}
          <Tabs.List
            aria-label={t(NEWS_SECTION_MESSAGES.categories)}
            data-tour="news-category-tab"
            style={{ overflowX: "auto", flexWrap: "nowrap", whiteSpace: "nowrap" }}
          >
            <Tabs.Tab value={ALL_TAB}>{t(NEWS_SECTION_MESSAGES.all)}</Tabs.Tab>
            {categories.map((entry) => (
              <Tabs.Tab key={entry.id} value={entry.id}>
                {entry.name}
              </Tabs.Tab>
            ))}
          </Tabs.List>
          {tabValues.map((value) => (
            <Tabs.Panel key={value} value={value} pt="md">
              {value === tabValue && content}
            </Tabs.Panel>
          ))}
        </Tabs>
      </Stack>
      <NewsDetailDialog newsId={openNewsId} onClose={closeNews} />
      {manage && (
        <>
          <NewsFormDialog
            target={formTarget}
            onClose={() => setFormTarget(null)}
            onSaved={(message) => {
              showResult(message);
              setFormTarget(null);
            }}
          />
          <NewsCategoriesDialog opened={isManagingCategories} onClose={() => setManagingCategories(false)} />
          <ConfirmDialog
            opened={deleting !== null}
            title={t(NEWS_SECTION_MESSAGES.deleteTitle)}
            confirmLabel={t(PORTAL_COMMON_MESSAGES.delete)}
            onConfirm={() => void confirmDelete()}
            onCancel={() => setDeleting(null)}
            isPending={deleteNews.isPending}
            error={deleteNews.isError ? errorMessageOf(deleteNews.error) : null}
          >
            {deleting ? t(NEWS_SECTION_MESSAGES.deleteWarning, { title: deleting.title }) : ""}
          </ConfirmDialog>
        </>
      )}
    </Paper>
  );
}
