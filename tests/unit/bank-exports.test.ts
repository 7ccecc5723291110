import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import {
  BANK_EXPORT_LAYOUTS,
  MAX_BANK_EXPORT_BYTES,
  parseCents,
  readBankExport,
  type BankExportReading,
} from "~/server/payments/bank-exports.server";
import { buildBankCsv, buildOfx, type BankCsvLayout } from "../fixtures/bank-exports/build";

const fixture = (name: string) =>
  new Uint8Array(readFileSync(new URL(`../fixtures/bank-exports/${name}`, import.meta.url)));

function read(name: string, content: string | Uint8Array = fixture(name)) {
  const reading = readBankExport(name, content);
  if (!reading.ok) throw new Error(reading.error);
  return reading;
}

const brief = (reading: Extract<BankExportReading, { ok: true }>) =>
  reading.deposits.map(({ amountCents, postedOn, senderName, line }) => ({
    amountCents,
    postedOn,
    senderName,
    line,
  }));

describe("readBankExport: each layout's sample", () => {
  const samples: [string, string, (string | null)[], number[], (string | null)[]][] = [
    [
      "rbc.csv",
      "RBC Royal Bank (CSV)",
      ["JOHN SMITH", "MARIE-ÈVE TREMBLAY"],
      [2, 5],
      ["CA5XyZ9Lm2", null],
    ],
    ["td.csv", "TD (CSV)", [null, null], [1, 4], [null, null]],
    [
      "cibc.csv",
      "CIBC (CSV)",
      ["John Smith", "Marie Tremblay"],
      [1, 4],
      ["105639704773", "105639709921"],
    ],
    [
      "bmo.csv",
      "BMO (CSV)",
      ["JOHN SMITH", "MARIE TREMBLAY"],
      [7, 10],
      ["20260610155ZED8ZN", "20260630912QRMXOD"],
    ],
    ["scotiabank.csv", "Scotiabank (CSV)", [null, null], [2, 5], [null, null]],
    ["national.csv", "National Bank (CSV)", ["JOHN SMITH", "MARIE TREMBLAY"], [2, 5], [null, null]],
    [
      "desjardins.csv",
      "Desjardins (CSV)",
      ["JOHN SMITH", "FRANÇOIS BÉLANGER"],
      [1, 4],
      [null, null],
    ],
  ];
  it.each(samples)(
    "%s → %s: two e-Transfers in, the debit, purchase and pay are other rows",
    (file, layout, senders, lines, references) => {
      const reading = read(file);
      expect(reading.layout).toBe(layout);
      expect(reading.otherRows).toBe(3);
      expect(brief(reading)).toEqual([
        { amountCents: 15000, postedOn: "2026-03-02", senderName: senders[0], line: lines[0] },
        { amountCents: 8950, postedOn: "2026-03-04", senderName: senders[1], line: lines[1] },
      ]);
      reading.deposits.forEach((deposit, i) => {
        expect(deposit.bankReference).toMatch(references[i] ?? /^csv:[0-9a-f]{32}$/);
        expect(deposit.message).toBeNull();
        expect(deposit.description).toBe(deposit.description.replace(/\s+/g, " ").trim());
      });
    },
  );

  it("keeps the row's own text for the preview", () => {
    expect(read("bmo.csv").deposits[0]!.description).toBe(
      "[CW]INTERAC ETRNSFR AD RECVD JOHN SMITH 20260610155ZED8ZN",
    );
    expect(read("scotiabank.csv").deposits[0]!.description).toBe("deposit Free Interac E-Transfer");
  });

  it("lists every layout for the upload page", () => {
    expect(BANK_EXPORT_LAYOUTS.map((layout) => layout.name)).toEqual([
      "RBC Royal Bank (CSV)",
      "TD (CSV)",
      "CIBC (CSV)",
      "BMO (CSV)",
      "Scotiabank (CSV)",
      "Scotiabank (CSV, older)",
      "National Bank (CSV)",
      "Desjardins (CSV)",
      "OFX / QFX",
    ]);
    for (const layout of BANK_EXPORT_LAYOUTS) expect(layout.how).not.toBe("");
  });

  it("reads Scotiabank's French header, older headerless export, and skips pending rows", () => {
    const french = [
      "Filtre,Date,Description,Sous-description,État,Type d’opération,Montant",
      '"","2026-03-02","dépôt","Virement Interac ","publié","Crédit","150,00"',
      '"","2026-03-03","dépôt","Virement Interac ","en attente","Crédit","20,00"',
    ].join("\n");
    const reading = read("fr.csv", french);
    expect(reading.layout).toBe("Scotiabank (CSV)");
    expect(brief(reading)).toEqual([
      { amountCents: 15000, postedOn: "2026-03-02", senderName: null, line: 2 },
    ]);
    expect(reading.otherRows).toBe(1);

    const older =
      '3/2/2026,150.00,"-","MB-DEPOSIT","INTERAC E-TRANSFER"\n3/2/2026,-4.25,"-","POS","TIM HORTONS"\n';
    const old = read("old.csv", older);
    expect(old.layout).toBe("Scotiabank (CSV, older)");
    expect(old.deposits.map((d) => d.amountCents)).toEqual([15000]);
    expect(old.otherRows).toBe(1);
  });
});

