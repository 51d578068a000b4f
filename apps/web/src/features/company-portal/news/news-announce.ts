import { NEWS_TITLE_MAX_LENGTH } from "@ideaport/shared";
import { t } from "../../../lib/i18n.ts";
import { NEWS_ANNOUNCEMENT_MESSAGES } from "../company-portal.texts.ts";

/** What an announcement of an implemented idea is written from. */
export interface ImplementedIdea {
  title: string;
  /** Who proposed it; unknown when the idea could not be loaded. */
  authorName?: string | null | undefined;
  teamName?: string | null | undefined;
  /** What was proposed, in the author's words. */
  description?: string | null | undefined;
  /** Who saw the action through. */
  ownerName?: string | null | undefined;
}

/** A name as Markdown text: the characters that would format it are escaped. */
function markdownText(text: string): string {
  return text.replace(/([\\`*_[\]<>#|~])/g, "\\$1");
}

/**
 * The Add news pre-fill for an idea whose action is done: "Implemented: <title>", and a Markdown
 * body saying who proposed it, who saw it through and what changed, for the admin to finish.
 */
export function announcementOf(idea: ImplementedIdea): { title: string; body: string } {
  const author = idea.authorName ? `**${markdownText(idea.authorName)}**` : null;
  const title = markdownText(idea.title);
  const owner = {
    hasOwner: idea.ownerName ? "yes" : "no",
    owner: idea.ownerName ? markdownText(idea.ownerName) : "",
  };
  const opening = author
    ? t(NEWS_ANNOUNCEMENT_MESSAGES.openingByAuthor, {
        author,
        hasTeam: idea.teamName ? "yes" : "no",
        team: idea.teamName ? markdownText(idea.teamName) : "",
        title,
        ...owner,
      })
    : t(NEWS_ANNOUNCEMENT_MESSAGES.opening, { title, ...owner });
  const description = idea.description?.trim();
  const sections = [
    opening,
    `## ${t(NEWS_ANNOUNCEMENT_MESSAGES.whatChanged)}`,
    description || t(NEWS_ANNOUNCEMENT_MESSAGES.describeChange),
  ];
  if (author) sections.push(t(NEWS_ANNOUNCEMENT_MESSAGES.thanks, { author }));
  return {
    title: t(NEWS_ANNOUNCEMENT_MESSAGES.title, { title: idea.title }).slice(0, NEWS_TITLE_MAX_LENGTH),
    body: sections.join("\n\n"),
  };
}
