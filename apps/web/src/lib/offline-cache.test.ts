import { dehydrate, QueryClient } from "@tanstack/react-query";
import { describe, expect, it } from "vitest";
import { authKeys } from "./current-user.queries.ts";
import { isKeptAnswer } from "./offline-cache.ts";

describe("the answers kept on the device", () => {
  it("keeps the lists a person saw but never their own record, which is always read anew", () => {
    const queryClient = new QueryClient();
    queryClient.setQueryData(authKeys.currentUser(), { id: "u1", onboarding_status: "not_started" });
    queryClient.setQueryData(["ideas", "list"], { ideas: [{ id: "i1" }] });

    const kept = dehydrate(queryClient, { shouldDehydrateQuery: isKeptAnswer });

    expect(kept.queries.map((query) => query.queryKey)).toEqual([["ideas", "list"]]);
  });
});
