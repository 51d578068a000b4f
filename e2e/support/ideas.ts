import { expect, type Locator } from "@playwright/test";
import type { ApiSession } from "./accounts.ts";

/** `title`, submitted through the API by the person `session` is signed in as; answers its id. */
export async function submitIdeaThroughApi(session: ApiSession, title: string): Promise<string> {
  const { idea } = await session.post<{ idea: { id: string } }>("/api/project-ideas/", {
    title,
    description: `${title}: what it changes, for whom, and how we would know it worked.`,
  });
  return idea.id;
}

/**
 * Submits the idea of the brain-dump box `brainDump` with `description` (and `title`, when the box
 * does not hold it yet), as its author would, and waits for the confirmation.
 */
export async function submitFromBrainDump(
  brainDump: Locator,
  { title, description }: { title?: string; description: string },
): Promise<void> {
  if (title !== undefined) await brainDump.getByRole("textbox", { name: "Your idea" }).fill(title);
  await brainDump.getByRole("button", { name: "Add a description" }).click();
  await brainDump.getByRole("textbox", { name: "Description" }).fill(description);
  await brainDump.getByRole("button", { name: "Submit" }).click();
  await expect(brainDump.getByText("Submitted! Your manager will review it")).toBeVisible();
}
