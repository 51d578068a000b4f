import type { NewsItem, NewsVideo } from "@ideaport/shared";
import { AspectRatio, Button, Group, Modal, Stack, Text, Typography } from "@mantine/core";
import { IconPlayerPlay } from "@tabler/icons-react";
import { useEffect, useRef, useState } from "react";
import { ErrorState } from "../../../components/error-state.tsx";
import { LoadingState } from "../../../components/loading-state.tsx";
import { errorMessageOf } from "../../../lib/form-errors.ts";
import { t } from "../../../lib/i18n.ts";
import { NEWS_POST_MESSAGES, NEWS_SECTION_MESSAGES } from "../company-portal.texts.ts";
import { useNewsPost } from "./news.queries.ts";
import { bylineOf, NewsBadges, VideoPoster } from "./news-ui.tsx";

/**
 * A post's video, played only on request: a poster drawn here with a Play button, and the player's
 * frame (from the privacy-friendly host of `embed_url`) only once the reader presses it.
 */
export function NewsVideoPlayer({ video, title }: { video: NewsVideo; title: string }) {
  const [isPlaying, setPlaying] = useState(false);
  const frameRef = useRef<HTMLIFrameElement>(null);
  useEffect(() => {
    // The Play button is gone: the focus moves on to the player that replaced it.
    if (isPlaying) frameRef.current?.focus();
  }, [isPlaying]);

  if (isPlaying) {
    return (
      <AspectRatio ratio={16 / 9}>
        <iframe
          ref={frameRef}
          src={video.embed_url}
          title={t(NEWS_POST_MESSAGES.videoFrame, { title })}
          allow="accelerometer; autoplay; clipboard-write; encrypted-media; gyroscope; picture-in-picture; fullscreen"
          allowFullScreen
          referrerPolicy="strict-origin-when-cross-origin"
          style={{ border: 0, borderRadius: 4 }}
        />
      </AspectRatio>
    );
  }
  return (
    <VideoPoster video={video} title={title}>
      <Button
        mt={4}
        leftSection={<IconPlayerPlay size={18} aria-hidden />}
        onClick={() => setPlaying(true)}
        aria-label={t(NEWS_POST_MESSAGES.playTitle, { title })}
      >
        {t(NEWS_POST_MESSAGES.play)}
      </Button>
    </VideoPoster>
  );
}

function NewsArticle({ news }: { news: NewsItem }) {
  return (
    <Stack gap="md">
      <Group gap="xs">
        <NewsBadges news={news} />
      </Group>
      <Text size="sm" c="gray.7">
        {bylineOf(news)}
      </Text>
      {news.video && <NewsVideoPlayer video={news.video} title={news.title} />}
      <Typography>
        {/* biome-ignore lint/security/noDangerouslySetInnerHtml: body_html is rendered from Markdown and sanitised on the server (no scripts, event handlers or javascript: links). */}
        <div dangerouslySetInnerHTML={{ __html: news.body_html }} />
      </Typography>
    </Stack>
  );
}

/**
 * One news post in full, in a dialog named by its title: category, author, date, video and the
 * text. Opening it marks the post read. `NewsDetailDialog` (news-dialogs.tsx) loads it lazily.
 */
export function NewsDetailModal({ newsId, onClose }: { newsId: string | null; onClose: () => void }) {
  const post = useNewsPost(newsId);
  const news = post.data ?? null;
  return (
    <Modal
      opened={newsId !== null}
      onClose={onClose}
      title={news?.title ?? t(post.isError ? NEWS_POST_MESSAGES.fallbackTitle : NEWS_SECTION_MESSAGES.loading)}
      size="xl"
      centered
      styles={{ title: { fontWeight: 700, fontSize: "var(--mantine-font-size-xl)", overflowWrap: "anywhere" } }}
    >
      {news ? (
        <NewsArticle news={news} />
      ) : post.isError ? (
        <ErrorState
          message={`${t(NEWS_POST_MESSAGES.loadFailed)} ${errorMessageOf(post.error)}`}
          onRetry={() => void post.refetch()}
        />
      ) : (
        <LoadingState label={t(NEWS_SECTION_MESSAGES.loading)} />
      )}
    </Modal>
  );
}
