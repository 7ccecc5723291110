/**
 * Reads an Interac e-Transfer deposit notice (the e-mail Interac sends the store when a shopper's
 * e-Transfer arrives) into its reference number, amount, sender and message. Pure: no I/O.
 *
 * What the formats are based on (no official specification is published; these are the wordings
 * real notices carry, as quoted by public parsers and tests of Canadian shops and clubs that read
 * them, and by Interac's and the banks' help pages):
 *
 * - Sender: always `notify@payments.interac.ca` (display name "Interac e-Transfer" or the payer's
 *   name). Only that exact domain is accepted. Forwarded copies (from a staff member's own address)
 *   are NOT accepted: anybody can forward or write an e-mail that looks like a notice, so a notice
 *   counts only when it comes straight from Interac into the store's mailbox. (The From header
 *   alone can be forged too; the mailbox provider's spam filtering (SPF/DKIM/DMARC) is what
 *   stops that, and a notice only settles an order whose amount and reference also match.)
 * - Subjects, English and French, older and current (Interac's October 2024 refresh) wordings:
 *     autodeposit  "INTERAC e-Transfer: A money transfer from JOHN SMITH has been automatically deposited."
 *                  "Interac e-Transfer: You've received $87.45 from JOHN SMITH and it has been automatically deposited."
 *                  "Virement INTERAC : Un virement de fonds de JOHN SMITH a été déposé automatiquement."
 *                  (also seen as "… a été automatiquement déposé.")
 *                  "Virement Interac : Vous avez reçu 87,45 $ de JOHN SMITH et ce montant a été déposé automatiquement."
 *     received     "INTERAC e-Transfer: JOHN SMITH sent you money."
 *                  "Virement INTERAC : JOHN SMITH vous a envoyé des fonds." (also "… de l'argent.")
 *   The subject must start with "INTERAC e-Transfer:" / "Virement INTERAC :", so replies ("Re:"),
 *   forwards ("Fwd:") and reminders ("Reminder:" / "Rappel :", a second e-mail about the same
 *   transfer) are not notices; neither are "request money", "cancelled", "declined", "expired" or
 *   "your transfer to … was deposited" (money the store sent) e-mails.
 * - Body: labelled fields, the value on the same line ("Reference Number: CA1MRqXkTz3H") or, in the
 *   HTML layout turned into text, on the next non-empty line:
 *     "Reference Number:" / "Numéro de référence :"  alphanumeric, e.g. CA1MRqXkTz3H, C1AbCdEfGhIj,
 *                                                     CA6eTUZS (8 to 12 characters seen)
 *     "Message:" / "Message :"                       the payer's message, absent when none
 *     "Amount:" / "Montant :"                        "$87.45 (CAD)" / "87,45 $ (CAD)"
 *     "Sent From:" / "Envoyé par :"                  the payer's name
 *   and sentences such as "JOHN SMITH has sent you $87.45 (CAD) and the money has been
 *   automatically deposited…", "JOHN SMITH sent you a money transfer for the amount of $87.45
 *   (CAD).", "JOHN SMITH vous a envoyé 87,45 $ (CAD) et les fonds ont été automatiquement
 *   déposés…", "JOHN SMITH vous a envoyé un virement de 87,45 $ (CAD).".
 * - Amounts: English "$2,087.45" (comma thousands, point decimals); French "2 087,45 $" with a
 *   space, a no-break space (U+00A0) or a narrow no-break space (U+202F) between thousands and a
 *   comma before the cents ("98, 00 $" with a space after the comma has been seen too). Every
 *   amount the notice shows (subject, "Amount:" field, sentence) must agree, else it is unreadable.
 *
 * Never guesses: an e-mail that is a notice but lacks a readable amount or reference number is
 * `unreadable`, with a reason for staff; anything else is `not_a_notice`.
 */

export interface MailForParsing {
  subject: string;
  from: string;
  date: Date | null;
  text: string;
  html?: string | null;
}

export interface EtransferNotice {
  bankReference: string;
  amountCents: number;
  senderName: string | null;
  message: string | null;
  receivedAt: Date;
  language: "en" | "fr";
  kind: "autodeposit" | "received";
}

export type NoticeReading =
  | { kind: "notice"; notice: EtransferNotice }
  | { kind: "unreadable"; reason: string }
  | { kind: "not_a_notice" };

const INTERAC_SENDER_DOMAIN = "payments.interac.ca";

/** Spaces as notices write them: ordinary, no-break (U+00A0), narrow no-break (U+202F), thin. */
const SPACE = "[ \\u00a0\\u202f\\u2009]";
const EN_PREFIX = `^interac${SPACE}*e-transfer${SPACE}*:${SPACE}*`;
const FR_PREFIX = `^virement${SPACE}+interac${SPACE}*:${SPACE}*`;

interface SubjectFormat {
  pattern: RegExp;
  language: "en" | "fr";
  kind: "autodeposit" | "received";
  /** The capture groups holding the sender's name and (current wordings) the amount. */
  sender: number;
  amount?: number;
}

const re = (source: string) => new RegExp(source, "iu");

