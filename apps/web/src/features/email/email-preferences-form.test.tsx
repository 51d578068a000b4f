import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { json } from "../../test/fake-api.ts";
import { admin, employee, everyEmail, refusal, renderSettings } from "../../test/settings-fixtures.ts";

const PUT_ROUTE = "PUT /api/email-preferences/";

async function emailSection() {
  const section = await screen.findByRole("region", { name: "Notifications by e-mail" });
  await within(section).findByRole("combobox", { name: "Comments on my ideas" });
  return section;
}

describe("Notifications by e-mail (profile settings)", () => {
  it("shows a labelled choice per category the server offers, set as saved", async () => {
    await renderSettings(employee, "/app/settings/profile", (fake) =>
      fake.on("GET /api/email-preferences/", json({ preferences: { ...everyEmail, rejections: "weekly" } })),
    );
    const section = await emailSection();

    const names = within(section)
      .getAllByRole("combobox")
      .map((select) => select.getAttribute("aria-label") ?? (select as HTMLSelectElement).labels?.[0]?.textContent);
    expect(names).toEqual([
      "Approvals of my ideas",
      "Requests to revise my ideas",
      "Decisions not to take my ideas forward",
      "Comments on my ideas",
      "Answers to my requests for administrator or team manager rights",
      "Actions I own",
      "Reward redemptions",
    ]);
    expect(within(section).getByRole("combobox", { name: "Decisions not to take my ideas forward" })).toHaveValue(
      "weekly",
    );
    expect(
      within(within(section).getByRole("combobox", { name: "Approvals of my ideas" }))
        .getAllByRole("option")
        .map((option) => option.textContent),
    ).toEqual(["Every event", "Daily digest", "Weekly digest", "None"]);
  });

  it("offers an administrator the requests they decide, and sends that choice back", async () => {
    const saved = { ...everyEmail, admin_requests: "daily" } as const;
    const { fake } = await renderSettings(admin, "/app/settings/profile", (fake) => {
      fake.on("GET /api/email-preferences/", json({ preferences: saved }));
      fake.on(PUT_ROUTE, json({ preferences: { ...saved, admin_requests: "none" } }));
    });
    const section = await emailSection();

    const requests = within(section).getByRole("combobox", { name: "Administrator and team manager requests" });
    expect(requests).toHaveValue("daily");
    await userEvent.selectOptions(requests, "None");
    await userEvent.click(within(section).getByRole("button", { name: "Save e-mail settings" }));

    expect(await within(section).findByRole("status")).toHaveTextContent("Your e-mail settings have been saved.");
    expect(fake.calls(PUT_ROUTE)[0]?.body).toEqual({ ...saved, admin_requests: "none" });
  });

  it("saves a category set to none, from the keyboard", async () => {
    const saved = { ...everyEmail, comments: "none" };
    const { fake } = await renderSettings(employee, "/app/settings/profile", (fake) =>
      fake.on(PUT_ROUTE, json({ preferences: saved })),
    );
    const section = await emailSection();

    await userEvent.selectOptions(within(section).getByRole("combobox", { name: "Comments on my ideas" }), "None");
    within(section).getByRole("button", { name: "Save e-mail settings" }).focus();
    await userEvent.keyboard("{Enter}");

    expect(await within(section).findByRole("status")).toHaveTextContent("Your e-mail settings have been saved.");
    expect(fake.calls(PUT_ROUTE)[0]?.body).toEqual(saved);
    expect(within(section).getByRole("combobox", { name: "Comments on my ideas" })).toHaveValue("none");
  });

  it("says the server's refusal", async () => {
    await renderSettings(employee, "/app/settings/profile", (fake) =>
      fake.on(PUT_ROUTE, refusal(400, "request.invalid", "Choose how often each kind of e-mail is sent.")),
    );
    const section = await emailSection();

    await userEvent.click(within(section).getByRole("button", { name: "Save e-mail settings" }));

    expect(await within(section).findByRole("alert")).toHaveTextContent(
      "Choose how often each kind of e-mail is sent.",
    );
  });
});
