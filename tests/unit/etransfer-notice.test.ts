import { simpleParser } from "mailparser";
import { describe, expect, it } from "vitest";
import {
  amountCents,
  readEtransferNotice,
  type MailForParsing,
} from "~/server/payments/etransfer-notice.server";
import {
  buildNoticeEmail,
  OTHER_EMAILS,
  type NoticeEmailOptions,
} from "../fixtures/etransfer/notice-emails";

const INTERAC = '"Interac e-Transfer" <notify@payments.interac.ca>';
const DATE = new Date("2025-03-14T18:30:00Z");

function mail(subject: string, text: string, overrides: Partial<MailForParsing> = {}) {
  return { subject, from: INTERAC, date: DATE, text, ...overrides };
}

/** What mailparser makes of a raw e-mail, as the mailbox reader hands it over. */
async function parsed(raw: string): Promise<MailForParsing> {
  const email = await simpleParser(raw);
  return {
    subject: email.subject ?? "",
    from: email.from?.text ?? "",
    date: email.date ?? null,
    text: email.text ?? "",
    html: typeof email.html === "string" ? email.html : null,
  };
}

const EN_AUTODEPOSIT = [
  "Hi BUDZ BOUTIQUE,",
  "",
  "JOHN SMITH has sent you $1,234.50 (CAD) and the money has been automatically deposited into your bank account at Example Bank.",
  "",
  "Message: Order 1042",
  "",
  "Reference Number: CA1MRqXkTz3H",
].join("\n");

