/**
 * Runs a plain-SQL dump (pg_dump's text format with INSERT statements, as every backup holds)
 * statement by statement, without psql: into PGlite, which has no psql, and into PostgreSQL the
 * same way. The splitter knows quoting (strings, E'' strings, quoted names, dollar quotes,
 * comments), so a `;` inside data never cuts a statement, and it skips psql's backslash commands
 * (pg_dump's `\restrict`). COPY blocks are refused: dumps are taken with --inserts.
 */

type State = "normal" | "single" | "escape-single" | "double" | "dollar" | "line" | "block";

const isIdentifierChar = (code: number) =>
  (code >= 48 && code <= 57) ||
  (code >= 65 && code <= 90) ||
  (code >= 97 && code <= 122) ||
  code === 95 ||
  code === 36 ||
  code > 127;

export class SqlStatementSplitter {
  private buffer = "";
  private position = 0;
  private start = 0;
  private state: State = "normal";
  private tag = "";
  private depth = 0;
  /** Whether the statement being read has anything but white space and comments yet. */
  private content = false;

  /** Adds text; returns the statements it completed (each ending with its `;`). */
  push(chunk: string): string[] {
    this.buffer += chunk;
    return this.scan(false);
  }

  /** The end of the script: what is left must be white space or comments. */
  end(): string[] {
    const statements = this.scan(true);
    if (this.content || (this.state !== "normal" && this.state !== "line"))
      throw new Error("The database dump ends in the middle of a statement");
    return statements;
  }

  private scan(final: boolean): string[] {
    const out: string[] = [];
    const text = this.buffer;
    let i = this.position;
    const n = text.length;
    scan: while (i < n) {
      switch (this.state) {
        case "single": {
          const quote = text.indexOf("'", i);
          if (quote < 0) {
            i = n;
            break scan;
          }
          if (quote + 1 >= n && !final) {
            i = quote;
            break scan;
          }
          if (text.charCodeAt(quote + 1) === 39) i = quote + 2;
          else {
            i = quote + 1;
            this.state = "normal";
          }
          continue;
        }
        case "escape-single": {
          const code = text.charCodeAt(i);
          if (code === 92) {
            if (i + 1 >= n && !final) break scan;
            i += 2;
          } else if (code === 39) {
            if (i + 1 >= n && !final) break scan;
            if (text.charCodeAt(i + 1) === 39) i += 2;
            else {
              i += 1;
              this.state = "normal";
            }
          } else i += 1;
          continue;
        }
        case "double": {
          const quote = text.indexOf('"', i);
          if (quote < 0) {
            i = n;
            break scan;
          }
          i = quote + 1;
          this.state = "normal";
          continue;
        }
        case "dollar": {
          const close = text.indexOf(this.tag, i);
          if (close < 0) {
            i = Math.max(i, n - this.tag.length);
            break scan;
          }
          i = close + this.tag.length;
          this.state = "normal";
          continue;
        }
        case "line": {
          const newline = text.indexOf("\n", i);
          if (newline < 0) {
            i = n;
            break scan;
          }
          i = newline + 1;
          this.state = "normal";
          continue;
        }
        case "block": {
          const code = text.charCodeAt(i);
          const next = text.charCodeAt(i + 1);
          if (i + 1 >= n && !final) break scan;
          if (code === 42 && next === 47) {
            i += 2;
            if (--this.depth === 0) this.state = "normal";
          } else if (code === 47 && next === 42) {
            i += 2;
            this.depth++;
          } else i += 1;
          continue;
        }
        case "normal": {
          const code = text.charCodeAt(i);
          if (code === 32 || code === 10 || code === 13 || code === 9) {
            i += 1;
            continue;
          }
          const needsNext = code === 45 || code === 47 || code === 69 || code === 101;
          if (needsNext && i + 1 >= n && !final) break scan;
          const next = text.charCodeAt(i + 1);
          if (code === 45 && next === 45) {
            this.state = "line";
            i += 2;
            continue;
          }
          if (code === 47 && next === 42) {
            this.state = "block";
            this.depth = 1;
            i += 2;
            continue;
          }
          if (code === 92 && !this.content) {
            // A psql backslash command (pg_dump's \restrict) runs to the end of its line.
            const newline = text.indexOf("\n", i);
            if (newline < 0 && !final) break scan;
            i = newline < 0 ? n : newline + 1;
            this.start = i;
            continue;
          }
          this.content = true;
          if (code === 39) {
            this.state = "single";
            i += 1;
          } else if (
            (code === 69 || code === 101) &&
            next === 39 &&
            !isIdentifierChar(text.charCodeAt(i - 1))
          ) {
            this.state = "escape-single";
            i += 2;
          } else if (code === 34) {
            this.state = "double";
            i += 1;
          } else if (code === 36 && !isIdentifierChar(text.charCodeAt(i - 1))) {
            const match = /^\$(?:[A-Za-z_][A-Za-z0-9_]*)?\$/.exec(text.slice(i, i + 66));
            if (match) {
              this.tag = match[0];
              this.state = "dollar";
              i += match[0].length;
            } else if (!final && n - i < 66 && !text.slice(i + 1).includes("$")) break scan;
            else i += 1;
          } else if (code === 59) {
            const statement = text.slice(this.start, i + 1);
            if (/^\s*COPY\s[^;]*\sFROM\s+stdin\s*;$/im.test(statement.replace(/--[^\n]*\n/g, "")))
              throw new Error(
                "The database dump holds COPY data; backups are taken with INSERT statements (--inserts)",
              );
            out.push(statement);
            i += 1;
            this.start = i;
            this.content = false;
          } else i += 1;
          continue;
        }
      }
    }
    // Keep only the statement being read.
    this.buffer = text.slice(this.start);
    this.position = i - this.start;
    this.start = 0;
    return out;
  }
}

/** A `SET name = value;` statement's setting name, to skip one the target server does not know. */
export function settingOf(statement: string): string | undefined {
  const match = /^(?:\s|--[^\n]*\n)*SET\s+(?:SESSION\s+)?([A-Za-z_.]+)\s*(?:=|TO\s)/i.exec(
    statement,
  );
  return match?.[1]?.toLowerCase();
}

/**
 * Feeds a dump's text to `execute` in batches of whole statements (about `batchBytes` each),
 * leaving out `SET`s of settings the target does not have (a newer pg_dump's
 * `transaction_timeout` on PostgreSQL 15). Returns how many statements ran.
 */
export async function runSqlScript(
  chunks: AsyncIterable<string>,
  execute: (batch: string) => Promise<void>,
  options: { knownSettings?: Set<string>; batchBytes?: number } = {},
): Promise<number> {
  const batchBytes = options.batchBytes ?? 1 << 20;
  const splitter = new SqlStatementSplitter();
  let batch: string[] = [];
  let size = 0;
  let total = 0;
  const flush = async () => {
    if (!batch.length) return;
    const text = batch.join("\n");
    batch = [];
    size = 0;
    await execute(text);
  };
  const take = async (statements: string[]) => {
    for (const statement of statements) {
      const setting = settingOf(statement);
      if (setting && options.knownSettings && !options.knownSettings.has(setting)) continue;
      batch.push(statement);
      size += statement.length;
      total++;
      if (size >= batchBytes) await flush();
    }
  };
  for await (const chunk of chunks) await take(splitter.push(chunk));
  await take(splitter.end());
  await flush();
  return total;
}
