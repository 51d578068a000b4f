import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { json } from "../../test/fake-api.ts";
import { renderInGerman } from "../../test/german.ts";
import { admin, renderSettings } from "../../test/settings-fixtures.ts";

const PUT_ROUTE = "PUT /api/calendar/company-settings/";

async function calendarSection() {
  const section = await screen.findByRole("region", { name: "Calendar" });
  await within(section).findByRole("textbox", { name: "Review due (days after submission)" });
  return section;
}

describe("Calendar (company settings)", () => {
  it("shows the review due days and saves a new number", async () => {
    const { fake } = await renderSettings(admin, "/app/settings/company", (fake) =>
      fake.on(PUT_ROUTE, json({ success: true, settings: { review_due_days: 3 } })),
    );
    const section = await calendarSection();
    const days = within(section).getByRole("textbox", { name: "Review due (days after submission)" });
    expect(days).toHaveValue("7");

    await userEvent.clear(days);
    await userEvent.type(days, "3");
    await userEvent.click(within(section).getByRole("button", { name: "Save calendar settings" }));

    expect(await within(section).findByText(/now fall that many days/)).toBeInTheDocument();
    expect(fake.calls(PUT_ROUTE)[0]?.body).toEqual({ review_due_days: 3 });
  });

  it("refuses a number out of range with the API's message, sending nothing", async () => {
    const { fake } = await renderSettings(admin, "/app/settings/company");
    const section = await calendarSection();
    const days = within(section).getByRole("textbox", { name: "Review due (days after submission)" });

    await userEvent.clear(days);
    await userEvent.type(days, "90");
    await userEvent.click(within(section).getByRole("button", { name: "Save calendar settings" }));

    expect(await within(section).findByText("Enter a whole number of days from 1 to 60.")).toBeInTheDocument();
    expect(fake.calls(PUT_ROUTE)).toHaveLength(0);
  });
});

describe("Calendar (company settings) in German", () => {
  it("asks for the review due days in German", async () => {
    await renderInGerman(admin, "/app/settings/company");
    const section = await screen.findByRole("region", { name: "Kalender" }, { timeout: 8000 });

    expect(await within(section).findByRole("textbox", { name: "Prüfung fällig (Tage nach Einreichung)" })).toHaveValue(
      "7",
    );
    expect(within(section).getByRole("button", { name: "Kalendereinstellungen speichern" })).toBeInTheDocument();
  });
});