describe("readEtransferNotice", () => {
  it("reads an English autodeposit notice", () => {
    const reading = readEtransferNotice(
      mail(
        "INTERAC e-Transfer: A money transfer from JOHN SMITH has been automatically deposited.",
        EN_AUTODEPOSIT,
      ),
    );
    expect(reading).toEqual({
      kind: "notice",
      notice: {
        bankReference: "CA1MRqXkTz3H",
        amountCents: 123450,
        senderName: "JOHN SMITH",
        message: "Order 1042",
        receivedAt: DATE,
        language: "en",
        kind: "autodeposit",
      },
    });
  });

  it("reads an English 'sent you money' notice without a message", () => {
    const reading = readEtransferNotice(
      mail(
        "INTERAC e-Transfer: JANE DOE sent you money.",
        "Hi BUDZ BOUTIQUE,\n\nJANE DOE sent you a money transfer for the amount of $45.00 (CAD).\n\nTo deposit your money, click here:\nhttps://etransfer.interac.ca/dep/x\n\nReference Number: C1AbCdEfGhIj",
      ),
    );
    expect(reading).toMatchObject({
      kind: "notice",
      notice: {
        bankReference: "C1AbCdEfGhIj",
        amountCents: 4500,
        senderName: "JANE DOE",
        message: null,
        language: "en",
        kind: "received",
      },
    });
  });

  it("reads French notices, with no-break and narrow no-break spaces in the amounts", () => {
    for (const space of [" ", "\u00a0", "\u202f"]) {
      const reading = readEtransferNotice(
        mail(
          "Virement INTERAC : Un virement de fonds de MARIE TREMBLAY a été déposé automatiquement.",
          `Bonjour BUDZ BOUTIQUE,\n\nMARIE TREMBLAY vous a envoyé 1${space}234,50\u00a0$ (CAD) et les fonds ont été automatiquement déposés dans votre compte bancaire.\n\nMessage : Commande 1042\n\nNuméro de référence : CA1FrAnCaIs2`,
        ),
      );
      expect(reading).toMatchObject({
        kind: "notice",
        notice: {
          bankReference: "CA1FrAnCaIs2",
          amountCents: 123450,
          senderName: "MARIE TREMBLAY",
          message: "Commande 1042",
          language: "fr",
          kind: "autodeposit",
        },
      });
    }
    const received = readEtransferNotice(
      mail(
        "Virement INTERAC : MARIE TREMBLAY vous a envoyé des fonds.",
        "MARIE TREMBLAY vous a envoyé un virement de 45,00 $ (CAD).\n\nNuméro de référence : CA1FrAnCaIs3",
      ),
    );
    expect(received).toMatchObject({
      kind: "notice",
      notice: { amountCents: 4500, kind: "received", language: "fr", message: null },
    });
  });

  it("reads the current wording: amount in the subject, each field's value on its own line", () => {
    const reading = readEtransferNotice(
      mail(
        "Interac e-Transfer: You've received $400.00 from Azim Hamza and it has been automatically deposited.",
        "Hi ROBERT,\nFunds Deposited!\n$400.00\nYour funds have been automatically deposited.\n\nTransfer Details\n\nMessage:\n\nRVL-7F3K-92Q\n\nDate:\n\nApril 24, 2026\n\nReference Number:\n\nCA6eTUZS\n\nSent From:\n\nAzim Hamza\n\nAmount:\n\n$400.00 (CAD)\n\nFAQ",
      ),
    );
    expect(reading).toMatchObject({
      kind: "notice",
      notice: {
        bankReference: "CA6eTUZS",
        amountCents: 40000,
        senderName: "Azim Hamza",
        message: "RVL-7F3K-92Q",
        kind: "autodeposit",
      },
    });
    const french = readEtransferNotice(
      mail(
        "Virement Interac : Vous avez reçu 8,00 $ de JOHNNY HOANG et ce montant a été déposé automatiquement.",
        "Numéro de référence :\n\nCA7fRaNcE\n\nMontant :\n\n8,00 $ (CAD)",
      ),
    );
    expect(french).toMatchObject({
      kind: "notice",
      notice: { amountCents: 800, senderName: "JOHNNY HOANG", language: "fr" },
    });
  });

  it("falls back to the HTML body when the text is empty", () => {
    const html = `<html><head><style>p{color:red}</style></head><body><table>
      <tr><td>Hi BUDZ,</td></tr>
      <tr><td>JOHN SMITH has sent you $1,234.50 (CAD) and the money has been automatically deposited.</td></tr>
      <tr><td>Message:</td></tr><tr><td>Order&nbsp;1042 &amp; thanks</td></tr>
      <tr><td>Reference Number:</td></tr><tr><td>CA1MRqXkTz3H</td></tr>
      </table></body></html>`;
    const reading = readEtransferNotice(
      mail(
        "INTERAC e-Transfer: A money transfer from JOHN SMITH has been automatically deposited.",
        "",
        { html },
      ),
    );
    expect(reading).toMatchObject({
      kind: "notice",
      notice: {
        amountCents: 123450,
        bankReference: "CA1MRqXkTz3H",
        message: "Order 1042 & thanks",
      },
    });
  });

  it("reads every notice the fixtures build, in both languages, kinds, wordings and layouts", async () => {
    const options: NoticeEmailOptions[] = [];
    for (const kind of ["autodeposit", "received"] as const)
      for (const language of ["en", "fr"] as const)
        for (const multipart of [false, true])
          for (const wording of ["classic", "current"] as const)
            options.push({
              kind,
              language,
              multipart,
              wording,
              sender: language === "fr" ? "ÉLODIE CÔTÉ" : "JOHN SMITH",
              amountCents: 1234567,
              message: wording === "classic" ? "Commande n° 1042" : null,
              reference: "CA1MRqXkTz3H",
              date: DATE,
            });
    for (const option of options) {
      const reading = readEtransferNotice(await parsed(buildNoticeEmail(option)));
      expect(reading, JSON.stringify(option)).toEqual({
        kind: "notice",
        notice: {
          bankReference: "CA1MRqXkTz3H",
          amountCents: 1234567,
          senderName: option.sender,
          message: option.message,
          receivedAt: DATE,
          language: option.language,
          kind: option.kind,
        },
      });
    }
    // The HTML part alone (as when a notice has no text part).
    const multipart = await parsed(
      buildNoticeEmail({ ...options[3]!, multipart: true, language: "fr" }),
    );
    expect(readEtransferNotice({ ...multipart, text: "" })).toMatchObject({ kind: "notice" });
  });

  it("leaves a notice without a readable amount or reference unreadable, saying why", () => {
    const subject =
      "INTERAC e-Transfer: A money transfer from JOHN SMITH has been automatically deposited.";
    const reasonOf = (text: string, overrides: Partial<MailForParsing> = {}) => {
      const reading = readEtransferNotice(mail(subject, text, overrides));
      return reading.kind === "unreadable" ? reading.reason : reading.kind;
    };
    expect(reasonOf("JOHN SMITH has sent you money.\n\nReference Number: CA1MRqXkTz3H")).toBe(
      "The amount could not be read: the notice shows no amount.",
    );
    expect(reasonOf(EN_AUTODEPOSIT.replace("Reference Number: CA1MRqXkTz3H", ""))).toBe(
      "The notice has no reference number.",
    );
    expect(reasonOf(EN_AUTODEPOSIT.replace("CA1MRqXkTz3H", "CA1-MRq XkTz3H"))).toBe(
      'The reference number could not be read: "CA1-MRq XkTz3H".',
    );
    expect(reasonOf(EN_AUTODEPOSIT.replace("$1,234.50", "$12.5"))).toBe(
      'The amount could not be read: "$12.5" is not an amount in dollars and cents.',
    );
    // Two amounts that disagree (a payer's message cannot pass for the amount).
    expect(
      reasonOf(`${EN_AUTODEPOSIT}\nAmount: $9,999.00 (CAD)`).startsWith(
        "The amount could not be read: the notice shows different amounts",
      ),
    ).toBe(true);
    expect(reasonOf(`${EN_AUTODEPOSIT}\nReference Number: CA1OtHeRrEf9`)).toBe(
      "The reference number could not be read: the notice shows several (CA1MRqXkTz3H, CA1OtHeRrEf9).",
    );
    expect(reasonOf(EN_AUTODEPOSIT, { date: null })).toBe("The notice has no date.");
    expect(reasonOf(EN_AUTODEPOSIT.replace("$1,234.50 (CAD)", "$0.00 (CAD)"))).toBe(
      'The amount could not be read: "$0.00" is not a positive amount.',
    );
  });

  it("parses amounts strictly, English and French, and refuses what is ambiguous", () => {
    expect(amountCents("$1,234.50 (CAD)")).toBe(123450);
    expect(amountCents("$1,234,567.89")).toBe(123456789);
    expect(amountCents("$45")).toBe(4500);
    expect(amountCents("1 234,50 $ (CAD)")).toBe(123450);
    expect(amountCents("1\u202f234,50\u00a0$")).toBe(123450);
    expect(amountCents("1\u00a0234\u00a0567,89 $")).toBe(123456789);
    expect(amountCents("98, 00 $")).toBe(9800);
    expect(amountCents("8,00 $")).toBe(800);
    for (const ambiguous of [
      "$1,23",
      "$12.5",
      "$1.234,50",
      "1.234,50 $",
      "1,234 $",
      "12 $ 50",
      "$",
    ])
      expect(typeof amountCents(ambiguous), ambiguous).toBe("string");
    expect(amountCents("$12.00 (USD)")).toBe('"$12.00 (USD)" is not in Canadian dollars.');
  });

  it("is not a notice: other e-mails, look-alikes, and notices of money that did not arrive", async () => {
    for (const [name, build] of Object.entries(OTHER_EMAILS))
      expect(readEtransferNotice(await parsed(build())), name).toEqual({ kind: "not_a_notice" });
    const notice = mail(
      "INTERAC e-Transfer: A money transfer from JOHN SMITH has been automatically deposited.",
      EN_AUTODEPOSIT,
    );
    for (const from of [
      "notify@interac.ca.example.com",
      '"Interac" <notify@payments-interac.ca>',
      "John Smith <john@example.com>",
      "notify@evil.payments.interac.ca",
      "",
    ])
      expect(readEtransferNotice({ ...notice, from }), from).toEqual({ kind: "not_a_notice" });
    for (const subject of [
      "Fwd: INTERAC e-Transfer: JOHN SMITH sent you money.",
      "Rappel : Virement INTERAC : JOHN SMITH vous a envoyé des fonds.",
      "INTERAC e-Transfer: Your money transfer to JOHN SMITH was deposited.",
      "Virement INTERAC : Le virement de JOHN SMITH a été annulé.",
      "Weekly newsletter",
    ])
      expect(readEtransferNotice({ ...notice, subject }), subject).toEqual({
        kind: "not_a_notice",
      });
  });

  it("reads a payer whose name holds a word that elsewhere means no deposit", () => {
    const reading = readEtransferNotice(
      mail("INTERAC e-Transfer: DEMANDE REQUEST INC sent you money.", EN_AUTODEPOSIT),
    );
    expect(reading).toMatchObject({
      kind: "notice",
      notice: { senderName: "DEMANDE REQUEST INC" },
    });
  });
});
