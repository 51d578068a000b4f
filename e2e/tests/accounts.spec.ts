import type { Locator, Page } from "@playwright/test";
import { DEMO_COMPANY, type NewPerson, newDemoEmployee, newPerson, registerThroughApi } from "../support/accounts.ts";
import { DEMO } from "../support/demo.ts";
import { expect, expectAccessible, test } from "../support/fixtures.ts";
import { appPathIn, mailsTo, verificationCodeOf, waitForMail } from "../support/mailbox.ts";
import { logInThroughPage, openNotifications, signedInPage, skipTour } from "../support/session.ts";

/** The validation and error messages the product must show, word for word. */
const SPEC = {
  login: {
    emailRequired: "Email is required",
    emailInvalid: "Please enter a valid email address",
    passwordRequired: "Password is required",
    popupFailed: "Authentication failed. Please check your credentials.",
  },
  signUp: {
    firstNameRequired: "First name is required",
    lastNameRequired: "Last name is required",
    emailRequired: "Email is required",
    emailInvalid: "Email is invalid",
    passwordRequired: "Password is required",
    passwordTooShort: "Password must be at least 8 characters",
    codeRequired: "Verification code is required",
    codeFormat: "Code must be 6 digits",
    verificationFailed: "Verification failed. Please check the code or request a new one.",
  },
  reset: { emailRequired: "Please enter your email address" },
  createCompany: {
    nameAndPasswordRequired: "Company name and password are required when creating a new company.",
    atLeastOneTeam: "Please define at least one team for the new company.",
    teamNameRequired: "Please enter a team name.",
    teamExists: (name: string) => `Team "${name}" already exists.`,
  },
  joinCompany: { teamRequired: "Please select a team to join.", verificationFailed: "Company verification failed." },
  invite: {
    required: "First name, last name, and email are required.",
    emailInvalid: "Please enter a valid email address.",
    alreadyInvited: "This email address has already been invited to this team.",
  },
} as const;

/** The app's own words where the spec has none (apps/web and packages/shared). */
const APP_TEXTS = {
  resetSent: "If an account exists for that address, we have sent a link to reset your password.",
  resetDone: "Your password has been changed",
  deadResetLink: "This link no longer works",
  deadResetLinkBody: "This password reset link is invalid or has expired. Each link works once, for one hour.",
} as const;

const VERIFICATION_MAIL = /verification code/;

// ---------------------------------------------------------------------------------------------
// Page helpers: every step as a person does it, found by role and accessible name.

function textbox(scope: Page | Locator, name: string): Locator {
  return scope.getByRole("textbox", { name, exact: true });
}

/** The form control's accessible description carries the message (Mantine links errors by aria-describedby). */
/**
 * Signs `person`, who has no company yet, in through /login, pressing Log In with a click or, as on
 * a touch screen, a tap; answers the Associate with Company dialog they are shown.
 */
async function logInWithoutCompany(page: Page, person: NewPerson, press: "click" | "tap" = "click"): Promise<Locator> {
  await page.goto("/login");
  await textbox(page, "Email").fill(person.email);
  await textbox(page, "Password").fill(person.password);
  const logIn = page.getByRole("button", { name: "Log In" });
  await (press === "tap" ? logIn.tap() : logIn.click());
  const associate = page.getByRole("dialog", { name: "Associate with Company" });
  await expect(associate).toBeVisible();
  return associate;
}

/** Opens the bell, expects `sentence` among the notifications, and closes it with Escape. */
async function readInBellAndClose(page: Page, sentence: string): Promise<void> {
  const notifications = await openNotifications(page);
  await expect(notifications.getByText(sentence)).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(notifications).toBeHidden();
}

async function expectFieldError(field: Locator, message: string): Promise<void> {
  await expect(field).toHaveAttribute("aria-invalid", "true");
  await expect(field).toHaveAccessibleDescription(new RegExp(escapeRegExp(message)));
}

