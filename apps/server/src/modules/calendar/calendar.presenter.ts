import type { CalendarConnection, MessageDescriptor, Translate } from "@ideaport/shared";

/**
 * The caller's calendar connection as Profile Settings shows it: whether a provider is configured
 * (and why not, in the caller's language), and the person's connection to it: none, working, or in need of reconnecting.
 */
export function presentConnection(
  provider: { name: string } | null,
  unavailableReason: MessageDescriptor | null,
  connection: { createdAt: Date; isUsable: boolean } | null,
  t: Translate,
): CalendarConnection {
  if (!provider) {
    return {
      available: false,
      unavailable_reason: unavailableReason && t(unavailableReason),
      status: "not_connected",
      provider_name: null,
      connected_at: null,
    };
  }
  return {
    available: true,
    unavailable_reason: null,
    status: !connection ? "not_connected" : connection.isUsable ? "connected" : "needs_reconnecting",
    provider_name: provider.name,
    connected_at: connection ? connection.createdAt.toISOString() : null,
  };
}