const SUBJECTS: SubjectFormat[] = [
  {
    pattern: re(`${EN_PREFIX}a money transfer from (.+?) has been automatically deposited\\.?$`),
    language: "en",
    kind: "autodeposit",
    sender: 1,
  },
  {
    pattern: re(
      `${EN_PREFIX}you(?:'|’)ve received (.+?) from (.+?) and it has been automatically deposited\\.?$`,
    ),
    language: "en",
    kind: "autodeposit",
    amount: 1,
    sender: 2,
  },
  {
    pattern: re(`${EN_PREFIX}(.+?) sent you money\\.?$`),
    language: "en",
    kind: "received",
    sender: 1,
  },
  {
    pattern: re(
      `${FR_PREFIX}un virement de fonds de (.+?) a été (?:déposé automatiquement|automatiquement déposé)\\.?$`,
    ),
    language: "fr",
    kind: "autodeposit",
    sender: 1,
  },
  {
    pattern: re(
      `${FR_PREFIX}vous avez reçu (.+?) de (.+?) et ce montant a été (?:déposé automatiquement|automatiquement déposé)\\.?$`,
    ),
    language: "fr",
    kind: "autodeposit",
    amount: 1,
    sender: 2,
  },
  {
    pattern: re(`${FR_PREFIX}(.+?) vous a envoyé (?:des fonds|de l(?:'|’)argent)\\.?$`),
    language: "fr",
    kind: "received",
    sender: 1,
  },
];

/** Notices about money that did not arrive: never read as a deposit, whatever else they say. */
const NOT_A_DEPOSIT =
  /\b(?:cancel+ed|declined|expired|request(?:ed)?|reminder)\b|annulé|refusé|expiré|demande|rappel/iu;

/** Labels of the body's fields; a line holding only a label has its value on the next line. */
const LABELS = {
  reference: ["reference number", "numéro de référence"],
  message: ["message"],
  amount: ["amount", "montant"],
  sender: ["sent from", "envoyé par", "envoyé de"],
  other: ["date", "transfer details", "détails du virement"],
};
const ALL_LABELS = Object.values(LABELS).flat();

export function readEtransferNotice(mail: MailForParsing): NoticeReading {
  if (senderDomain(mail.from) !== INTERAC_SENDER_DOMAIN) return { kind: "not_a_notice" };
  const subject = normalizeSpaces(mail.subject).trim();
  const format = SUBJECTS.find((candidate) => candidate.pattern.test(subject));
  if (!format) return { kind: "not_a_notice" };
  const subjectMatch = format.pattern.exec(subject)!;
  const subjectSender = subjectMatch[format.sender]!;
  // Looked for outside the sender's name, so a payer called "Demande Inc." is still read.
  if (NOT_A_DEPOSIT.test(subject.replace(subjectSender, ""))) return { kind: "not_a_notice" };

  const body = mail.text.trim() ? mail.text : htmlToText(mail.html ?? "");
  const lines = body.split(/\r?\n/).map((line) => normalizeSpaces(line).trim());

  // The amount: from every place the notice shows it (the subject, each "Amount:" field, the
  // sentence), which must all agree. A payer's message cannot then pass for the amount.
  const found = [
    ...(format.amount ? [subjectMatch[format.amount]!] : []),
    ...fieldValues(lines, LABELS.amount),
    ...sentenceAmounts(lines.join("\n")),
  ];
  if (found.length === 0)
    return unreadable("The amount could not be read: the notice shows no amount.");
  const amounts = new Set<number>();
  for (const raw of found) {
    const cents = amountCents(raw);
    if (typeof cents === "string") return unreadable(`The amount could not be read: ${cents}`);
    amounts.add(cents);
  }
  if (amounts.size > 1)
    return unreadable(
      `The amount could not be read: the notice shows different amounts (${found.join(", ")}).`,
    );
  const [cents] = amounts;

  const references = new Set(fieldValues(lines, LABELS.reference));
  if (references.size === 0) return unreadable("The notice has no reference number.");
  if (references.size > 1)
    return unreadable(
      `The reference number could not be read: the notice shows several (${[...references].join(", ")}).`,
    );
  const [reference] = references;
  if (!/^[A-Za-z0-9]{6,30}$/.test(reference!))
    return unreadable(`The reference number could not be read: "${reference}".`);

  if (!mail.date) return unreadable("The notice has no date.");

  const senderName =
    cleanName(subjectSender) ?? cleanName(fieldValues(lines, LABELS.sender)[0] ?? "");
  return {
    kind: "notice",
    notice: {
      bankReference: reference!,
      amountCents: cents!,
      senderName,
      message: fieldValues(lines, LABELS.message)[0] ?? null,
      receivedAt: mail.date,
      language: format.language,
      kind: format.kind,
    },
  };
}

function unreadable(reason: string): NoticeReading {
  return { kind: "unreadable", reason };
}

/** The domain of the From address, lower case: `"Interac" <notify@payments.interac.ca>` → … */
function senderDomain(from: string): string | null {
  const address = /<([^<>]+)>\s*$/.exec(from)?.[1] ?? from;
  const match = /^[^@\s]+@([^@\s>]+)$/.exec(address.trim());
  return match ? match[1]!.toLowerCase() : null;
}