describe("readBankExport: OFX and QFX", () => {
  it("reads OFX 1.x SGML: credits naming an e-Transfer, FITID as reference, MEMO as message", () => {
    const reading = read("ofx1.ofx");
    expect(reading.layout).toBe("OFX");
    expect(reading.otherRows).toBe(2);
    expect(reading.deposits).toEqual([
      {
        bankReference: "90000010020260302A1",
        amountCents: 15000,
        postedOn: "2026-03-02",
        senderName: "JOHN SMITH",
        message: "Order BBS-1042",
        description: "e-Transfer - Autodeposit JOHN SMITH Order BBS-1042",
        line: 1,
      },
      {
        bankReference: "90000010020260304A1",
        amountCents: 8950,
        postedOn: "2026-03-04",
        senderName: "MARIE TREMBLAY",
        message: null,
        description: "MARIE TREMBLAY INTERAC E-TRF",
        line: 4,
      },
    ]);
  });

  it("reads OFX 2.x XML (a .qfx), decoding entities", () => {
    const reading = read("ofx2.qfx");
    expect(reading.layout).toBe("QFX");
    expect(reading.otherRows).toBe(2);
    expect(
      reading.deposits.map((d) => [d.bankReference, d.amountCents, d.senderName, d.message]),
    ).toEqual([
      ["20260302-0001", 15000, "JOHN SMITH", "Order BBS-1042 & thanks"],
      ["20260304-0001", 8950, "MARIE TREMBLAY", null],
    ]);
  });

  it("names the transaction whose date or amount is not one", () => {
    const bad = buildOfx([
      { postedOn: "2026-03-02", amountCents: 100, senderName: "A", reference: "F1" },
    ]);
    expect(readBankExport("x.ofx", bad.replace("20260302120000", "20261302"))).toEqual({
      ok: false,
      error: 'Transaction 1 (FITID F1): the posted date "20261302" is not a date.',
    });
    expect(readBankExport("x.ofx", bad.replace("<TRNAMT>1.00", "<TRNAMT>abc"))).toMatchObject({
      ok: false,
      error: expect.stringContaining('Transaction 1 (FITID F1): "abc" is not an amount'),
    });
  });
});

