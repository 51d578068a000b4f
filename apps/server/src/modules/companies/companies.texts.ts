import { defineMessages } from "@ideaport/shared";

/** What joining, creating and changing a company says. */
export const COMPANIES_TEXTS = defineMessages({
  created: { id: "server.companies.created", defaultMessage: "Company created." },
});
