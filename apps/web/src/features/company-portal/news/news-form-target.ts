import type { NewsItem } from "@ideaport/shared";

/** What the Add news / Edit news dialog is open for: a new post (optionally pre-filled) or one to edit. */
export type NewsFormTarget =
  | { mode: "add"; initial?: { title: string; body: string } | undefined }
  | { mode: "edit"; news: NewsItem };

/** When the post the form saves is published: now, at a chosen time, or not yet (a draft). */
export type Publication = "now" | "schedule" | "draft";