async function expectFieldValid(field: Locator): Promise<void> {
  await expect(field).not.toHaveAttribute("aria-invalid", "true");
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

/** Opens the Sign Up popup from the landing page's header. */
async function openSignUpFromLanding(page: Page): Promise<Locator> {
  await page.goto("/");
  await page.getByRole("navigation", { name: "Account" }).getByRole("link", { name: "Sign Up" }).click();
  const dialog = page.getByRole("dialog", { name: "Sign Up" });
  await expect(dialog).toBeVisible();
  return dialog;
}

async function fillSignUpDetails(dialog: Locator, person: NewPerson): Promise<void> {
  await textbox(dialog, "First name").fill(person.firstName);
  await textbox(dialog, "Last name").fill(person.lastName);
  await textbox(dialog, "Email").fill(person.email);
  await textbox(dialog, "Password").fill(person.password);
}

/** Sign Up popup from the landing page, both steps with the code from the mail; Associate with Company opens. */
async function signUpFromLanding(page: Page, person: NewPerson): Promise<Locator> {
  const signUp = await openSignUpFromLanding(page);
  await expectAccessible(page);
  await fillSignUpDetails(signUp, person);
  await signUp.getByRole("button", { name: "Send verification code" }).click();
  await expect(signUp.getByText(`enter the 6-digit code we sent to ${person.email}`)).toBeVisible();
  await expectAccessible(page);

  const code = verificationCodeOf(await waitForMail(person.email, VERIFICATION_MAIL));
  await textbox(signUp, "Verification code").fill(code);
  await signUp.getByRole("button", { name: "Verify email" }).click();

  const associate = page.getByRole("dialog", { name: "Associate with Company" });
  await expect(associate).toBeVisible();
  await expect(signUp).toBeHidden();
  await expectAccessible(page);
  return associate;
}

/** Opens the user menu; its label shows name, e-mail and role label. */
async function openUserMenu(page: Page, displayName: string): Promise<Locator> {
  await page.getByRole("button", { name: displayName, exact: true }).click();
  const menu = page.getByRole("menu");
  await expect(menu).toBeVisible();
  return menu;
}

async function closeUserMenu(page: Page): Promise<void> {
  await page.keyboard.press("Escape");
  await expect(page.getByRole("menu")).toBeHidden();
}

/** After joining: Employee Ideas, the tour skipped, and the user menu says "Employee". */
async function expectEmployeeIdeasAsEmployee(page: Page, displayName: string): Promise<void> {
  await expect(page).toHaveURL(/\/app\/employee-ideas$/);
  await skipTour(page);
  const menu = await openUserMenu(page, displayName);
  await expect(menu.getByText("Employee", { exact: true })).toBeVisible();
  await closeUserMenu(page);
}

async function logOut(page: Page, displayName: string): Promise<void> {
  const menu = await openUserMenu(page, displayName);
  await menu.getByRole("menuitem", { name: "Logout" }).click();
  await expect(page).toHaveURL(/\/login$/);
}

/** Signs out and in again, landing on Manager Ideas; answers the user menu, opened. */
async function signInAgainToManagerIdeas(page: Page, person: NewPerson): Promise<Locator> {
  await logOut(page, person.displayName);
  await logInThroughPage(page, person.email, person.password);
  await expect(page).toHaveURL(/\/app\/manager-ideas$/);
  return openUserMenu(page, person.displayName);
}

async function chooseMode(associate: Locator, mode: "Join Company" | "Create New Company"): Promise<void> {
  await associate.getByText(mode, { exact: true }).click();
  await expect(associate.getByRole("radio", { name: mode })).toBeChecked();
}

// ---------------------------------------------------------------------------------------------

test.describe("a new company: sign-up, creation and invitations", () => {
  test.describe.configure({ mode: "serial" });

  const founder = newPerson("founder", "Fiona");
  const colleague = newPerson("colleague", "Colin");
  const coAdmin = newPerson("coadmin", "Ada");
  const companyName = `Northwind ${founder.lastName}`;
  const teamName = "Research";

  test("sign up from the landing page, verify the mailed code, create a company with a team and invitations", async ({
    page,
  }) => {
    const associate = await signUpFromLanding(page, founder);

    await chooseMode(associate, "Create New Company");
    await textbox(associate, "Company name").fill(companyName);
    await textbox(associate, "Company password").fill("Northwind-Join-1");
    await associate.getByRole("radio", { name: "Manager" }).check();
    await textbox(associate, "Team name").fill(teamName);
    await associate.getByRole("button", { name: "Add team" }).click();
    const teams = associate.getByRole("list", { name: "Teams of the new company" });
    await expect(teams.getByRole("listitem")).toHaveCount(1);
    await expect(teams.getByText(teamName, { exact: true })).toBeVisible();
    await expectAccessible(page);

    await associate.getByRole("button", { name: `Invite members to ${teamName}` }).click();
    const invite = page.getByRole("dialog", { name: `Invite members to ${teamName}` });
    await expect(invite).toBeVisible();
    await textbox(invite, "First name").fill(colleague.firstName);
    await textbox(invite, "Last name").fill(colleague.lastName);
    await textbox(invite, "Email").fill(colleague.email);
    await invite.getByRole("button", { name: "Add member" }).click();
    await textbox(invite, "First name").fill(coAdmin.firstName);
    await textbox(invite, "Last name").fill(coAdmin.lastName);
    await textbox(invite, "Email").fill(coAdmin.email);
    await invite.getByRole("radio", { name: "Manager" }).check();
    await invite.getByRole("checkbox", { name: "Grant Admin Permissions" }).check();
    await invite.getByRole("button", { name: "Add member" }).click();
    const invited = invite.getByRole("list", { name: `Invited to ${teamName}` });
    await expect(invited.getByRole("listitem")).toHaveText([
      `${colleague.displayName} · ${colleague.email} · Employee`,
      `${coAdmin.displayName} · ${coAdmin.email} · Manager · Admin`,
    ]);
    await expectAccessible(page);
    await invite.getByRole("button", { name: "Done" }).click();
    await expect(invite).toBeHidden();

    await associate.getByRole("button", { name: "Create Company" }).click();

    // Signed in automatically; the creator is an administrator and a manager of the first team.
    await expect(page).toHaveURL(/\/app\/manager-ideas$/);
    await skipTour(page);
    await expectAccessible(page);
    const menu = await openUserMenu(page, founder.displayName);
    await expect(menu.getByText(founder.email)).toBeVisible();
    await expect(menu.getByText("Administrator", { exact: true })).toBeVisible();
    await expect(menu.getByRole("menuitem", { name: "Company Settings" })).toBeVisible();
    await expect(menu.getByRole("menuitem", { name: "Team Settings" })).toBeVisible();
  });

  test("the invited employee accepts from the mail, sets a password and lands on employee ideas", async ({ page }) => {
    const mail = await waitForMail(colleague.email, /invited to join/);
    expect(mail.subject).toBe(`You're invited to join ${companyName} on Ideaport`);
    expect(mail.text).toContain(`${founder.displayName} invited you to join the team "${teamName}"`);

    await page.goto(appPathIn(mail, "/accept-invitation/"));
    await expect(page.getByRole("heading", { name: `Join ${companyName}` })).toBeVisible();
    const facts = page.getByRole("definition");
    await expect(facts).toHaveText([companyName, teamName, "Employee", colleague.email]);
    await expect(textbox(page, "First name")).toHaveValue(colleague.firstName);
    await expect(textbox(page, "Last name")).toHaveValue(colleague.lastName);
    await expectAccessible(page);

    await textbox(page, "First name").fill("Colette");
    await textbox(page, "Password").fill(colleague.password);
    await page.getByRole("button", { name: "Accept invitation" }).click();

    await expect(page).toHaveURL(/\/app\/employee-ideas$/);
    await skipTour(page);
    const displayName = `Colette ${colleague.lastName}`;
    const menu = await openUserMenu(page, displayName);
    await expect(menu.getByText("Employee", { exact: true })).toBeVisible();
    await expect(menu.getByRole("menuitem", { name: "Company Settings" })).toHaveCount(0);
    await closeUserMenu(page);

    // The account works with the password chosen here; the link works once.
    await logOut(page, displayName);
    await logInThroughPage(page, colleague.email, colleague.password);
    await expect(page).toHaveURL(/\/app\/employee-ideas$/);
    await page.goto(appPathIn(mail, "/accept-invitation/"));
    await expect(page.getByRole("heading", { name: "This invitation no longer works" })).toBeVisible();
    await expectAccessible(page);
  });

  test("a member invited with admin permissions lands on manager ideas as an administrator", async ({ page }) => {
    const mail = await waitForMail(coAdmin.email, /invited to join/);
    await page.goto(appPathIn(mail, "/accept-invitation/"));
    await expect(page.getByRole("heading", { name: `Join ${companyName}` })).toBeVisible();
    await expect(page.getByRole("definition")).toHaveText([companyName, teamName, "Manager", coAdmin.email]);
    await textbox(page, "Password").fill(coAdmin.password);
    await page.getByRole("button", { name: "Accept invitation" }).click();

    await expect(page).toHaveURL(/\/app\/manager-ideas$/);
    await skipTour(page);
    const menu = await openUserMenu(page, coAdmin.displayName);
    await expect(menu.getByText("Administrator", { exact: true })).toBeVisible();
  });
});

test("joining Acme Corp with an admin request: alice approves it from the bell, the requester becomes admin", async ({
  page,
  pageOfAnotherPerson,
}) => {
  const joiner = newPerson("joiner", "Jordan");
  const associate = await signUpFromLanding(page, joiner);

  // Join mode is the default; the team list appears once the company is verified.
  await expect(associate.getByRole("radio", { name: "Join Company" })).toBeChecked();
  await textbox(associate, "Company name").fill(DEMO_COMPANY.name);
  await textbox(associate, "Company password").fill(DEMO_COMPANY.password);
  await associate.getByRole("button", { name: "Verify" }).click();
  await expect(associate.getByText("The company name and password are right. Choose your team to join.")).toBeVisible();
  await expectAccessible(page);
  await associate.getByRole("combobox", { name: "Team" }).click();
  await expect(page.getByRole("option", { name: "Product" })).toBeVisible();
  await expectAccessible(page);
  await page.getByRole("option", { name: "Product" }).click();
  await expect(textbox(associate, "Display name")).toHaveValue(joiner.displayName);
  await associate.getByRole("radio", { name: "Employee" }).check();
  await associate.getByRole("checkbox", { name: "Request admin permissions" }).check();
  await associate.getByRole("button", { name: "Join Company" }).click();

  await expectEmployeeIdeasAsEmployee(page, joiner.displayName);

  // Alice, on her own computer, answers the request from the notification panel.
  const alice = await signedInPage(pageOfAnotherPerson, DEMO.admin.email);
  const aliceNotifications = await openNotifications(alice);
  await expect(aliceNotifications.getByText(`${joiner.displayName} asked for administrator rights.`)).toBeVisible();
  await expectAccessible(alice);
  await aliceNotifications.getByRole("button", { name: `Approve admin request from ${joiner.displayName}` }).click();
  await expect(aliceNotifications.getByText(`Approved. ${joiner.displayName} is now an administrator.`)).toBeVisible();
  await expect(
    aliceNotifications.getByRole("button", { name: `Deny admin request from ${joiner.displayName}` }),
  ).toHaveCount(0);
  await alice.context().close();

  // The requester is told, and is an administrator after signing in again.
  await page.reload();
  await expect(page.getByRole("button", { name: "Notifications, 1 unread" })).toBeVisible();
  await readInBellAndClose(page, `${DEMO.admin.name} approved your request for administrator rights.`);
  const menu = await signInAgainToManagerIdeas(page, joiner);
  await expect(menu.getByText("Administrator", { exact: true })).toBeVisible();
  await menu.getByRole("menuitem", { name: "Company Settings" }).click();
  await expect(page).toHaveURL(/\/app\/settings\/company$/);
  await expect(page.getByRole("table", { name: "Users" })).toBeVisible();
  await expectAccessible(page);
});

test("joining Acme Corp as a manager is a request: the team's manager approves it from the bell", async ({
  page,
  pageOfAnotherPerson,
}) => {
  // Two people, a sign-up with its mail and three sign-ins: longer than one page's journey.
  test.setTimeout(270_000);
  const joiner = newPerson("would-be-manager", "Morgan");
  const associate = await signUpFromLanding(page, joiner);

  await textbox(associate, "Company name").fill(DEMO_COMPANY.name);
  await textbox(associate, "Company password").fill(DEMO_COMPANY.password);
  await associate.getByRole("button", { name: "Verify" }).click();
  await associate.getByRole("combobox", { name: "Team" }).click();
  await page.getByRole("option", { name: "Engineering" }).click();
  await associate.getByRole("radio", { name: "Manager" }).check();
  await associate.getByRole("button", { name: "Join Company" }).click();

  // The joiner is told the role awaits approval before entering the app, as an employee.
  await expect(associate.getByRole("status")).toContainText(
    "Your request to manage Engineering awaits the approval of one of its managers or an administrator; until then you are an employee.",
  );
  await expectAccessible(page);
  await associate.getByRole("button", { name: "Continue" }).click();
  await expectEmployeeIdeasAsEmployee(page, joiner.displayName);

  // Marcus, who manages Engineering (not an administrator), answers from his bell.
  const marcus = await signedInPage(pageOfAnotherPerson, DEMO.manager.email);
  const marcusNotifications = await openNotifications(marcus);
  await expect(marcusNotifications.getByText(`${joiner.displayName} asks to manage Engineering.`)).toBeVisible();
  await marcusNotifications.getByRole("button", { name: `Approve manager request from ${joiner.displayName}` }).click();
  await expect(marcusNotifications.getByText(`Approved. ${joiner.displayName} now manages Engineering.`)).toBeVisible();
  await marcus.context().close();

  // The requester is told, and is a manager after signing in again.
  await page.reload();
  await readInBellAndClose(page, `${DEMO.manager.name} approved your request to manage Engineering.`);
  const menu = await signInAgainToManagerIdeas(page, joiner);
  await expect(menu.getByText("Manager", { exact: true })).toBeVisible();
});

test.describe("on a phone", () => {
  const PHONE = { width: 390, height: 844 };
  test.use({ viewport: PHONE, hasTouch: true, isMobile: true });

  test("joining by touch: the team list opens on the screen and a tap chooses the team", async ({ page }) => {
    const joiner = newPerson("phone-joiner", "Pat");
    await registerThroughApi(joiner);
    const associate = await logInWithoutCompany(page, joiner, "tap");

    await textbox(associate, "Company name").fill(DEMO_COMPANY.name);
    await textbox(associate, "Company password").fill(DEMO_COMPANY.password);
    const [verified] = await Promise.all([
      page.waitForResponse((answer) => answer.url().endsWith("/api/verify-company/")),
      associate.getByRole("button", { name: "Verify" }).tap(),
    ]);
    const { teams } = (await verified.json()) as { teams: Array<{ id: string; name: string }> };
    const product = teams.find((team) => team.name === "Product");
    expect(product).toBeDefined();

    const team = associate.getByRole("combobox", { name: "Team" });
    await team.tap();
    const list = page.getByRole("listbox");
    await expect(list).toBeVisible();
    // The whole list lies on the screen, and the page stays the phone's width.
    const box = await list.boundingBox();
    expect(box).not.toBeNull();
    if (box) {
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.y).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(PHONE.width);
      expect(box.y + box.height).toBeLessThanOrEqual(PHONE.height);
    }
    expect(await page.evaluate(() => window.innerWidth)).toBe(PHONE.width);
    await expectAccessible(page);
    await page.getByRole("option", { name: "Product" }).tap({ timeout: 10_000 });
    await expect(list).toBeHidden();
    await expect(team).toHaveValue("Product");

    const [joined] = await Promise.all([
      page.waitForRequest((request) => request.url().endsWith("/api/associate-company/")),
      associate.getByRole("button", { name: "Join Company" }).tap(),
    ]);
    expect((joined.postDataJSON() as { team: string }).team).toBe(product?.id);
    await expect(page).toHaveURL(/\/app\/employee-ideas$/);
  });
});

