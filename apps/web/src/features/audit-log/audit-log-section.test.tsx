import type { AuditEntry } from "@ideaport/shared";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { formatDateTime } from "../../lib/format.ts";
import { type FakeApi, json } from "../../test/fake-api.ts";
import { renderInGerman } from "../../test/german.ts";
import { admin, buildCompanyUser, renderSettings } from "../../test/settings-fixtures.ts";

const priya = buildCompanyUser({ id: "user-9", display_name: "Priya Patel", email: "priya@example.com" });
const alex = buildCompanyUser({ id: "admin-1", display_name: "Alex Admin", email: "alex@example.com", is_admin: true });

function entry(fields: Partial<AuditEntry> & { id: string }): AuditEntry {
  return {
    action: "user.role_changed",
    actor: { id: alex.id, name: "Alex Admin", email: "alex@example.com" },
    target_type: "user",
    target_id: priya.id,
    target_name: "Priya Patel",
    ip_address: "203.0.113.7",
    details: { from: "employee", to: "manager" },
    created_at: "2026-11-20T09:30:00.000Z",
    ...fields,
  };
}

const roleChange = entry({ id: "entry-1" });
const failedSignIn = entry({
  id: "entry-2",
  action: "auth.sign_in_failed",
  actor: { id: priya.id, name: "Priya Patel", email: "priya@example.com" },
  ip_address: null,
  created_at: "2026-11-19T08:00:00.000Z",
});
const companyRenamed = entry({
  id: "entry-3",
  action: "company.renamed",
  target_type: "company",
  target_id: "company-1",
  target_name: null,
  created_at: "2026-11-18T08:00:00.000Z",
});

function answerCompany(fake: FakeApi) {
  fake.on(
    "GET /api/company/",
    json({
      success: true,
      company: { id: "company-1", name: "Acme", member_count: 2, teams: [], default_language: "en" },
    }),
  );
  fake.on("GET /api/teams/", json({ success: true, teams: [] }));
  // The server's search: a name or e-mail holding what was typed.
  fake.on("GET /api/company/users/", (request) => {
    const typed = (new URL(request.url, "http://localhost").searchParams.get("q") ?? "").toLowerCase();
    const users = [alex, priya].filter(
      (user) => user.display_name.toLowerCase().includes(typed) || user.email.includes(typed),
    );
    return json({ success: true, users, next_cursor: null });
  });
}

/** Answers the log's first page with the role change and the failed sign-in, and a second page with the rename. */
function answerLog(fake: FakeApi) {
  fake.on("GET /api/audit-log/", (request) => {
    const query = new URL(request.url, "http://localhost").searchParams;
    if (query.get("cursor") === "page-2") {
      return json({ success: true, entries: [companyRenamed], next_cursor: null });
    }
    if (query.get("actor") === priya.id) return json({ success: true, entries: [failedSignIn], next_cursor: null });
    if (query.get("action") === "company.renamed") {
      return json({ success: true, entries: [], next_cursor: null });
    }
    return json({ success: true, entries: [roleChange, failedSignIn], next_cursor: "page-2" });
  });
}

async function openAuditLog() {
  const app = await renderSettings(admin, "/app/settings/company", (fake) => {
    answerCompany(fake);
    answerLog(fake);
  });
  await userEvent.click(await screen.findByRole("tab", { name: "Audit log" }));
  const region = await screen.findByRole("region", { name: "Audit log" });
  return { ...app, region };
}

