import { LoginRequestSchema } from "@ideaport/shared";
import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { MemoryRouter } from "react-router";
import { afterEach, describe, expect, it } from "vitest";
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

describe("useSchemaForm", () => {
  afterEach(() => setLanguage("en"));

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
