import { startMailPeer } from "./mail-peer.ts";

/** Starts the SMTP peer the server sends its mail to; the returned function stops it. */
export default async function globalSetup(): Promise<() => Promise<void>> {
  return startMailPeer();
}