describe("the fixture builder", () => {
  const deposits = [
    { postedOn: "2026-04-01", amountCents: 4250, senderName: "JANE DOE", reference: "CA1234abcd" },
    { postedOn: "2026-04-02", amountCents: 123456, senderName: "ÉLISE CÔTÉ" },
  ];
  const layouts: BankCsvLayout[] = [
    "rbc",
    "td",
    "cibc",
    "bmo",
    "scotiabank",
    "national",
    "desjardins",
  ];

  it.each(layouts)("builds a %s export the reader reads back", (layout) => {
    const cibc =
      layout === "cibc" ? [{ ...deposits[0]!, reference: "101234567890" }, deposits[1]!] : deposits;
    const reading = read(`${layout}.csv`, buildBankCsv(layout, cibc));
    expect(reading.otherRows).toBe(0);
    expect(reading.deposits.map((d) => [d.postedOn, d.amountCents])).toEqual([
      ["2026-04-01", 4250],
      ["2026-04-02", 123456],
    ]);
    const named = !["td", "scotiabank"].includes(layout);
    expect(reading.deposits[1]!.senderName).toBe(named ? "ÉLISE CÔTÉ" : null);
    if (layout === "rbc" || layout === "bmo")
      expect(reading.deposits[0]!.bankReference).toBe("CA1234abcd");
    if (layout === "cibc") expect(reading.deposits[0]!.bankReference).toBe("101234567890");
  });

  it.each([1, 2] as const)("builds OFX %s with the message and the reference", (version) => {
    const reading = read(
      "built.ofx",
      buildOfx([{ ...deposits[0]!, message: "Order #BBS-7 <gift>" }], version),
    );
    expect(reading.deposits).toEqual([
      expect.objectContaining({
        bankReference: "CA1234abcd",
        amountCents: 4250,
        senderName: "JANE DOE",
        message: "Order #BBS-7 <gift>",
      }),
    ]);
  });
});

describe("amounts → cents, exactly", () => {
  it.each([
    ["1,234.50", 123450],
    ["1234.5", 123450],
    ["$1,234.50", 123450],
    ["1 234,50", 123450],
    ["1\u00a0234,50 $", 123450],
    ["1.234,50", 123450],
    ["0.29", 29],
    ["1,234", 123400],
    ["12,5", 1250],
    ["-42.17", -4217],
    ["-$42.17", -4217],
    ["(42.17)", -4217],
    ["42.17-", -4217],
    ["+7", 700],
    ["19999999.99", 1999999999],
  ])("%s → %i", (text, cents) => {
    expect(parseCents(text)).toBe(cents);
  });

  it.each(["12.345", "1,23,4", "abc", "1.2.3", "--1", "12a"])("%s is not an amount", (text) => {
    expect(parseCents(text)).toBeNaN();
  });

  it("blank is no amount", () => expect(parseCents("  ")).toBeNull());

  it("reads each format inside a file", () => {
    const csv = buildBankCsv("national", [
      { postedOn: "2026-04-01", amountCents: 1, senderName: "A" },
    ]).replace('"0.01"', '"1 234,50"');
    expect(read("n.csv", csv).deposits[0]!.amountCents).toBe(123450);
  });
});

describe("bankReference fingerprints", () => {
  const row = (day: string, cents: string, text: string) => `${day},${text},,${cents},`;
  const first = [
    row("03/01/2026", "50.00", "E-TRANSFER ***aaa"),
    row("03/02/2026", "25.00", "E-TRANSFER ***bbb"),
    row("03/02/2026", "25.00", "E-TRANSFER ***bbb"),
    row("03/03/2026", "10.00", "E-TRANSFER ***ccc"),
  ];
  const second = [first[1]!, first[2]!, first[3]!, row("03/04/2026", "99.00", "E-TRANSFER ***ddd")];
  const keys = (lines: string[]) =>
    read("td.csv", lines.join("\n")).deposits.map((d) => d.bankReference);

  it("are the same for the same rows in two overlapping exports, and identical rows stay distinct", () => {
    const a = keys(first);
    const b = keys(second);
    expect(new Set(a).size).toBe(4);
    expect(b.slice(0, 3)).toEqual(a.slice(1));
    expect(a[1]).not.toBe(a[2]);
    expect(keys(first)).toEqual(a); // the same file uploaded twice
    for (const key of [...a, ...b]) expect(key).toMatch(/^csv:[0-9a-f]{32}$/);
  });

  it("differ between layouts for the same money", () => {
    const deposit = [{ postedOn: "2026-03-01", amountCents: 5000, senderName: "A" }];
    expect(read("s.csv", buildBankCsv("scotiabank", deposit)).deposits[0]!.bankReference).not.toBe(
      read("n.csv", buildBankCsv("national", deposit)).deposits[0]!.bankReference,
    );
  });
});

