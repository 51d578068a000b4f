import { z } from "zod";

/** The basic address pattern of spec section 5. */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Ids are UUIDs. */
export const IdSchema = z.uuid({ message: "Invalid id." });

export const SuccessSchema = z.object({ success: z.literal(true) });

/** Pagination query: an opaque cursor and a page size. */
export const PageQuerySchema = z.object({
  cursor: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(100).optional(),
});