describe("company settings: the audit log", () => {
  it("shows who did what to which record, when and from where, and loads more", async () => {
    const { region, fake } = await openAuditLog();
    const table = await within(region).findByRole("table", { name: "Audit log entries" });
    const headers = within(table)
      .getAllByRole("columnheader")
      .map((header) => header.textContent);
    expect(headers).toEqual(["When", "Who", "What", "Object", "Address"]);

    const change = within(table).getByRole("row", { name: /Role changed/ });
    expect(within(change).getByText("Alex Admin")).toBeVisible();
    expect(within(change).getByText("Priya Patel")).toBeVisible();
    expect(within(change).getByText("203.0.113.7")).toBeVisible();
    expect(within(change).getByText(formatDateTime(roleChange.created_at))).toBeVisible();
    expect(within(table).getByRole("row", { name: /Sign-in failed/ })).toHaveTextContent("Not recorded");

    await userEvent.click(within(region).getByRole("button", { name: "Load more" }));
    const renamed = await within(table).findByRole("row", { name: /Company renamed/ });
    expect(renamed).toHaveTextContent("Company");
    expect(within(region).queryByRole("button", { name: "Load more" })).not.toBeInTheDocument();
    expect(fake.calls("GET /api/audit-log/").at(-1)?.url).toContain("cursor=page-2");
  });

  it("filters by person, action and period, and links the CSV of what it shows", async () => {
    const { region, fake } = await openAuditLog();
    await within(region).findByRole("table", { name: "Audit log entries" });

    // The person is found by what is typed, searched by the server (a company may have thousands).
    const person = within(region).getByRole("combobox", { name: "Person" });
    expect(person).toHaveValue("Everyone");
    await userEvent.clear(person);
    await userEvent.type(person, "pri");
    await waitFor(() => expect(fake.calls("GET /api/company/users/").at(-1)?.url).toContain("q=pri"));
    await userEvent.click(await screen.findByRole("option", { name: "Priya Patel" }));
    expect(screen.queryByRole("option", { name: "Alex Admin" })).not.toBeInTheDocument();
    expect(person).toHaveValue("Priya Patel");
    await waitFor(() => expect(fake.calls("GET /api/audit-log/").at(-1)?.url).toContain(`actor=${priya.id}`));
    await waitFor(() => expect(within(region).queryByRole("row", { name: /Role changed/ })).not.toBeInTheDocument());
    expect(within(region).getByRole("row", { name: /Sign-in failed/ })).toBeVisible();
    expect(fake.calls("GET /api/audit-log/").at(-1)?.url).toContain(`actor=${priya.id}`);
    expect(within(region).getByRole("link", { name: "Download CSV" })).toHaveAttribute(
      "href",
      `/api/audit-log.csv?actor=${priya.id}`,
    );

    await userEvent.clear(person);
    await userEvent.click(await screen.findByRole("option", { name: "Everyone" }));
    expect(person).toHaveValue("Everyone");
    await userEvent.selectOptions(within(region).getByRole("combobox", { name: "Action" }), "Company renamed");
    expect(await within(region).findByText("No entry matches these filters.")).toBeVisible();

    const from = within(region).getByLabelText("From");
    const to = within(region).getByLabelText("To");
    await userEvent.type(from, "2026-11-20");
    await userEvent.type(to, "2026-11-01");
    expect(await within(region).findByText("The to day must not be before the from day.")).toBeVisible();
    expect(within(region).queryByRole("link", { name: "Download CSV" })).not.toBeInTheDocument();
    await userEvent.clear(to);
    await userEvent.type(to, "2026-11-30");
    await waitFor(() =>
      expect(fake.calls("GET /api/audit-log/").at(-1)?.url).toContain(
        "action=company.renamed&from=2026-11-20&to=2026-11-30",
      ),
    );
  });

  it("names the SCIM token that made a change, marked as a token", async () => {
    const provisioned = entry({
      id: "entry-4",
      action: "scim.user_provisioned",
      actor: { id: "token-1", name: "Entra ID production", email: "" },
      details: { scim_token: { id: "token-1", name: "Entra ID production" } },
    });
    await renderSettings(admin, "/app/settings/company", (fake) => {
      answerCompany(fake);
      fake.on("GET /api/audit-log/", json({ success: true, entries: [provisioned], next_cursor: null }));
    });
    await userEvent.click(await screen.findByRole("tab", { name: "Audit log" }));
    const row = await screen.findByRole("row", { name: /Person added by SCIM/ });
    expect(row).toHaveTextContent("Entra ID production");
    expect(row).toHaveTextContent("SCIM token (provisioning)");
  });

  it("speaks German to a German reader", async () => {
    await renderInGerman(admin, "/app/settings/company", (fake) => {
      answerCompany(fake);
      answerLog(fake);
    });
    await userEvent.click(await screen.findByRole("tab", { name: "Protokoll" }));
    const region = await screen.findByRole("region", { name: "Protokoll" });
    const table = await within(region).findByRole("table", { name: "Protokolleinträge" });
    expect(within(table).getByRole("row", { name: /Rolle geändert/ })).toBeVisible();
    expect(within(region).getByRole("link", { name: "CSV herunterladen" })).toBeVisible();
  });
});
