import { describe, expect, it } from "vitest";
import { csvCell, csvLine } from "./csv";
import { parseImportCsv } from "./customer-csv";
import {
  capitaliseName,
  checkImportRows,
  cleanImportPhone,
  EMPTY_FILE,
  findImportColumns,
  importedMessage,
  MAX_IMPORT_ROWS,
  NOT_CSV,
  NOT_UTF8,
  TOO_MANY_ROWS,
} from "./customer-import";
import { customerDisplayId, parseCustomerNumber } from "./customers";

const bytes = (text: string) => new TextEncoder().encode(text);
const parse = (text: string) => parseImportCsv(bytes(text));
const rowsOf = (text: string) => {
  const result = parse(text);
  if (!result.ok) throw new Error(result.message);
  return result.rows;
};
const errorsOf = (text: string) => rowsOf(text).flatMap((r) => r.errors);

describe("customer CSV import: columns", () => {
  it("needs name, email and phone columns, naming the missing ones", () => {
    expect(findImportColumns(["Email", "Address"])).toEqual({
      ok: false,
      message: "Missing required columns: name, phone",
    });
    expect(parse("foo,bar\n1,2")).toEqual({
      ok: false,
      message: "Missing required columns: name, email, phone",
    });
  });

  it("finds columns by their header in any order and case", () => {
    const found = findImportColumns([
      " Phone Number ",
      "E-mail",
      "Customer Name",
      "Marketing consent",
    ]);
    expect(found).toEqual({
      ok: true,
      columns: { name: 2, email: 1, phone: 0, consent: 3, address: undefined },
    });
  });
});

describe("customer CSV import: each row's messages", () => {
  const header = "name,email,phone\n";
  it("Row N: Insufficient data (fewer than 3 values)", () => {
    expect(errorsOf(`${header}Jane Doe,jane@example.com`)).toEqual(["Row 2: Insufficient data"]);
  });
  it("Row N: Invalid email format - …", () => {
    expect(errorsOf(`${header}Jane,jane.example.com,6045550199`)).toEqual([
      "Row 2: Invalid email format - jane.example.com",
    ]);
  });
  it("Row N: Invalid phone format - … (should be 10 digits)", () => {
    expect(errorsOf(`${header}Jane,jane@example.com,12345`)).toEqual([
      "Row 2: Invalid phone format - 12345 (should be 10 digits)",
    ]);
    expect(errorsOf(`${header}Jane,jane@example.com,26045550199`)).toEqual([
      "Row 2: Invalid phone format - 26045550199 (should be 10 digits)",
    ]);
  });
  it("Row N: Missing required fields (…)", () => {
    expect(errorsOf(`${header} ,jane@example.com,`)).toEqual([
      "Row 2: Missing required fields (name, phone)",
    ]);
  });
  it("numbers rows as a spreadsheet does (header is row 1, blank lines still count)", () => {
    const rows = rowsOf(`${header}A,a@example.com,6045550101\n\nB,bad,6045550102\n`);
    expect(rows.map((r) => r.row)).toEqual([2, 4]);
    expect(rows[1]!.errors).toEqual(["Row 4: Invalid email format - bad"]);
  });
  it("refuses the same email twice in one file", () => {
    expect(errorsOf(`${header}A,a@example.com,6045550101\nB, A@Example.com ,6045550102`)).toEqual([
      "Row 3: Duplicate email - a@example.com (also on row 2)",
    ]);
  });
  it("checks the optional consent column", () => {
    const rows = rowsOf(
      "name,email,phone,consent\nA,a@example.com,6045550101,yes\nB,b@example.com,6045550102,\nC,c@example.com,6045550103,maybe",
    );
    expect(rows.map((r) => r.consent)).toEqual([true, false, false]);
    expect(rows[2]!.errors).toEqual(["Row 4: Invalid consent value - maybe (use yes or no)"]);
  });
});