function normalizeSpaces(text: string): string {
  return text.replace(/[\u00a0\u202f\u2009\t]/g, " ").replace(/ {2,}/g, " ");
}

/**
 * The values of a labelled field, in order: the rest of the label's line, or else the lines after
 * it up to a blank line or another label (the HTML layout puts label and value in cells of their
 * own). A label without a value gives nothing.
 */
function fieldValues(lines: string[], labels: string[]): string[] {
  const values: string[] = [];
  for (let i = 0; i < lines.length; i++) {
    const match = /^([^:]{1,40}?) ?:(.*)$/u.exec(lines[i]!);
    if (!match || !labels.includes(match[1]!.trim().toLowerCase())) continue;
    const rest = match[2]!.trim();
    if (rest) {
      values.push(rest);
      continue;
    }
    const value: string[] = [];
    for (let j = i + 1; j < lines.length; j++) {
      const line = lines[j]!;
      if (!line) {
        if (value.length) break;
        continue;
      }
      if (isLabel(line)) break;
      value.push(line);
    }
    if (value.length) values.push(value.join("\n"));
  }
  return values;
}

function isLabel(line: string): boolean {
  const match = /^([^:]{1,40}?) ?:/u.exec(line);
  return !!match && ALL_LABELS.includes(match[1]!.trim().toLowerCase());
}

/** The amounts in the body's sentences ("… has sent you $12.00 (CAD) …"), as written. */
function sentenceAmounts(body: string): string[] {
  const patterns = [
    /sent you (?:a money transfer for the amount of )?(\$ ?\d[\d,]*(?:\.\d+)?)/giu,
    /vous a envoyé (?:un virement de )?(\d[\d ]*(?:, ?\d+)? ?\$)/giu,
  ];
  return patterns.flatMap((pattern) => [...body.matchAll(pattern)].map((match) => match[1]!));
}

/**
 * An amount as notices write it, in cents, or why it cannot be read. English "$87.45",
 * French "87,45 $" (spaces already made ordinary), optional "(CAD)". Anything else (other
 * currencies, "$12.5", "$1,23", "1.234,50 $") is refused rather than guessed.
 */
export function amountCents(raw: string): number | string {
  const text = normalizeSpaces(raw).trim();
  const shown = `"${text}"`;
  const withoutCurrency = text.replace(/ ?\(CAD\)$/i, "").trim();
  if (/\((?!CAD)[A-Z]{3}\)/i.test(text)) return `${shown} is not in Canadian dollars.`;
  let dollars: string | undefined;
  let centsPart: string | undefined;
  const english = /^\$ ?(\d{1,3}(?:,\d{3})*|\d+)(?:\.(\d{2}))?$/.exec(withoutCurrency);
  const french = /^(\d{1,3}(?: \d{3})*|\d+)(?:, ?(\d{2}))? ?\$$/.exec(withoutCurrency);
  if (english) [, dollars, centsPart] = english;
  else if (french) [, dollars, centsPart] = french;
  else return `${shown} is not an amount in dollars and cents.`;
  const cents = Number(dollars!.replace(/[, ]/g, "")) * 100 + Number(centsPart ?? "0");
  if (!Number.isSafeInteger(cents) || cents <= 0) return `${shown} is not a positive amount.`;
  return cents;
}

/** A payer's name from the subject or the "Sent From" field, or null when there is none. */
function cleanName(raw: string): string | null {
  const name = raw.replace(/\s+/g, " ").trim();
  return name && name.length <= 200 ? name : null;
}

/**
 * The text of an HTML body, for notices without a plain-text part: block ends as new lines, tags
 * and comments removed, the common entities decoded. Enough for labelled fields; not a renderer.
 */
function htmlToText(html: string): string {
  const entities: Record<string, string> = {
    nbsp: "\u00a0",
    amp: "&",
    lt: "<",
    gt: ">",
    quot: '"',
    apos: "'",
    eacute: "é",
    egrave: "è",
    ecirc: "ê",
    agrave: "à",
    acirc: "â",
    ccedil: "ç",
    ocirc: "ô",
    ucirc: "û",
    icirc: "î",
    rsquo: "’",
    lsquo: "‘",
    ndash: "–",
    mdash: "—",
  };
  return html
    .replace(/<!--[\s\S]*?-->/g, "")
    .replace(/<(script|style|head)\b[\s\S]*?<\/\1\s*>/gi, "")
    .replace(/<br\s*\/?>/gi, "\n")
    .replace(/<\/(?:p|div|tr|td|th|li|h[1-6]|table|section)\s*>/gi, "\n")
    .replace(/<[^>]*>/g, "")
    .replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, name: string) => {
      if (name[0] === "#") {
        const code =
          name[1]!.toLowerCase() === "x" ? parseInt(name.slice(2), 16) : Number(name.slice(1));
        return Number.isFinite(code) && code > 0 && code < 0x110000
          ? String.fromCodePoint(code)
          : whole;
      }
      return entities[name.toLowerCase()] ?? whole;
    })
    .replace(/[ \t]*\n[ \t]*/g, "\n");
}
