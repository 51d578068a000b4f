import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { json } from "../../test/fake-api.ts";
import {
  admin,
  buildChallenge,
  LOGISTICS_ID,
  logistics,
  manager,
  OPERATIONS_ID,
  operations,
  refusal,
  renderManagerPage,
} from "./manager-ideas-fixtures.ts";

async function openForm() {
  await userEvent.click(screen.getByRole("button", { name: "Add challenge" }));
  return screen.findByRole("form", { name: "New challenge" });
}

function field(form: HTMLElement, name: RegExp) {
  return within(form).getByLabelText(name);
}

/** Date inputs take their value as a whole, as a browser's date picker gives it. */
function setDate(form: HTMLElement, name: RegExp, value: string) {
  fireEvent.change(field(form, name), { target: { value } });
}

describe("add challenge", () => {
  it("posts a team challenge for the manager's team with the entered fields", async () => {
    const created = buildChallenge({ title: "Less packaging", team_name: "Operations" });
    const { fake } = await renderManagerPage(manager, {}, (fake) => {
      fake.on("POST /api/challenges/", json({ success: true, challenge: created }, { status: 201 }));
    });
    const form = await openForm();

    expect(within(form).getByRole("radio", { name: "Team" })).toBeChecked();
    expect(within(form).getByRole("combobox", { name: "Team" })).toHaveValue(OPERATIONS_ID);
    await userEvent.type(field(form, /^Title/), "Less packaging");
    await userEvent.type(field(form, /^Description/), "Ideas to <b>cut</b> packaging.");
    setDate(form, /^Starts on/, "2026-04-01");
    setDate(form, /^Deadline/, "2026-04-30");
    await userEvent.type(field(form, /^Reward points/), "50");
    await userEvent.click(within(form).getByRole("button", { name: "Post challenge" }));

    expect(await screen.findByText('Your challenge "Less packaging" is live for Operations.')).toBeInTheDocument();
    expect(fake.calls("POST /api/challenges/")[0]?.body).toEqual({
      title: "Less packaging",
      description: "Ideas to <b>cut</b> packaging.",
      scope: "team",
      team_id: OPERATIONS_ID,
      starts_at: "2026-04-01",
      ends_at: "2026-04-30",
      reward_points: 50,
    });
    expect(screen.queryByRole("form", { name: "New challenge" })).not.toBeInTheDocument();
    // The list reloads to show the new challenge.
    await waitFor(() => expect(fake.calls("GET /api/challenges/").length).toBeGreaterThan(1));
  });

  it("leaves out the optional fields that are empty", async () => {
    const { fake } = await renderManagerPage(manager, {}, (fake) => {
      fake.on("POST /api/challenges/", json({ success: true, challenge: buildChallenge({ title: "Short one" }) }));
    });
    const form = await openForm();
    await userEvent.type(field(form, /^Title/), "Short one");
    await userEvent.click(within(form).getByRole("button", { name: "Post challenge" }));

    await screen.findByText(/is live for Operations/);
    expect(fake.calls("POST /api/challenges/")[0]?.body).toEqual({
      title: "Short one",
      description: "",
      scope: "team",
      team_id: OPERATIONS_ID,
    });
  });

  it("says what is wrong with the fields, in the shared schema's words, and sends nothing", async () => {
    const { fake } = await renderManagerPage();
    const form = await openForm();

    await userEvent.click(within(form).getByRole("button", { name: "Post challenge" }));
    expect(await within(form).findByText("Please give the challenge a title.")).toBeInTheDocument();
    expect(field(form, /^Title/)).toHaveAttribute("aria-invalid", "true");

    await userEvent.type(field(form, /^Title/), "Abc");
    setDate(form, /^Starts on/, "2026-05-10");
    setDate(form, /^Deadline/, "2026-05-01");
    await userEvent.type(field(form, /^Reward points/), "12.5");
    await userEvent.click(within(form).getByRole("button", { name: "Post challenge" }));

    expect(await within(form).findByText("The challenge title must be at least 5 characters.")).toBeInTheDocument();
    expect(within(form).getByText("The deadline must be after the start date.")).toBeInTheDocument();
    expect(within(form).getByText("Reward points must be a whole number from 0 to 100000.")).toBeInTheDocument();
    expect(fake.calls("POST /api/challenges/")).toHaveLength(0);
  });

  it("offers a manager the company scope only as a proposal, and says so", async () => {
    const proposal = buildChallenge({ title: "Four-day week", scope: "company", status: "proposed", team_id: null });
    const { fake } = await renderManagerPage(manager, {}, (fake) => {
      fake.on("POST /api/challenges/", json({ success: true, challenge: proposal }, { status: 201 }));
    });
    const form = await openForm();

    expect(within(form).queryByRole("radio", { name: "Company" })).not.toBeInTheDocument();
    expect(within(form).queryByText(/are proposals: an administrator approves/)).not.toBeInTheDocument();
    await userEvent.click(within(form).getByRole("radio", { name: "Company (proposal)" }));

    expect(within(form).getByRole("note")).toHaveTextContent(
      "Company challenges you post are proposals: an administrator approves or denies them before the company sees them.",
    );
    expect(within(form).queryByRole("combobox", { name: "Team" })).not.toBeInTheDocument();
    await userEvent.type(field(form, /^Title/), "Four-day week");
    await userEvent.click(within(form).getByRole("button", { name: "Propose challenge" }));

    expect(
      await screen.findByText('Your proposal "Four-day week" was sent to the administrators for approval.'),
    ).toBeInTheDocument();
    expect(fake.calls("POST /api/challenges/")[0]?.body).toEqual({
      title: "Four-day week",
      description: "",
      scope: "company",
    });
    // The list switches to the company's proposals, where the new one is.
    await waitFor(() => expect(screen.getByRole("combobox", { name: "Status" })).toHaveValue("proposed"));
    expect(screen.getByRole("radio", { name: "Company" })).toBeChecked();
  });

  it("lets an admin post a company challenge directly and choose any team for a team challenge", async () => {
    const companyChallenge = buildChallenge({ title: "Greener offices", scope: "company", team_id: null });
    const { fake } = await renderManagerPage(admin, { teams: [operations, logistics] }, (fake) => {
      fake.on("POST /api/challenges/", json({ success: true, challenge: companyChallenge }, { status: 201 }));
    });
    const form = await openForm();

    const teamSelect = within(form).getByRole("combobox", { name: "Team" });
    await waitFor(() => expect(within(teamSelect).getAllByRole("option")).toHaveLength(2));
    expect(within(teamSelect).getByRole("option", { name: "Logistics" })).toHaveValue(LOGISTICS_ID);

    await userEvent.click(within(form).getByRole("radio", { name: "Company" }));
    expect(within(form).queryByRole("note")).not.toBeInTheDocument();
    await userEvent.type(field(form, /^Title/), "Greener offices");
    await userEvent.click(within(form).getByRole("button", { name: "Post challenge" }));

    expect(
      await screen.findByText('Your challenge "Greener offices" is live for the whole company.'),
    ).toBeInTheDocument();
    expect(fake.calls("POST /api/challenges/")[0]?.body).toMatchObject({ scope: "company" });
    expect(fake.calls("POST /api/challenges/")[0]?.body).not.toHaveProperty("team_id");
  });

  it("posts an admin's team challenge for the team chosen", async () => {
    const { fake } = await renderManagerPage(admin, { teams: [operations, logistics] }, (fake) => {
      fake.on(
        "POST /api/challenges/",
        json({ success: true, challenge: buildChallenge({ title: "Faster loading", team_name: "Logistics" }) }),
      );
    });
    const form = await openForm();
    const teamSelect = within(form).getByRole("combobox", { name: "Team" });
    await waitFor(() => expect(within(teamSelect).getAllByRole("option")).toHaveLength(2));
    await userEvent.selectOptions(teamSelect, LOGISTICS_ID);
    await userEvent.type(field(form, /^Title/), "Faster loading");
    await userEvent.click(within(form).getByRole("button", { name: "Post challenge" }));

    await screen.findByText('Your challenge "Faster loading" is live for Logistics.');
    expect(fake.calls("POST /api/challenges/")[0]?.body).toMatchObject({ scope: "team", team_id: LOGISTICS_ID });
  });

  it("shows the server's field errors under the fields and keeps the dialog open", async () => {
    await renderManagerPage(manager, {}, (fake) => {
      fake.on(
        "POST /api/challenges/",
        refusal(400, "request.invalid", "Please choose the team this challenge is for.", {
          team_id: "Please choose the team this challenge is for.",
        }),
      );
    });
    const form = await openForm();
    await userEvent.type(field(form, /^Title/), "Less packaging");
    await userEvent.click(within(form).getByRole("button", { name: "Post challenge" }));

    expect(await within(form).findByText("Please choose the team this challenge is for.")).toBeInTheDocument();
    expect(screen.getByRole("form", { name: "New challenge" })).toBeInTheDocument();
  });

  it("shows a refusal without field errors as an alert in the dialog", async () => {
    await renderManagerPage(manager, {}, (fake) => {
      fake.on(
        "POST /api/challenges/",
        refusal(403, "auth.forbidden", "Only a team's manager can post a challenge for it."),
      );
    });
    const form = await openForm();
    await userEvent.type(field(form, /^Title/), "Less packaging");
    await userEvent.click(within(form).getByRole("button", { name: "Post challenge" }));

    expect(await within(form).findByRole("alert")).toHaveTextContent(
      "Only a team's manager can post a challenge for it.",
    );
  });

  it("closes without sending anything on Cancel", async () => {
    const { fake } = await renderManagerPage();
    const form = await openForm();
    await userEvent.type(field(form, /^Title/), "Never sent");
    await userEvent.click(within(form).getByRole("button", { name: "Cancel" }));

    await waitFor(() => expect(screen.queryByRole("form", { name: "New challenge" })).not.toBeInTheDocument());
    expect(fake.calls("POST /api/challenges/")).toHaveLength(0);
  });

  it("closes without sending anything from the dialog's named Close button", async () => {
    const { fake } = await renderManagerPage();
    await openForm();
    const dialog = screen.getByRole("dialog", { name: "New challenge" });
    await userEvent.click(within(dialog).getByRole("button", { name: "Close" }));

    await waitFor(() => expect(screen.queryByRole("dialog", { name: "New challenge" })).not.toBeInTheDocument());
    expect(fake.calls("POST /api/challenges/")).toHaveLength(0);
  });
});