test("password reset: request in the popup, link from the mail, new password works once", async ({ page }) => {
  const person = await newDemoEmployee("reset", "Riley");
  const newPassword = `${person.password}-new`;

  await page.goto("/login");
  await page.getByRole("link", { name: "Forgot password?" }).click();
  const dialog = page.getByRole("dialog", { name: "Reset Password" });
  await textbox(dialog, "Email").fill(person.email);
  await dialog.getByRole("button", { name: "Send reset link" }).click();
  await expect(dialog.getByRole("status")).toHaveText(APP_TEXTS.resetSent);
  await expectAccessible(page);

  const mail = await waitForMail(person.email, /Reset your Ideaport password/);
  const resetPath = appPathIn(mail, "/password-reset/");
  await page.goto(resetPath);
  await expect(page.getByRole("heading", { name: "Choose a new password" })).toBeVisible();
  await expectAccessible(page);
  await textbox(page, "New password").fill(newPassword);
  await textbox(page, "Confirm new password").fill(newPassword);
  await page.getByRole("button", { name: "Change password" }).click();
  await expect(page.getByRole("heading", { name: APP_TEXTS.resetDone })).toBeVisible();
  await expectAccessible(page);
  await waitForMail(person.email, /password was changed/);

  // The old password no longer works; the new one does.
  await page.getByRole("link", { name: "Log In" }).click();
  await expect(page).toHaveURL(/\/login$/);
  await textbox(page, "Email").fill(person.email);
  await textbox(page, "Password").fill(person.password);
  await page.getByRole("button", { name: "Log In" }).click();
  await expect(page.getByRole("alert")).toHaveText(SPEC.login.popupFailed);
  await expect(page).toHaveURL(/\/login$/);
  await textbox(page, "Password").fill(newPassword);
  await page.getByRole("button", { name: "Log In" }).click();
  await expect(page).toHaveURL(/\/app\/employee-ideas$/);

  // The link worked once.
  await page.goto(resetPath);
  await expect(page.getByRole("heading", { name: APP_TEXTS.deadResetLink })).toBeVisible();
  await expect(page.getByRole("alert")).toHaveText(APP_TEXTS.deadResetLinkBody);
});

