import { createHash } from "node:crypto";
import Papa from "papaparse";

/**
 * Reads a bank's account-history export (CSV from a Canadian bank or credit union, or OFX/QFX) and
 * finds the incoming Interac e-Transfer deposits in it. Pure: no database, no clock.
 * The layouts, how each is recognised and where its shape comes from: docs/decisions/bank-exports.md.
 */

export interface BankDeposit {
  /** Unique per transfer: the e-Transfer reference number when the row shows one, the OFX FITID, else a fingerprint "csv:<sha256 hex, 32 chars>" of layout + date + amount + description + the row's occurrence number among identical rows of the file (so the same export uploaded twice, or two overlapping exports, give the same keys). */
  bankReference: string;
  amountCents: number; // > 0, credits only
  postedOn: string; // YYYY-MM-DD
  senderName: string | null; // from the description when the layout shows it
  message: string | null; // the transfer's message when the export carries it
  description: string; // the row's own text, for the preview
  line: number; // 1-based line (CSV) or transaction index (OFX)
}

export type BankExportReading =
  | { ok: true; layout: string; deposits: BankDeposit[]; otherRows: number }
  | { ok: false; error: string };

export const MAX_BANK_EXPORT_BYTES = 5 * 1024 * 1024;

/** One transaction as a layout reads it, before it is sorted into deposits and other rows. */
interface Transaction {
  postedOn: string;
  /** Signed: a credit is positive. Null for a row the layout knows holds no money movement to us. */
  cents: number | null;
  description: string;
  /** The e-Transfer reference shown on the row, if the layout shows one. */
  reference: string | null;
  senderName: string | null;
  message: string | null;
  /** A row not yet posted (Scotiabank's "pending"): counted with the other rows. */
  pending?: boolean;
}

class RowError extends Error {}

// ─── Text helpers ───────────────────────────────────────────────────────────────────────────

/** Trims and collapses every run of whitespace (including non-breaking spaces) to one space. */
function clean(text: string | undefined | null): string {
  return (text ?? "").replace(/[\s\u00a0\u202f]+/g, " ").trim();
}

