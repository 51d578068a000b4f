import { LoginRequestSchema, schemaIssue, VALIDATION_MESSAGES } from "@ideaport/shared";
import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { MemoryRouter } from "react-router";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { LoginForm } from "../features/auth/login-form.tsx";
import { renderWithTheme } from "../test/render-app.tsx";
import { setLanguage } from "./i18n.ts";
import { useSchemaForm } from "./use-schema-form.ts";

/** A form on a shared schema: one field shows its error through `field`, the other reads the form state. */
function LoginLikeForm() {
  const form = useSchemaForm(LoginRequestSchema, { defaultValues: { email: "", password: "" } });
  const { error: emailError, ...email } = form.field("email");
  return (
    <form noValidate onSubmit={form.submit(() => null)}>
      <input aria-label="email" aria-describedby="email-error" {...email} />
      <p id="email-error">{emailError}</p>
      <input aria-label="password" {...form.register("password")} />
      <p>{form.formState.errors.password?.message}</p>
      <button type="submit">send</button>
    </form>
  );
}

/** Two team names, the second refused when it repeats the first: a message whose value is known only while validating. */
const TwoTeamsSchema = z.object({ teams: z.array(z.object({ name: z.string() })) }).superRefine((value, ctx) => {
  const [first, second] = value.teams;
  if (first && second && first.name.toLowerCase() === second.name.toLowerCase()) {
    ctx.addIssue(schemaIssue(VALIDATION_MESSAGES.teamAlreadyExists, { name: first.name }, ["teams", 1, "name"]));
  }
});

function TwoTeamsForm() {
  const form = useSchemaForm(TwoTeamsSchema, { defaultValues: { teams: [{ name: "Sales" }, { name: "sales" }] } });
  return (
    <form noValidate onSubmit={form.submit(() => null)}>
      <p>{form.formState.errors.teams?.[1]?.name?.message}</p>
      <button type="submit">send</button>
    </form>
  );
}

describe("useSchemaForm", () => {
  it("shows a shared schema's messages in English", async () => {
    render(<LoginLikeForm />);
    await userEvent.click(screen.getByRole("button", { name: "send" }));
    expect(await screen.findByText("Email is required")).toBeInTheDocument();
    expect(screen.getByText("Password is required")).toBeInTheDocument();
  });

  it("shows a shared schema's messages in the reader's language", async () => {
    await setLanguage("de");
    render(<LoginLikeForm />);
    await userEvent.click(screen.getByRole("button", { name: "send" }));
    expect(await screen.findByText("E-Mail-Adresse erforderlich")).toBeInTheDocument();
    expect(screen.getByText("Passwort erforderlich")).toBeInTheDocument();
    expect(screen.queryByText("Email is required")).not.toBeInTheDocument();
  });

  it("says a message whose values are known only while validating in the reader's language", async () => {
    await setLanguage("de");
    render(<TwoTeamsForm />);
    await userEvent.click(screen.getByRole("button", { name: "send" }));
    expect(await screen.findByText("Das Team „Sales“ gibt es schon.")).toBeInTheDocument();
    expect(screen.queryByText('Team "Sales" already exists.')).not.toBeInTheDocument();
  });

  it("shows a real form's validation messages in German", async () => {
    await setLanguage("de");
    renderWithTheme(
      <MemoryRouter>
        <LoginForm fallbackMessage="" onLoggedIn={() => undefined} onForgotPassword={() => {}} onSignUp={() => {}} />
      </MemoryRouter>,
    );
    await userEvent.click(screen.getByRole("button", { name: /^(Log In|Anmelden)$/ }));
    expect(await screen.findByText("E-Mail-Adresse erforderlich")).toBeInTheDocument();
    expect(screen.getByText("Passwort erforderlich")).toBeInTheDocument();
  });
});