describe("files it refuses", () => {
  it("an unknown layout, naming those it reads", () => {
    expect(readBankExport("unknown.csv", fixture("unknown.csv"))).toEqual({
      ok: false,
      error:
        "This file is not a bank export the store can read. It reads: RBC Royal Bank, TD, CIBC, BMO, Scotiabank, National Bank, Desjardins (account history as CSV), and OFX/QFX files.",
    });
  });

  it("a malformed line: the error names it and nothing is returned", () => {
    expect(readBankExport("malformed.csv", fixture("malformed.csv"))).toEqual({
      ok: false,
      error:
        'Line 4: "13/45/2026" is not a date (expected MM/DD/YYYY). Nothing was read from this file.',
    });
    const badAmount = buildBankCsv("cibc", [
      { postedOn: "2026-03-01", amountCents: 100, senderName: "A" },
      { postedOn: "2026-03-02", amountCents: 200, senderName: "B" },
    ]).replace(",2.00", ",2.0.0");
    expect(readBankExport("c.csv", badAmount)).toEqual({
      ok: false,
      error:
        'Line 2: "2.0.0" in the credit column is not an amount. Nothing was read from this file.',
    });
  });

  it("counts lines across quoted line breaks", () => {
    const csv = buildBankCsv("rbc", [
      { postedOn: "2026-03-01", amountCents: 100, senderName: "A" },
    ]);
    const lines = csv.trim().split("\r\n");
    const broken = [
      lines[0],
      'Chequing,1,3/1/2026,,"Bill\npayment","X",-5.00,',
      lines[1],
      "Chequing,1,3/40/2026,,x,y,1.00,",
    ];
    expect(readBankExport("r.csv", broken.join("\n"))).toMatchObject({
      ok: false,
      error: expect.stringMatching(/^Line 5:/),
    });
  });

  it("an empty file, a binary file, and a file over the limit", () => {
    expect(readBankExport("e.csv", "")).toEqual({ ok: false, error: "This file is empty." });
    expect(readBankExport("e.csv", new Uint8Array([0xef, 0xbb, 0xbf, 0x0d, 0x0a]))).toEqual({
      ok: false,
      error: "This file is empty.",
    });
    expect(
      readBankExport("x.xlsx", new Uint8Array([0x50, 0x4b, 0x03, 0x04, 0x00, 0x00, 0x08])),
    ).toMatchObject({
      ok: false,
      error: expect.stringContaining("not text"),
    });
    const big = new Uint8Array(MAX_BANK_EXPORT_BYTES + 1).fill(0x41);
    expect(readBankExport("big.csv", big)).toMatchObject({
      ok: false,
      error: expect.stringContaining("over 5 MB"),
    });
  });
});

describe("encodings", () => {
  it("reads a UTF-8 BOM, as bytes or as text", () => {
    const csv = buildBankCsv("rbc", [
      { postedOn: "2026-03-01", amountCents: 100, senderName: "ÉLISE" },
    ]);
    const bytes = new Uint8Array([0xef, 0xbb, 0xbf, ...new TextEncoder().encode(csv)]);
    expect(read("bom.csv", bytes).deposits[0]!.senderName).toBe("ÉLISE");
    expect(read("bom.csv", `\uFEFF${csv}`).deposits[0]!.senderName).toBe("ÉLISE");
  });

  it("reads Windows-1252 (Desjardins' encoding) with its accented names", () => {
    const bytes = fixture("desjardins.csv");
    expect(bytes.includes(0xc9)).toBe(true); // "É" as one Windows-1252 byte
    expect(read("desjardins.csv", bytes).deposits.map((d) => d.senderName)).toEqual([
      "JOHN SMITH",
      "FRANÇOIS BÉLANGER",
    ]);
  });
});