/** Header cell → comparable name: no accents, lower case, straight apostrophes, single spaces. */
function headerName(cell: string): string {
  return clean(cell)
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/[’‘`]/g, "'")
    .toLowerCase();
}

/**
 * Money as written in an export → signed cents, with integer maths only. Accepts "1,234.50",
 * "1234.5", "$1,234.50", "-12.00", "(12.00)", "12.00-", French "1 234,50" and "1234,50 $".
 * Blank → null; anything else that is not money → NaN.
 */
export function parseCents(raw: string): number | null {
  let text = raw.replace(/[\s\u00a0\u202f]/g, "").replace(/\$|CAD/gi, "");
  if (text === "") return null;
  let negative = false;
  if (/^\(.*\)$/.test(text)) [negative, text] = [true, text.slice(1, -1)];
  if (/^[+-]/.test(text)) [negative, text] = [text[0] === "-", text.slice(1)];
  else if (/-$/.test(text)) [negative, text] = [true, text.slice(0, -1)];

  let whole: string;
  let fraction = "";
  const lastDot = text.lastIndexOf(".");
  const lastComma = text.lastIndexOf(",");
  if (lastDot >= 0 && lastComma >= 0) {
    // Both: the last one is the decimal mark, the other groups thousands.
    const [mark, group] = lastDot > lastComma ? [".", ","] : [",", "."];
    const at = text.lastIndexOf(mark);
    whole = text.slice(0, at);
    fraction = text.slice(at + 1);
    if (!new RegExp(`^\\d{1,3}(\\${group}\\d{3})*$`).test(whole)) return NaN;
    whole = whole.split(group).join("");
  } else if (lastComma >= 0 && /^\d{1,3}(,\d{3})+$/.test(text)) {
    whole = text.replace(/,/g, ""); // "1,234": thousands
  } else if (lastComma >= 0 || lastDot >= 0) {
    const at = Math.max(lastComma, lastDot);
    whole = text.slice(0, at);
    fraction = text.slice(at + 1);
  } else {
    whole = text;
  }
  if (!/^\d+$/.test(whole) || !/^\d{0,2}$/.test(fraction)) return NaN;
  const cents = Number(whole) * 100 + Number(fraction.padEnd(2, "0"));
  if (!Number.isSafeInteger(cents)) return NaN;
  return negative ? -cents : cents;
}

type DateOrder = "YMD" | "MDY" | "DMY" | "YYYYMMDD";
const DATE_FORMS: Record<DateOrder, { pattern: RegExp; label: string }> = {
  YMD: { pattern: /^(\d{4})[-/](\d{1,2})[-/](\d{1,2})$/, label: "YYYY-MM-DD" },
  MDY: { pattern: /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/, label: "MM/DD/YYYY" },
  DMY: { pattern: /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/, label: "DD/MM/YYYY" },
  YYYYMMDD: { pattern: /^(\d{4})(\d{2})(\d{2})$/, label: "YYYYMMDD" },
};

/** A date in the layout's order → "YYYY-MM-DD", or throws naming what was expected. */
function parseDate(raw: string, order: DateOrder): string {
  const text = clean(raw);
  const match = DATE_FORMS[order].pattern.exec(text);
  if (match) {
    const [a, b, c] = [Number(match[1]), Number(match[2]), Number(match[3])];
    const [year, month, day] =
      order === "MDY" ? [c, a, b] : order === "DMY" ? [c, b, a] : [a, b, c];
    const date = new Date(Date.UTC(year, month - 1, day));
    if (
      date.getUTCFullYear() === year &&
      date.getUTCMonth() === month - 1 &&
      date.getUTCDate() === day
    ) {
      return date.toISOString().slice(0, 10);
    }
  }
  throw new RowError(`"${text}" is not a date (expected ${DATE_FORMS[order].label})`);
}

function amountOf(raw: string | undefined, column: string): number | null {
  const cents = parseCents(raw ?? "");
  if (Number.isNaN(cents)) throw new RowError(`"${clean(raw)}" in ${column} is not an amount`);
  return cents;
}

/** Debit and credit columns → signed cents (either may be blank, or "0" as National Bank writes). */
function debitCredit(debit: string | undefined, credit: string | undefined): number {
  const out = amountOf(debit, "the debit column");
  const into = amountOf(credit, "the credit column");
  if (out === null && into === null) throw new RowError("it has no amount");
  return (into ?? 0) - (out ?? 0);
}

// ─── What names an e-Transfer, and who sent it ──────────────────────────────────────────────

/**
 * Descriptions that name an Interac e-Transfer, English or French: "e-Transfer - Autodeposit"
 * (RBC), "E-TRANSFER ***abc" (TD), "Internet Banking E-TRANSFER 1056…" (CIBC), "INTERAC ETRNSFR AD
 * RECVD" (BMO), "Free Interac E-Transfer" (Scotiabank), "INTERAC E-TRF", "Virement Interac de"
 * (Desjardins), "Transfert Interac", "Interac e-Transfer" (National Bank, OFX).
 */
const E_TRANSFER =
  /\be-?\s?transfers?\b|\be-?trf\b|\betrnsfr\b|\bvirement\s+interac\b|\binterac\s+(?:e-?)?(?:transfer|virement|transfert)\b|\btransfert\s+interac\b|\bvirement\s+electronique\s+interac\b/i;

export function namesETransfer(text: string): boolean {
  return E_TRANSFER.test(text.normalize("NFD").replace(/[\u0300-\u036f]/g, ""));
}

/** An Interac reference at the end of a description: 8+ letters and digits, with a digit. */
const TRAILING_REFERENCE = /\s+((?=[A-Za-z0-9]*\d)[A-Za-z0-9]{8,})$/;

/** The sender written after these words, by layout (see the layouts' comments for sources). */
const SENDER_AFTER = [
  /auto-?\s?deposit\s+(.+)$/i, // RBC "e-Transfer - Autodeposit JOHN SMITH"
  /etrnsfr\s+(?:ad\s+)?recvd\s+(.+)$/i, // BMO "INTERAC ETRNSFR AD RECVD JOHN SMITH 2026…"
  /e-?transfer\s+\d{6,}\s+(.+)$/i, // CIBC "Internet Banking E-TRANSFER 105639704773 Suzanne"
  /virement\s+interac\s+(?:re[cç]u\s+)?de\s*\/\s*([^/]+)/i, // Desjardins "Virement Interac de /X /"
  /(?:from|de)\s*:\s*(.+)$/i, // "Interac e-Transfer From: JOHN SMITH"
];

function senderIn(description: string): string | null {
  for (const pattern of SENDER_AFTER) {
    const match = pattern.exec(description);
    if (!match) continue;
    const name = clean(match[1]!.replace(TRAILING_REFERENCE, ""));
    if (name && !namesETransfer(name)) return name;
  }
  return null;
}

function trailingReference(description: string): string | null {
  return TRAILING_REFERENCE.exec(clean(description))?.[1] ?? null;
}

// ─── CSV layouts ─────────────────────────────────────────────────────────────────────────────

interface CsvLayout {
  name: string;
  how: string;
  /** The column names of its header row (as `headerName` makes them), or null for no header. */
  header: ((names: string[]) => Columns | null) | null;
  /** For a layout without a header: does this data row have the layout's shape? */
  shape?: (cells: string[]) => boolean;
  read: (cells: string[], columns: Columns) => Transaction | null;
}

type Columns = Record<string, number>;

/** Finds each wanted column by its name(s); null unless every required one is there. */
function columnsNamed(names: string[], wanted: Record<string, string[]>, optional: string[] = []) {
  const columns: Columns = {};
  for (const [key, candidates] of Object.entries(wanted)) {
    const at = names.findIndex((name) => candidates.includes(name));
    if (at < 0 && !optional.includes(key)) return null;
    columns[key] = at;
  }
  return columns;
}

const cell = (cells: string[], at: number | undefined) =>
  at === undefined || at < 0 ? "" : (cells[at] ?? "");

const MDY_SHAPE = /^\d{1,2}\/\d{1,2}\/\d{4}$/;
const ISO_SHAPE = /^\d{4}-\d{1,2}-\d{1,2}$/;
const AMOUNT_OR_BLANK = (text: string) => !Number.isNaN(parseCents(text));
const HAS_LETTERS = /\p{L}/u;

const CSV_LAYOUTS: CsvLayout[] = [
  {
    // Header row "Account Type","Account Number","Transaction Date","Cheque Number","Description 1",
    // "Description 2","CAD$","USD$", dates M/D/YYYY, one signed amount column per currency.
    // Sources: SwiftBeanCount's RBCImporter (github.com/Nef10/SwiftBeanCountImporter), the
    // cadam11/csvparse and ultr7A/OpR8 readers. e-Transfers read "e-Transfer - Autodeposit <name>
    // <reference>" (sources: rbc_analysis scripts and transfer-description tests on GitHub).
    name: "RBC Royal Bank (CSV)",
    how: 'Online Banking → Download transactions → "Comma Separated Values (.csv)".',
    header: (names) =>
      names.includes("account type")
        ? columnsNamed(names, {
            date: ["transaction date"],
            description1: ["description 1"],
            description2: ["description 2"],
            cad: ["cad$"],
            usd: ["usd$"],
          })
        : null,
    read: (cells, c) => {
      const description = clean(`${cell(cells, c.description1)} ${cell(cells, c.description2)}`);
      const cad = amountOf(cell(cells, c.cad), "CAD$");
      if (cad === null) amountOf(cell(cells, c.usd), "USD$"); // a US-dollar row: checked, not ours
      return {
        postedOn: parseDate(cell(cells, c.date), "MDY"),
        cents: cad,
        description,
        reference: trailingReference(description),
        senderName: senderIn(description),
        message: null,
      };
    },
  },
  {
    // No header: date (MM/DD/YYYY), description, debit, credit, balance. Sources: beansoup's TD
    // Canada Trust importer, the TD test fixtures of several budgeting tools on GitHub. e-Transfers
    // read "E-TRANSFER ***abc" (the last characters of the reference only, no sender).
    name: "TD (CSV)",
    how: "EasyWeb → account → Download → Spreadsheet (.csv).",
    header: null,
    shape: (cells) =>
      cells.length === 5 &&
      MDY_SHAPE.test(cells[0]!.trim()) &&
      HAS_LETTERS.test(cells[1]!) &&
      AMOUNT_OR_BLANK(cells[2]!) &&
      AMOUNT_OR_BLANK(cells[3]!),
    read: (cells) => ({
      postedOn: parseDate(cells[0]!, "MDY"),
      cents: debitCredit(cells[2], cells[3]),
      description: clean(cells[1]),
      reference: null,
      senderName: null,
      message: null,
    }),
  },
  {
    // No header: date (YYYY-MM-DD), description, debit, credit (and a masked card number on credit
    // card exports). Sources: CIBC's "Download Transactions → Spreadsheet (CSV)" as read by
    // parthnayyar/Personal-Banking-Transactions-Analyzer and FinanceManager's CIBC definition.
    // e-Transfers read "Internet Banking E-TRANSFER 105639704773 <name>".
    name: "CIBC (CSV)",
    how: 'Online Banking → My Accounts → Download Transactions → "Spreadsheet (CSV)".',
    header: null,
    shape: (cells) =>
      (cells.length === 4 || cells.length === 5) &&
      ISO_SHAPE.test(cells[0]!.trim()) &&
      HAS_LETTERS.test(cells[1]!) &&
      AMOUNT_OR_BLANK(cells[2]!) &&
      AMOUNT_OR_BLANK(cells[3]!),
    read: (cells) => {
      const description = clean(cells[1]);
      return {
        postedOn: parseDate(cells[0]!, "YMD"),
        cents: debitCredit(cells[2], cells[3]),
        description,
        reference: /e-?transfer\s+(\d{6,})\b/i.exec(description)?.[1] ?? null,
        senderName: senderIn(description),
        message: null,
      };
    },
  },
  {
    // A line "Following data is valid as of …", blank lines, then the header "First Bank Card,
    // Transaction Type,Date Posted, Transaction Amount,Description" (repeated per account); dates
    // YYYYMMDD, one signed amount. e-Transfers read "[CW]INTERAC ETRNSFR AD RECVD <name> <reference>".
    // Sources: BMO CSV readers and tests on GitHub (parseBmoCsv, BMOImporter, pfin).
    name: "BMO (CSV)",
    how: 'Online Banking → account → Download → "CSV".',
    header: (names) =>
      columnsNamed(names, {
        card: ["first bank card"],
        type: ["transaction type"],
        date: ["date posted"],
        amount: ["transaction amount"],
        description: ["description"],
      }),
    read: (cells, c) => {
      const description = clean(cell(cells, c.description));
      const text = description.replace(/^\[[A-Z]{2}\]/, "");
      return {
        postedOn: parseDate(cell(cells, c.date), "YYYYMMDD"),
        cents: signedByType(cell(cells, c.amount), cell(cells, c.type), "Transaction Amount"),
        description,
        reference: namesETransfer(text) ? trailingReference(text) : null,
        senderName: senderIn(text),
        message: null,
      };
    },
  },
  {
    // Header "Filter,Date,Description,Sub-description,[Status,]Type of Transaction,Amount[,Balance]"
    // (French "Filtre,Date,Description,Sous-description,État,Type d'opération,Montant"), dates
    // YYYY-MM-DD, the direction in "Type of Transaction". e-Transfers read "deposit" / "Free Interac
    // E-Transfer" (no sender). Sources: ledgerloom's and scotia_agent's Scotiabank tests,
    // FinanceManager's FileDefinitionManager.
    name: "Scotiabank (CSV)",
    how: 'Scotia Online → account → Download → "CSV".',
    header: (names) =>
      columnsNamed(
        names,
        {
          date: ["date"],
          description: ["description"],
          sub: ["sub-description", "sous-description"],
          status: ["status", "etat"],
          type: ["type of transaction", "type d'operation"],
          amount: ["amount", "montant"],
        },
        ["status"],
      ),
    read: (cells, c) => {
      const description = clean(`${cell(cells, c.description)} ${cell(cells, c.sub)}`);
      return {
        postedOn: parseDate(cell(cells, c.date), "YMD"),
        cents: signedByType(cell(cells, c.amount), cell(cells, c.type), "Amount"),
        description,
        reference: null,
        senderName: senderIn(description),
        message: null,
        pending: /^(pending|en attente)$/i.test(clean(cell(cells, c.status))),
      };
    },
  },
  {
    // Scotiabank's older export, no header: date (M/D/YYYY), signed amount, "-", type, description.
    // Source: garyhubley/transactionParser (scotia.py).
    name: "Scotiabank (CSV, older)",
    how: "Older Scotia Online downloads without a header row.",
    header: null,
    shape: (cells) =>
      cells.length === 5 &&
      MDY_SHAPE.test(cells[0]!.trim()) &&
      AMOUNT_OR_BLANK(cells[1]!) &&
      cells[2]!.trim() === "-",
    read: (cells) => {
      const description = clean(`${cells[3]} ${cells[4]}`);
      const cents = amountOf(cells[1], "the amount column");
      if (cents === null) throw new RowError("it has no amount");
      return {
        postedOn: parseDate(cells[0]!, "MDY"),
        cents,
        description,
        reference: null,
        senderName: senderIn(description),
        message: null,
      };
    },
  },
  {
    // Header "Date;Description;Category;Debit;Credit;Balance" (credit cards: "Date;card Number;
    // Description;Category;Debit;Credit"), semicolons, dates YYYY-MM-DD, "0" in the unused column.
    // Sources: the NBCParser of a portfolio tracker on GitHub and bnc adapter tests. The French
    // header ("Catégorie;Débit;Crédit;Solde") and the e-Transfer wording are assumed.
    name: "National Bank (CSV)",
    how: "Online banking → account → Export transactions → CSV.",
    header: (names) =>
      columnsNamed(names, {
        date: ["date"],
        description: ["description"],
        category: ["category", "categorie"],
        debit: ["debit"],
        credit: ["credit"],
      }),
    read: (cells, c) => {
      const description = clean(cell(cells, c.description));
      return {
        postedOn: parseDate(cell(cells, c.date), "YMD"),
        cents: debitCredit(cell(cells, c.debit), cell(cells, c.credit)),
        description,
        reference: null,
        senderName: senderIn(description),
        message: null,
      };
    },
  },
  {
    // No header, 14 columns: caisse, folio, account type (EOP/PCA, ES, …), date (YYYY/MM/DD),
    // sequence, description, cheque, withdrawal, deposit, interest, capital, advance,
    // reimbursement, balance; Windows-1252. Sources: Desjardins' own "Format of the downloaded CSV
    // file" page (desjardins.com, caissealliance.com), pvallee19/ConvertDesjardinsToMonarch,
    // FinanceManager. e-Transfers read "Virement Interac de /<name> /" (a rent-matching tool on
    // GitHub quotes the real memo). Loans, lines of credit and VISA rows are counted as other rows.
    name: "Desjardins (CSV)",
    how: "AccèsD → account → Transactions → Export (CSV).",
    header: null,
    shape: (cells) => cells.length >= 13 && /^\d{4}\/\d{1,2}\/\d{1,2}$/.test(cells[3]!.trim()),
    read: (cells) => {
      const description = clean(cells[5]);
      const accountType = clean(cells[2]).toUpperCase();
      const depositAccount =
        accountType !== "LN" && accountType !== "LC" && !/^VISA/i.test(clean(cells[0]));
      return {
        postedOn: parseDate(cells[3]!, "YMD"),
        cents: depositAccount ? debitCredit(cells[7], cells[8]) : null,
        description,
        reference: null,
        senderName: senderIn(description),
        message: null,
      };
    },
  },
];

/** An amount whose direction is in a type column ("CREDIT"/"DEBIT", "Crédit"/"Débit"). */
function signedByType(amount: string, type: string, column: string): number {
  const cents = amountOf(amount, column);
  if (cents === null) throw new RowError("it has no amount");
  const kind = headerName(type);
  if (kind === "credit") return Math.abs(cents);
  if (kind === "debit") return -Math.abs(cents);
  throw new RowError(`"${clean(type)}" is neither Credit nor Debit`);
}

// ─── OFX / QFX ──────────────────────────────────────────────────────────────────────────────

const OFX_CREDIT_TYPES = new Set(["CREDIT", "DEP", "XFER"]);

function ofxValue(block: string, tag: string): string {
  const match = new RegExp(`<${tag}>([^<\\r\\n]*)`, "i").exec(block);
  return decodeEntities(clean(match?.[1]));
}

function decodeEntities(text: string): string {
  return text
    .replace(/&#(\d+);/g, (_, code: string) => String.fromCodePoint(Number(code)))
    .replace(/&#x([0-9a-f]+);/gi, (_, code: string) => String.fromCodePoint(parseInt(code, 16)))
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&amp;/g, "&");
}

/**
 * OFX 1.x (SGML: elements without end tags) and 2.x (XML); QFX is OFX with Intuit's additions.
 * Each <STMTTRN> aggregate is closed in both. NAME is the payee or the transaction's label, MEMO
 * the detail: when NAME names the e-Transfer, the sender is read from it and MEMO is the message;
 * when MEMO names it, NAME is the sender.
 */
function readOfx(text: string, layout: string): BankExportReading {
  const blocks = [...text.matchAll(/<STMTTRN>([\s\S]*?)<\/STMTTRN>/gi)].map((m) => m[1]!);
  const deposits: BankDeposit[] = [];
  const seen = new Map<string, number>();
  let otherRows = 0;
  for (const [i, block] of blocks.entries()) {
    const line = i + 1;
    const type = ofxValue(block, "TRNTYPE").toUpperCase();
    const fitId = ofxValue(block, "FITID");
    const name = ofxValue(block, "NAME");
    const memo = ofxValue(block, "MEMO");
    const where = `Transaction ${line}${fitId ? ` (FITID ${fitId})` : ""}`;
    const rawDate = ofxValue(block, "DTPOSTED");
    let postedOn: string;
    try {
      postedOn = parseDate(rawDate.slice(0, 8), "YYYYMMDD");
    } catch {
      return { ok: false, error: `${where}: the posted date "${rawDate}" is not a date.` };
    }
    const cents = parseCents(ofxValue(block, "TRNAMT"));
    if (cents === null || Number.isNaN(cents)) {
      return { ok: false, error: `${where}: "${ofxValue(block, "TRNAMT")}" is not an amount.` };
    }
    const description = clean(`${name} ${memo}`);
    if (!OFX_CREDIT_TYPES.has(type) || cents <= 0 || !namesETransfer(description)) {
      otherRows++;
      continue;
    }
    const nameIsLabel = namesETransfer(name);
    const memoIsLabel = namesETransfer(memo);
    const senderName = nameIsLabel ? senderIn(name) : name || null;
    const message = nameIsLabel && memo && !memoIsLabel ? memo : null;
    deposits.push({
      bankReference: fitId || fingerprint("OFX", postedOn, cents, description, seen),
      amountCents: cents,
      postedOn,
      senderName,
      message,
      description,
      line,
    });
  }
  return { ok: true, layout, deposits, otherRows };
}

// ─── Reading a file ─────────────────────────────────────────────────────────────────────────

/** "csv:" + 32 hex of sha256(layout, date, amount, description, occurrence among identical rows). */
function fingerprint(
  layout: string,
  postedOn: string,
  cents: number,
  description: string,
  seen: Map<string, number>,
): string {
  const key = [layout, postedOn, String(cents), description].join("\u0000");
  const occurrence = (seen.get(key) ?? 0) + 1;
  seen.set(key, occurrence);
  const hash = createHash("sha256").update(`${key}\u0000${occurrence}`).digest("hex");
  return `csv:${hash.slice(0, 32)}`;
}

/** Bytes → text: UTF-8 (with or without BOM), UTF-16 with a BOM, else Windows-1252. */
function decode(content: string | Uint8Array): string {
  if (typeof content === "string") return content.replace(/^\uFEFF/, "");
  if (content[0] === 0xff && content[1] === 0xfe)
    return new TextDecoder("utf-16le").decode(content.subarray(2));
  if (content[0] === 0xfe && content[1] === 0xff)
    return new TextDecoder("utf-16be").decode(content.subarray(2));
  try {
    return new TextDecoder("utf-8", { fatal: true }).decode(content).replace(/^\uFEFF/, "");
  } catch {
    return new TextDecoder("windows-1252").decode(content);
  }
}

interface CsvRow {
  cells: string[];
  line: number;
}

/** The file's non-blank rows, each with the line it starts on. */
function csvRows(text: string): CsvRow[] {
  const sample = text.split(/\r?\n/).slice(0, 20).join("\n");
  const delimiter =
    (sample.match(/;/g)?.length ?? 0) > (sample.match(/,/g)?.length ?? 0) ? ";" : ",";
  const rows: CsvRow[] = [];
  let start = 0;
  let line = 1;
  Papa.parse<string[]>(text, {
    delimiter,
    step: (result) => {
      const cells = result.data;
      if (cells.some((value) => value.trim() !== "")) rows.push({ cells, line });
      const end = result.meta.cursor;
      for (let i = start; i < end; i++) if (text.charCodeAt(i) === 10) line++;
      start = end;
    },
  });
  return rows;
}

/** Which layout a CSV file is in, and the row its transactions start after (its header). */
function detectCsv(
  rows: CsvRow[],
): { layout: CsvLayout; columns: Columns; header: string[] | null; from: number } | null {
  // A header among the first lines (BMO puts a preamble before its own).
  for (const [at, row] of rows.slice(0, 10).entries()) {
    const names = row.cells.map(headerName);
    for (const layout of CSV_LAYOUTS) {
      const columns = layout.header?.(names);
      if (columns) return { layout, columns, header: names, from: at + 1 };
    }
  }
  // No header: the shape most of the first rows have (so one malformed row is still named).
  const sample = rows.slice(0, 10);
  for (const layout of CSV_LAYOUTS) {
    if (!layout.shape || sample.length === 0) continue;
    const fits = sample.filter((row) => layout.shape!(row.cells)).length;
    if (fits > 0 && fits * 2 >= sample.length) {
      return { layout, columns: {}, header: null, from: 0 };
    }
  }
  return null;
}

function readCsv(text: string): BankExportReading {
  const rows = csvRows(text);
  const found = detectCsv(rows);
  if (!found) return { ok: false, error: unknownLayout() };
  const { layout, columns, header, from } = found;
  const deposits: BankDeposit[] = [];
  const seen = new Map<string, number>();
  let otherRows = 0;
  for (const { cells, line } of rows.slice(from)) {
    if (header && cells.map(headerName).join("\u0000") === header.join("\u0000")) continue; // repeated
    let transaction: Transaction | null;
    try {
      const needed = Math.max(0, ...Object.values(columns)) + 1;
      if (header && cells.length < needed) {
        throw new RowError(`it has ${cells.length} columns where the header has ${header.length}`);
      }
      transaction = layout.read(cells, columns);
    } catch (error) {
      if (!(error instanceof RowError)) throw error;
      return {
        ok: false,
        error: `Line ${line}: ${error.message}. Nothing was read from this file.`,
      };
    }
    if (!transaction) continue;
    const { cents, description } = transaction;
    if (cents === null || cents <= 0 || transaction.pending || !namesETransfer(description)) {
      otherRows++;
      continue;
    }
    const print = fingerprint(layout.name, transaction.postedOn, cents, description, seen);
    deposits.push({
      bankReference: transaction.reference ?? print,
      amountCents: cents,
      postedOn: transaction.postedOn,
      senderName: transaction.senderName,
      message: transaction.message,
      description,
      line,
    });
  }
  return { ok: true, layout: layout.name, deposits, otherRows };
}

export const BANK_EXPORT_LAYOUTS: { name: string; how: string }[] = [
  ...CSV_LAYOUTS.map(({ name, how }) => ({ name, how })),
  {
    name: "OFX / QFX",
    how: 'Any bank\'s "Money / Quicken (OFX, QFX)" download: OFX 1.x or 2.x.',
  },
];

function unknownLayout(): string {
  const banks = CSV_LAYOUTS.filter((layout) => !layout.name.includes("older")).map((layout) =>
    layout.name.replace(/ \(CSV\)$/, ""),
  );
  return `This file is not a bank export the store can read. It reads: ${banks.join(", ")} (account history as CSV), and OFX/QFX files.`;
}

export function readBankExport(fileName: string, content: string | Uint8Array): BankExportReading {
  const size =
    typeof content === "string" ? Buffer.byteLength(content, "utf8") : content.byteLength;
  if (size > MAX_BANK_EXPORT_BYTES) {
    return {
      ok: false,
      error: `This file is over ${MAX_BANK_EXPORT_BYTES / 1024 / 1024} MB: export a shorter period.`,
    };
  }
  const text = decode(content);
  if (text.trim() === "") return { ok: false, error: "This file is empty." };
  if (text.includes("\u0000")) {
    return {
      ok: false,
      error:
        "This file is not text (a spreadsheet or PDF?): export the account history as CSV or OFX.",
    };
  }
  if (/OFXHEADER\s*[:=]|<OFX>/i.test(text.slice(0, 4096))) {
    return readOfx(text, /\.qfx$/i.test(fileName.trim()) ? "QFX" : "OFX");
  }
  return readCsv(text);
}
