/** The demo company the e2e server is seeded with (apps/server/src/seed/demo.ts). */
export const DEMO_PASSWORD = "Password123!";
export const DEMO = {
  admin: { email: "alice@acme.example", name: "Alice Morgan" },
  manager: { email: "marcus@acme.example", name: "Marcus Chen" },
  employee: { email: "priya@acme.example", name: "Priya Patel" },
  employee2: { email: "tom@acme.example", name: "Tom Becker" },
  employee3: { email: "elena@acme.example", name: "Elena Rossi" },
} as const;
