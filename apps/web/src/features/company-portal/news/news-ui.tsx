import type { NewsItem, NewsVideo } from "@ideaport/shared";
import { AspectRatio, Badge, Center, Stack, Text } from "@mantine/core";
import { IconBrandVimeo, IconBrandYoutube, IconPin } from "@tabler/icons-react";
import type { ReactNode } from "react";
import { formatDate, formatDateTime } from "../../../lib/format.ts";
import { t } from "../../../lib/i18n.ts";
import { NEWS_POST_MESSAGES, NEWS_SECTION_MESSAGES } from "../company-portal.texts.ts";

/** Characters of a card's excerpt before it is cut with an ellipsis. */
export const NEWS_EXCERPT_LENGTH = 180;

/**
 * The plain text of the rendered body, shortened to a card's excerpt. The HTML is parsed as an
 * inert document (nothing in it runs or loads) and only its text is kept.
 */
export function excerptOf(bodyHtml: string, length: number = NEWS_EXCERPT_LENGTH): string {
  const body = new DOMParser().parseFromString(bodyHtml, "text/html").body;
  // Each heading, paragraph and list item reads as a sentence of its own, not run into the next.
  const blocks = [...body.querySelectorAll("h1, h2, h3, h4, h5, h6, p, li, blockquote, pre")]
    .filter((block) => !block.querySelector("p, li"))
    .map((block) => (block.textContent ?? "").replace(/\s+/g, " ").trim())
    .filter(Boolean)
    .map((block) => (/[.!?:…]$/.test(block) ? block : `${block}.`));
  const text = (blocks.length > 0 ? blocks.join(" ") : (body.textContent ?? "")).replace(/\s+/g, " ").trim();
  if (text.length <= length) return text;
  const cut = text.slice(0, length);
  const lastSpace = cut.lastIndexOf(" ");
  return `${(lastSpace > length * 0.6 ? cut.slice(0, lastSpace) : cut).trimEnd()}…`;
}

/** Who wrote a post and when it was (or will be) published; a draft has no date yet. */
export function bylineOf(news: Pick<NewsItem, "author_name" | "published_at" | "status">): string {
  const author = news.author_name ?? t(NEWS_POST_MESSAGES.unknownAuthor);
  if (news.status === "draft" || news.published_at === null) return t(NEWS_POST_MESSAGES.bylineDraft, { author });
  if (news.status === "scheduled") {
    return t(NEWS_POST_MESSAGES.bylineScheduled, { author, when: formatDateTime(news.published_at) });
  }
  return t(NEWS_POST_MESSAGES.bylinePublished, { author, date: formatDate(news.published_at) });
}

const POSTERS = {
  youtube: { icon: IconBrandYoutube, host: "YouTube" },
  vimeo: { icon: IconBrandVimeo, host: "Vimeo" },
} as const;

/**
 * A video before it plays: a poster drawn here (the host's logo, the post's title and the host's
 * name), so that nothing is loaded from the video's host, not even a still, until play is pressed.
 * `children` (the Play button) sit under the words; without them the poster is one picture.
 */
export function VideoPoster({ video, title, children }: { video: NewsVideo; title: string; children?: ReactNode }) {
  const poster = POSTERS[video.provider];
  const asPicture =
    children === undefined
      ? { role: "img", "aria-label": t(NEWS_POST_MESSAGES.videoPicture, { host: poster.host, title }) }
      : {};
  return (
    <AspectRatio ratio={16 / 9}>
      <Center bg="dark.7" c="white" p="md" style={{ borderRadius: 4 }} {...asPicture}>
        <Stack gap={6} align="center" ta="center" maw="100%">
          <poster.icon size={36} aria-hidden />
          <Text fw={600} lineClamp={2} style={{ overflowWrap: "anywhere" }}>
            {title}
          </Text>
          <Text size="sm">{t(NEWS_POST_MESSAGES.video, { host: poster.host })}</Text>
          {children}
        </Stack>
      </Center>
    </AspectRatio>
  );
}

/** A post's category, and "Pinned" when it is pinned: the badges its card and its page both show. */
export function NewsBadges({ news }: { news: Pick<NewsItem, "category" | "pinned"> }) {
  return (
    <>
      <Badge variant="light" color="brand" c="dark.7" tt="none">
        {news.category.name}
      </Badge>
      {news.pinned && (
        <Badge variant="light" color="yellow" c="dark.7" tt="none" leftSection={<IconPin size={12} aria-hidden />}>
          {t(NEWS_SECTION_MESSAGES.pinnedBadge)}
        </Badge>
      )}
    </>
  );
}
