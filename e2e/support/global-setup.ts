import { startMailPeer } from "./mail-peer.ts";
import { startOAuthProvider } from "./oauth-provider.ts";

/**
 * Starts the SMTP peer the server sends its mail to and the calendar's OAuth provider; the
 * returned function stops both.
 */
export default async function globalSetup(): Promise<() => Promise<void>> {
  const stopMailPeer = await startMailPeer();
  const stopOAuthProvider = await startOAuthProvider();
  return async () => {
    await stopOAuthProvider();
    await stopMailPeer();
  };
}
