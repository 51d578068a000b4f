import { ERROR_MESSAGES } from "@ideaport/shared";
import { within } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { t } from "../../lib/i18n.ts";
import { saveSession } from "../../lib/session.ts";
import { fill, newcomer, openCompanyDialog } from "../../test/account-test-kit.ts";
import { buildLoginResponse, buildUser } from "../../test/factories.ts";
import { createFakeApi, json } from "../../test/fake-api.ts";

// Storing the session is where signing in can throw (storage quota, blocked storage).
vi.mock("../../lib/session.ts", async (importOriginal) => {
  const actual = await importOriginal<typeof import("../../lib/session.ts")>();
  return { ...actual, saveSession: vi.fn(actual.saveSession) };
});

describe("Create New Company: automatic sign-in", () => {
  it("says 'Company created, but automatic login failed. Please log in manually.' when signing in throws", async () => {
    const creator = buildUser({ ...newcomer, is_admin: true, company_id: "company-9" });
    const fake = createFakeApi({
      "POST /api/create-company/": json({
        success: true,
        message: "Company created.",
        ...buildLoginResponse(creator),
        user: creator,
      }),
    });
    const { user, dialog, router } = await openCompanyDialog(fake);
    await user.click(within(dialog).getByRole("radio", { name: "Create New Company" }));
    await fill(user, dialog, "Company name", "Globex");
    await fill(user, dialog, /^Company password/, "join-globex");
    await fill(user, dialog, "Team name", "Research");
    await user.click(within(dialog).getByRole("button", { name: "Add team" }));
    vi.mocked(saveSession).mockImplementationOnce(() => {
      throw new Error("The quota has been exceeded.");
    });

    await user.click(within(dialog).getByRole("button", { name: "Create Company" }));

    expect(await within(dialog).findByRole("alert")).toHaveTextContent(t(ERROR_MESSAGES.companyCreatedAutoLoginFailed));
    expect(router.state.location.pathname).toBe("/");
  });
});
