import { NEWS_TITLE_MAX_LENGTH } from "@ideaport/shared";

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
  const team = idea.teamName ? ` from ${markdownText(idea.teamName)}` : "";
  const owner = idea.ownerName ? `, and ${markdownText(idea.ownerName)} saw it through` : "";
  const opening = author
    ? `${author}${team} proposed "${markdownText(idea.title)}". The idea is now in place${owner}.`
    : `The idea "${markdownText(idea.title)}" is now in place${owner}.`;
  const description = idea.description?.trim();
  const sections = [opening, "## What changed", description || "Describe what is different now."];
  if (author) sections.push(`Thank you, ${author}! Have an idea of your own? Share it on the Employee Ideas page.`);
  return { title: `Implemented: ${idea.title}`.slice(0, NEWS_TITLE_MAX_LENGTH), body: sections.join("\n\n") };
}
