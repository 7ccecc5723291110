// The SMTP sink of `npm run bench:mailing`, in its own process so its work is not the store's:
// accepts every message, counts Message-IDs and recipients, and answers "stats" over IPC.
import { SMTPServer } from "smtp-server";

const ids = new Map();
const recipients = new Set();
let total = 0;
const server = new SMTPServer({
  authOptional: true,
  disabledCommands: ["STARTTLS", "AUTH"],
  logger: false,
  onData(stream, session, callback) {
    let head = "";
    stream.on("data", (chunk) => {
      if (head.length < 8192) head += chunk.toString("utf8");
    });
    stream.on("end", () => {
      const id = /^Message-ID:\s*(\S+)/im.exec(head)?.[1] ?? `none-${total}`;
      ids.set(id, (ids.get(id) ?? 0) + 1);
      for (const r of session.envelope.rcptTo) recipients.add(r.address);
      total++;
      callback();
    });
  },
});
// A sender killed mid-message (the crash run) resets its connection: expected, not fatal.
server.on("error", () => {});
server.listen(0, "127.0.0.1", () => {
  process.send({ port: server.server.address().port });
});
process.on("message", (message) => {
  if (message === "stats") process.send({ total, unique: ids.size, recipients: recipients.size });
  if (message === "close") server.close(() => process.exit(0));
});