test("a reset request for an unknown address gets the same answer and sends nothing", async ({ page }) => {
  const nobody = newPerson("nobody");
  await page.goto("/login?reset=1");
  const dialog = page.getByRole("dialog", { name: "Reset Password" });
  await textbox(dialog, "Email").fill(nobody.email);
  await dialog.getByRole("button", { name: "Send reset link" }).click();
  await expect(dialog.getByRole("status")).toHaveText(APP_TEXTS.resetSent);
  await dialog.getByRole("button", { name: "Back to Log In" }).click();
  await expect(dialog).toBeHidden();

  // A later request for a real account is mailed; by then the unknown one has long been handled.
  await page.getByRole("link", { name: "Forgot password?" }).click();
  await textbox(dialog, "Email").fill(DEMO.employee3.email);
  await dialog.getByRole("button", { name: "Send reset link" }).click();
  await expect(dialog.getByRole("status")).toHaveText(APP_TEXTS.resetSent);
  await waitForMail(DEMO.employee3.email, /Reset your Ideaport password/);
  expect(mailsTo(nobody.email)).toEqual([]);
});

test.describe("validation and error messages where the user looks", () => {
  test("Log In: page and popup", async ({ page }) => {
    await page.goto("/login");
    const email = textbox(page, "Email");
    const password = textbox(page, "Password");
    const submit = page.getByRole("button", { name: "Log In" });
    const cases: Array<{ email: string; password: string; errors: Array<[Locator, string]>; valid: Locator[] }> = [
      {
        email: "",
        password: "",
        errors: [
          [email, SPEC.login.emailRequired],
          [password, SPEC.login.passwordRequired],
        ],
        valid: [],
      },
      { email: "priya.acme.example", password: "x", errors: [[email, SPEC.login.emailInvalid]], valid: [password] },
      {
        email: "priya@",
        password: "",
        errors: [
          [email, SPEC.login.emailInvalid],
          [password, SPEC.login.passwordRequired],
        ],
        valid: [],
      },
    ];
    for (const example of cases) {
      await email.fill(example.email);
      await password.fill(example.password);
      await submit.click();
      for (const [field, message] of example.errors) await expectFieldError(field, message);
      for (const field of example.valid) await expectFieldValid(field);
    }
    await expect(page).toHaveURL(/\/login$/);
    await expectAccessible(page);

    // Wrong credentials: the server's message, in the popup as on the page.
    await page.goto("/");
    await page.getByRole("navigation", { name: "Account" }).getByRole("link", { name: "Log In" }).click();
    const popup = page.getByRole("dialog", { name: "Log In" });
    await textbox(popup, "Email").fill(DEMO.employee.email);
    await textbox(popup, "Password").fill("not-her-password");
    await popup.getByRole("button", { name: "Log In" }).click();
    await expect(popup.getByRole("alert")).toHaveText(SPEC.login.popupFailed);
    await expectAccessible(page);
    await textbox(popup, "Email").fill("");
    await popup.getByRole("button", { name: "Log In" }).click();
    await expectFieldError(textbox(popup, "Email"), SPEC.login.emailRequired);
  });

  test("Sign Up: details, then the code", async ({ page }) => {
    const person = newPerson("signup-checks", "Sage");
    const dialog = await openSignUpFromLanding(page);
    const fields = {
      first: textbox(dialog, "First name"),
      last: textbox(dialog, "Last name"),
      email: textbox(dialog, "Email"),
      password: textbox(dialog, "Password"),
    };
    const send = dialog.getByRole("button", { name: "Send verification code" });
    const cases: Array<{ values: [string, string, string, string]; errors: Array<[Locator, string]> }> = [
      {
        values: ["", "", "", ""],
        errors: [
          [fields.first, SPEC.signUp.firstNameRequired],
          [fields.last, SPEC.signUp.lastNameRequired],
          [fields.email, SPEC.signUp.emailRequired],
          [fields.password, SPEC.signUp.passwordRequired],
        ],
      },
      {
        values: ["   ", person.lastName, "sage@", "short"],
        errors: [
          [fields.first, SPEC.signUp.firstNameRequired],
          [fields.email, SPEC.signUp.emailInvalid],
          [fields.password, SPEC.signUp.passwordTooShort],
        ],
      },
      {
        values: [person.firstName, person.lastName, person.email, "1234567"],
        errors: [[fields.password, SPEC.signUp.passwordTooShort]],
      },
    ];
    for (const { values, errors } of cases) {
      await fields.first.fill(values[0]);
      await fields.last.fill(values[1]);
      await fields.email.fill(values[2]);
      await fields.password.fill(values[3]);
      await send.click();
      for (const [field, message] of errors) await expectFieldError(field, message);
    }
    await expectAccessible(page);
    expect(mailsTo(person.email)).toEqual([]);

    // The show/hide toggle shows the password as text.
    await fields.password.fill(person.password);
    await expect(fields.password).toHaveAttribute("type", "password");
    await dialog.getByRole("button", { name: "Show password" }).click();
    await expect(fields.password).toHaveAttribute("type", "text");
    await dialog.getByRole("button", { name: "Hide password" }).click();
    await expect(fields.password).toHaveAttribute("type", "password");

    await send.click();
    const code = textbox(dialog, "Verification code");
    const verify = dialog.getByRole("button", { name: "Verify email" });
    await expect(code).toBeVisible();
    const realCode = verificationCodeOf(await waitForMail(person.email, VERIFICATION_MAIL));
    await verify.click();
    await expectFieldError(code, SPEC.signUp.codeRequired);
    for (const wrongShape of ["12345", "12a456", "abcdef"]) {
      await code.fill(wrongShape);
      await verify.click();
      await expectFieldError(code, SPEC.signUp.codeFormat);
    }
    // The input takes at most 6 characters.
    await code.fill("");
    await code.pressSequentially("12345678");
    await expect(code).toHaveValue("123456");
    await code.fill(realCode === "000000" ? "999999" : "000000");
    await verify.click();
    await expect(dialog.getByRole("alert")).toHaveText(SPEC.signUp.verificationFailed);
    await expectAccessible(page);

    // Back to details keeps what was typed.
    await dialog.getByRole("button", { name: "Back to details" }).click();
    await expect(fields.first).toHaveValue(person.firstName);
    await expect(fields.email).toHaveValue(person.email);
  });

  test("Reset Password popup", async ({ page }) => {
    await page.goto("/login");
    await page.getByRole("link", { name: "Forgot password?" }).click();
    const dialog = page.getByRole("dialog", { name: "Reset Password" });
    const email = textbox(dialog, "Email");
    await dialog.getByRole("button", { name: "Send reset link" }).click();
    await expectFieldError(email, SPEC.reset.emailRequired);
    await email.fill("   ");
    await dialog.getByRole("button", { name: "Send reset link" }).click();
    await expectFieldError(email, SPEC.reset.emailRequired);
    await expect(dialog.getByRole("status")).toHaveCount(0);
    await expectAccessible(page);

    // The new-password page checks its own fields too.
    const person = await newDemoEmployee("reset-checks");
    await email.fill(person.email);
    await dialog.getByRole("button", { name: "Send reset link" }).click();
    await expect(dialog.getByRole("status")).toHaveText(APP_TEXTS.resetSent);
    await page.goto(appPathIn(await waitForMail(person.email, /Reset your Ideaport password/), "/password-reset/"));
    const newPassword = textbox(page, "New password");
    const confirm = textbox(page, "Confirm new password");
    await newPassword.fill("short");
    await confirm.fill("different");
    await page.getByRole("button", { name: "Change password" }).click();
    await expectFieldError(newPassword, SPEC.signUp.passwordTooShort);
    await expectFieldError(confirm, "Passwords do not match.");
    await expectAccessible(page);
  });

  test("Associate with Company: join, create and invite", async ({ page }) => {
    // A verified account without a company gets the dialog when it logs in.
    const person = newPerson("associate-checks", "Avery");
    await registerThroughApi(person);
    const associate = await logInWithoutCompany(page, person);

    // Join: a wrong password fails verification; a verified company needs a team.
    await textbox(associate, "Company name").fill(DEMO_COMPANY.name);
    await textbox(associate, "Company password").fill("not-the-password");
    await associate.getByRole("button", { name: "Verify" }).click();
    await expect(associate.getByRole("alert")).toHaveText(SPEC.joinCompany.verificationFailed);
    await expectAccessible(page);
    await expect(associate.getByRole("combobox", { name: "Team" })).toHaveCount(0);
    await textbox(associate, "Company password").fill(DEMO_COMPANY.password);
    await associate.getByRole("button", { name: "Verify" }).click();
    const team = associate.getByRole("combobox", { name: "Team" });
    await expect(team).toBeVisible();
    await associate.getByRole("button", { name: "Join Company" }).click();
    await expectFieldError(team, SPEC.joinCompany.teamRequired);
    await expectAccessible(page);
    // Changing the company name or password resets verification.
    await textbox(associate, "Company password").fill(`${DEMO_COMPANY.password}x`);
    await expect(team).toHaveCount(0);

    // Create: submit stays disabled, saying what is missing.
    await chooseMode(associate, "Create New Company");
    const create = associate.getByRole("button", { name: "Create Company" });
    await expect(create).toBeDisabled();
    await expect(associate.getByText(SPEC.createCompany.nameAndPasswordRequired)).toBeVisible();
    await expect(associate.getByText(SPEC.createCompany.atLeastOneTeam)).toBeVisible();
    await expect(create).toHaveAccessibleDescription(
      `${SPEC.createCompany.nameAndPasswordRequired} ${SPEC.createCompany.atLeastOneTeam}`,
    );
    await expectAccessible(page);
    await textbox(associate, "Company name").fill(`Checks ${person.lastName}`);
    await textbox(associate, "Company password").fill("Checks-Join-1");
    await expect(associate.getByText(SPEC.createCompany.nameAndPasswordRequired)).toHaveCount(0);
    await expect(create).toBeDisabled();

    const teamName = textbox(associate, "Team name");
    const addTeam = associate.getByRole("button", { name: "Add team" });
    const teamCases: Array<{ name: string; error: string | null }> = [
      { name: "", error: SPEC.createCompany.teamNameRequired },
      { name: "   ", error: SPEC.createCompany.teamNameRequired },
      { name: "Ops", error: null },
      // A repeat is named as the company first wrote it.
      { name: "ops", error: SPEC.createCompany.teamExists("Ops") },
      { name: " Ops ", error: SPEC.createCompany.teamExists("Ops") },
      { name: "Sales", error: null },
    ];
    for (const example of teamCases) {
      await teamName.fill(example.name);
      await addTeam.click();
      if (example.error) await expectFieldError(teamName, example.error);
      else await expect(teamName).toHaveValue("");
    }
    await expect(associate.getByRole("list", { name: "Teams of the new company" }).getByRole("listitem")).toHaveCount(
      2,
    );
    await expect(associate.getByText(SPEC.createCompany.atLeastOneTeam)).toHaveCount(0);
    await expect(create).toBeEnabled();

    // Invite: required fields, address pattern, and no second invitation of the same address.
    await associate.getByRole("button", { name: "Invite members to Ops" }).click();
    const invite = page.getByRole("dialog", { name: "Invite members to Ops" });
    const first = textbox(invite, "First name");
    const last = textbox(invite, "Last name");
    const email = textbox(invite, "Email");
    const add = invite.getByRole("button", { name: "Add member" });
    await add.click();
    await expect(invite.getByRole("alert")).toHaveText(SPEC.invite.required);
    for (const field of [first, last, email]) await expect(field).toHaveAttribute("aria-invalid", "true");
    await expectAccessible(page);
    await first.fill("Dana");
    await add.click();
    await expect(invite.getByRole("alert")).toHaveText(SPEC.invite.required);
    await expectFieldValid(first);
    await last.fill("Lee");
    await email.fill("dana.example.com");
    await add.click();
    await expect(invite.getByRole("alert")).toHaveCount(0);
    await expectFieldError(email, SPEC.invite.emailInvalid);
    await email.fill("Dana@Example.com");
    await add.click();
    await expect(invite.getByRole("list", { name: "Invited to Ops" }).getByRole("listitem")).toHaveCount(1);
    await first.fill("Dana");
    await last.fill("Again");
    await email.fill("dana@example.COM");
    await add.click();
    await expectFieldError(email, SPEC.invite.alreadyInvited);
    await expectAccessible(page);
    await expect(invite.getByRole("list", { name: "Invited to Ops" }).getByRole("listitem")).toHaveCount(1);
  });
});
