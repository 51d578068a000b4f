import { afterEach, expect, it } from "vitest";

const realFunction = globalThis.Function;

afterEach(() => {
  globalThis.Function = realFunction;
});

it("validates data without building functions from strings, which the CSP forbids", async () => {
  // What a Content-Security-Policy without 'unsafe-eval' does: every `Function(...)` throws and is reported.
  const violations: string[] = [];
  const refuse = (args: string[]) => {
    violations.push(args.join(","));
    throw new EvalError("Refused to evaluate a string as JavaScript");
  };
  globalThis.Function = new Proxy(realFunction, {
    apply: (_target, _this, args: string[]) => refuse(args),
    construct: (_target, args: string[]) => refuse(args),
  });

  await import("./zod-jitless.ts");
  const { z } = await import("zod");
  const Login = z.object({ email: z.email(), password: z.string().min(8), remember: z.boolean().optional() });
  for (let attempt = 0; attempt < 3; attempt += 1) {
    expect(Login.safeParse({ email: "priya@acme.example", password: "Password123!" }).success).toBe(true);
  }

  expect(violations).toEqual([]);
});