describe("customer CSV import: cleanup", () => {
  it("capitalises each word of a name", () => {
    expect(capitaliseName("  jANE   doe-SMITH ")).toBe("Jane Doe-Smith");
    expect(capitaliseName("émile zola")).toBe("Émile Zola");
  });
  it("formats phones xxx-xxx-xxxx: 10 digits, 11 starting with 1, 7 digits get 555", () => {
    expect(cleanImportPhone("(604) 555 0199")).toBe("604-555-0199");
    expect(cleanImportPhone("+1 604-555-0199")).toBe("604-555-0199");
    expect(cleanImportPhone("555-0199")).toBe("555-555-0199");
    expect(cleanImportPhone("12345678")).toBeNull();
  });
  it("trims and lower-cases the email, fills 'Address not provided'", () => {
    const [row] = rowsOf("Name,Email,Phone\njohn smith,  John.Smith@Example.COM ,604.555.0100");
    expect(row).toEqual({
      row: 2,
      name: "John Smith",
      email: "john.smith@example.com",
      phone: "604-555-0100",
      address: "Address not provided",
      consent: false,
      errors: [],
    });
  });
  it("keeps an address column when there is one", () => {
    const [row] = rowsOf("name,email,phone,address\nA,a@example.com,6045550101,12 Oak St");
    expect(row!.address).toBe("12 Oak St");
  });
});

describe("CSV file handling", () => {
  it("reads quotes, commas in fields, a BOM and CRLF", () => {
    const rows = rowsOf(
      '\uFEFFName,Email,Phone,Address\r\n"Doe, Jane",jane@example.com,6045550199,"1 ""Main"" St, Unit 2"\r\n',
    );
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      name: "Doe, Jane",
      address: '1 "Main" St, Unit 2',
      errors: [],
    });
  });
  it("says when a quote is left open", () => {
    const errors = errorsOf(
      'name,email,phone\nA,a@example.com,6045550101\n"B,b@example.com,6045550102\n',
    );
    expect(errors.some((e) => e.startsWith("Row 3: Unclosed quote"))).toBe(true);
  });
  it("refuses files that are not UTF-8 text, binary or empty", () => {
    expect(parseImportCsv(new Uint8Array([0x6e, 0x61, 0x6d, 0x65, 0xe9, 0x0a]))).toEqual({
      ok: false,
      message: NOT_UTF8,
    });
    expect(parseImportCsv(new Uint8Array([0xff, 0xfe, 0x6e, 0x00]))).toEqual({
      ok: false,
      message: NOT_UTF8,
    });
    expect(parseImportCsv(new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x00, 0x01]))).toEqual({
      ok: false,
      message: NOT_CSV,
    });
    expect(parseImportCsv(new Uint8Array())).toEqual({ ok: false, message: EMPTY_FILE });
    expect(checkImportRows([])).toEqual({ ok: false, message: EMPTY_FILE });
  });
  it(`refuses more than ${MAX_IMPORT_ROWS} rows`, () => {
    const body = "A,a@example.com,6045550101\n".repeat(MAX_IMPORT_ROWS + 1);
    expect(parse(`name,email,phone\n${body}`)).toEqual({ ok: false, message: TOO_MANY_ROWS });
  });
  it("writes CSV with formula cells neutralised", () => {
    expect(csvCell("=HYPERLINK(1)")).toBe("'=HYPERLINK(1)");
    expect(csvCell("+1")).toBe("'+1");
    expect(csvCell("-2")).toBe("'-2");
    expect(csvCell("@SUM(A1)")).toBe("'@SUM(A1)");
    expect(csvCell("604-555-0199")).toBe("604-555-0199");
    expect([csvLine(["Name", "Note"]), csvLine(["=cmd", "a, b"])].join("\r\n")).toBe(
      'Name,Note\r\n\'=cmd,"a, b"',
    );
  });
  it("has the success message", () => {
    expect(importedMessage(3)).toBe("Successfully imported 3 customers!");
  });
});

describe("customer ids", () => {
  it("shows CUST-nnn and reads it back in any form", () => {
    expect(customerDisplayId(7)).toBe("CUST-007");
    expect(customerDisplayId(1234)).toBe("CUST-1234");
    for (const text of ["CUST-007", "cust7", "CUST 7", "7", " 007 "])
      expect(parseCustomerNumber(text)).toBe(7);
    for (const text of ["CUST-", "jane", "0", "CUST-IMP-1", "99999999999"])
      expect(parseCustomerNumber(text)).toBeUndefined();
  });
});
