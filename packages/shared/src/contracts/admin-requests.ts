import { z } from "zod";
import { defineEndpoint } from "../api/contract.ts";
import { SuccessSchema } from "./common.ts";

export const AdminRequestResponseRequestSchema = z.object({
  requestId: z.string().min(1).max(100),
  adminId: z.string().min(1).max(100),
  approved: z.boolean(),
});

/** An admin approves or denies a request from the notification panel. */
export const adminRequestsEndpoints = {
  /** Fixed path: existing clients call it exactly so, trailing slash included. */
  adminRequestResponse: defineEndpoint({
    method: "POST",
    path: "/api/admin-request-response/",
    body: AdminRequestResponseRequestSchema,
    response: SuccessSchema,
  }),
} as const;
