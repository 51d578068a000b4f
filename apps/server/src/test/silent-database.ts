/**
 * A stand-in for a PostgreSQL server that accepts connections and never answers (a hung host, a
 * full accept queue behind a proxy): a TCP server on an ephemeral port of 127.0.0.1 that keeps
 * every socket open and silent.
 */

import type { AddressInfo } from "node:net";
import { createServer, type Socket } from "node:net";

export interface SilentDatabase {
  /** `postgres://postgres@127.0.0.1:<port>/test`, for DATABASE_URL. */
  url: string;
  /** Connections accepted so far. */
  connections(): number;
  close(): Promise<void>;
}

/** Starts a server that accepts every connection and never writes a byte. */
export async function startSilentDatabase(): Promise<SilentDatabase> {
  const sockets = new Set<Socket>();
  let accepted = 0;
  const server = createServer((socket) => {
    accepted += 1;
    sockets.add(socket);
    socket.on("error", () => {});
    socket.on("close", () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `postgres://postgres@127.0.0.1:${port}/test`,
    connections: () => accepted,
    async close() {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
