import net from "node:net";
import { enqueueEmail } from "~/server/email/outbox.server";
import { withStoreDatabase } from "../fixtures/database";
import { freshDataDir } from "./server-harness";

/** A TCP server that accepts connections and never answers (an SMTP server gone silent). */
export function silentSmtpServer(): Promise<{
  url: string;
  connections: () => number;
  close: () => void;
}> {
  const sockets = new Set<net.Socket>();
  let count = 0;
  const server = net.createServer((socket) => {
    count++;
    sockets.add(socket);
    socket.on("error", () => {});
    socket.on("close", () => sockets.delete(socket));
  });
  return new Promise((resolve) => {
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as net.AddressInfo;
      resolve({
        url: `smtp://127.0.0.1:${port}`,
        connections: () => count,
        close: () => {
          for (const socket of sockets) socket.destroy();
          server.close();
        },
      });
    });
  });
}

/** A data directory whose outbox holds one message due now. */
export async function dataDirWithQueuedEmail(): Promise<string> {
  const dataDir = freshDataDir();
  await withStoreDatabase(dataDir, (db) =>
    enqueueEmail(db, {
      kind: "test",
      to: "shopper@example.com",
      subject: "Stuck in the pipe",
      html: "<p>Hello</p>",
      text: "Hello",
    }),
  );
  return dataDir;
}
