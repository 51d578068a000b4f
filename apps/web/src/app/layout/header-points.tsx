import { companyPortalPathFor, pointsText } from "@ideaport/shared";
import { Anchor, Box } from "@mantine/core";
import { Link } from "react-router";
import { useMyPointsBalance } from "../../features/company-portal/points/points.queries.ts";
import { t } from "../../lib/i18n.ts";
import type { SessionUser } from "../../lib/session.ts";
import { SHELL_TEXTS } from "../app.texts.ts";

/**
 * The caller's balance in the header, a link to their Company Portal. Its width is kept while the
 * balance loads, so the tools beside it do not move. Narrower screens, whose header has no room for
 * it, show the balance in the user menu instead.
 */
export function HeaderPoints({ user }: { user: SessionUser }) {
  const balance = useMyPointsBalance(user.company_id !== null);
  return (
    <Box visibleFrom="md" miw="6.5rem" ta="right">
      {balance.data !== undefined && (
        <Anchor
          component={Link}
          to={companyPortalPathFor(user)}
          size="sm"
          fw={700}
          c="brand.8"
          aria-label={t(SHELL_TEXTS.yourPoints, { points: pointsText(balance.data, t) })}
          style={{ whiteSpace: "nowrap", fontVariantNumeric: "tabular-nums" }}
        >
          {pointsText(balance.data, t)}
        </Anchor>
      )}
    </Box>
  );
}
