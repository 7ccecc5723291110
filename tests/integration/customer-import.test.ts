import { eq, sql } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import {
  FILE_TOO_LARGE,
  FIX_ERRORS_FIRST,
  MAX_IMPORT_BYTES,
  NOT_UTF8,
  NOTHING_TO_IMPORT,
} from "~/lib/customer-import";
import {
  getImportPreview,
  previewCustomerImport,
  readCsvUpload,
  runCustomerImport,
} from "~/server/customers/customer-import.server";
import { db } from "~/server/db.server";
import { subscribeToNewsletter } from "~/server/marketing/newsletter.server";
import { customerImports, customers, newsletterSubscribers } from "~/server/db-tables";
import { testActor } from "../setup/audit";
import { resetDatabase } from "../setup/database";
import { callRoute } from "../setup/route-call";

beforeEach(resetDatabase);

const encode = (text: string) => new TextEncoder().encode(text);

async function preview(text: string) {
  const result = await previewCustomerImport({
    fileName: "customers.csv",
    bytes: encode(text),
    createdBy: "Owner",
  });
  if (!result.ok) throw new Error(result.message);
  return result.id;
}

const FILE = [
  "Name,Email,Phone,Consent",
  "ann lee,ANN@example.com,(604) 555-0101,yes",
  '"ray, bob",bob@example.com,555-0102,no',
  "cy ko,cy@example.com,1 604 555 0103,",
].join("\r\n");

describe("CSV import preview", () => {
  it("lists every row, its cleanup and existing matches, and writes no customer", async () => {
    await db()
      .insert(customers)
      .values({ name: "Old Ann", email: "Ann@Example.com", address: "9 Elm" });
    const id = await preview(FILE);
    const p = (await getImportPreview(id, { page: 1, show: "all" }))!;
    expect(p).toMatchObject({
      rowCount: 3,
      errorCount: 0,
      existingCount: 1,
      newCount: 2,
      consentCount: 1,
    });
    expect(p.rows.map((r) => [r.row, r.name, r.email, r.phone, r.address])).toEqual([
      [2, "Ann Lee", "ann@example.com", "604-555-0101", "Address not provided"],
      [3, "Ray, Bob", "bob@example.com", "555-555-0102", "Address not provided"],
      [4, "Cy Ko", "cy@example.com", "604-555-0103", "Address not provided"],
    ]);
    expect(p.rows[0]!.existing).toBeTypeOf("number");
    expect((await getImportPreview(id, { page: 1, show: "existing" }))!.rows).toHaveLength(1);
    expect(await db().select().from(customers)).toHaveLength(1);
  });

  it("refuses files it cannot read with a clear message", async () => {
    const header = await previewCustomerImport({
      fileName: "x.csv",
      bytes: encode("first,last\nA,B"),
      createdBy: "Owner",
    });
    expect(header).toEqual({
      ok: false,
      status: 400,
      message: "Missing required columns: name, email, phone",
    });
    const latin1 = await previewCustomerImport({
      fileName: "x.csv",
      bytes: new Uint8Array([0x6e, 0x61, 0x6d, 0xe9, 0x0a]),
      createdBy: "Owner",
    });
    expect(latin1).toEqual({ ok: false, status: 400, message: NOT_UTF8 });
    expect(await db().select().from(customerImports)).toHaveLength(0);
  });
});

describe("CSV import", () => {
  it("imports new customers active with zero counts, records consent with source import", async () => {
    const id = await preview(FILE);
    const result = await runCustomerImport({ importId: id, existing: "skip", actor: testActor() });
    expect(result).toMatchObject({
      ok: true,
      message: "Successfully imported 3 customers!",
      created: 3,
    });
    const rows = await db().select().from(customers).orderBy(customers.customerNumber);
    expect(rows.map((r) => [r.name, r.status, r.source, r.address])).toEqual([
      ["Ann Lee", "active", "import", "Address not provided"],
      ["Ray, Bob", "active", "import", "Address not provided"],
      ["Cy Ko", "active", "import", "Address not provided"],
    ]);
    const consent = await db().select().from(newsletterSubscribers);
    expect(consent).toEqual([
      expect.objectContaining({ email: "ann@example.com", source: "import" }),
    ]);
    // Confirming twice imports nothing more.
    expect(await runCustomerImport({ importId: id, existing: "skip", actor: testActor() })).toEqual(
      {
        ok: false,
        status: 409,
        message: "This file was already imported.",
      },
    );
  });

  it("skips or updates customers already on file, as chosen; keeps earlier consent", async () => {
    const earlier = new Date("2025-05-05T00:00:00Z");
    await db()
      .insert(customers)
      .values({ name: "Old Ann", email: "Ann@Example.com", address: "9 Elm", note: "VIP" });
    await subscribeToNewsletter({ email: "ann@example.com", source: "footer", now: earlier });
    const skip = await runCustomerImport({
      importId: await preview(FILE),
      existing: "skip",
      actor: testActor(),
    });
    expect(skip).toMatchObject({
      ok: true,
      created: 2,
      updated: 0,
      skipped: 1,
      message: "Successfully imported 2 customers!",
    });
    let [ann] = await db()
      .select()
      .from(customers)
      .where(sql`lower(email) = 'ann@example.com'`);
    expect(ann).toMatchObject({ name: "Old Ann", phone: null });

    const update = await runCustomerImport({
      importId: await preview(FILE),
      existing: "update",
      actor: testActor(),
    });
    expect(update).toMatchObject({
      ok: true,
      created: 0,
      updated: 3,
      message: "Successfully imported 3 customers!",
    });
    [ann] = await db()
      .select()
      .from(customers)
      .where(sql`lower(email) = 'ann@example.com'`);
    expect(ann).toMatchObject({
      name: "Ann Lee",
      phone: "604-555-0101",
      address: "9 Elm",
      note: "VIP",
    });
    const [consent] = await db().select().from(newsletterSubscribers);
    expect(consent).toMatchObject({ source: "footer", consentedAt: earlier });

    const nothing = await runCustomerImport({
      importId: await preview(FILE),
      existing: "skip",
      actor: testActor(),
    });
    expect(nothing).toEqual({ ok: false, status: 400, message: NOTHING_TO_IMPORT });
  });

  it("refuses a preview with errors, and an empty file, writing nothing", async () => {
    const bad = await preview(
      "name,email,phone\nAnn,ann@example.com,6045550101\nBob,bob-at-example,123\n",
    );
    const p = (await getImportPreview(bad, { page: 1, show: "errors" }))!;
    expect(p.errors).toEqual([
      "Row 3: Invalid email format - bob-at-example",
      "Row 3: Invalid phone format - 123 (should be 10 digits)",
    ]);
    expect(
      await runCustomerImport({ importId: bad, existing: "skip", actor: testActor() }),
    ).toEqual({
      ok: false,
      status: 400,
      message: FIX_ERRORS_FIRST,
    });
    const empty = await preview("name,email,phone\n");
    expect(
      await runCustomerImport({ importId: empty, existing: "skip", actor: testActor() }),
    ).toEqual({
      ok: false,
      status: 400,
      message: NOTHING_TO_IMPORT,
    });
    expect(await db().select().from(customers)).toHaveLength(0);
  });

  it("is all or nothing: a row that fails in the database rolls every row back", async () => {
    const lines = Array.from(
      { length: 1500 },
      (_, i) => `P ${i},p${i}@example.com,604555${String(i).padStart(4, "0")}`,
    );
    const id = await preview(
      `name,email,phone,consent\n${lines.map((l) => `${l},yes`).join("\n")}`,
    );
    // Spoil the last row behind the preview's back (a name the database refuses).
    await db().execute(sql`
      update customer_imports set rows = jsonb_set(rows, '{1499,name}', 'null'::jsonb) where id = ${id}`);
    await expect(
      runCustomerImport({ importId: id, existing: "skip", actor: testActor() }),
    ).rejects.toThrow();
    expect(await db().select().from(customers)).toHaveLength(0);
    expect(await db().select().from(newsletterSubscribers)).toHaveLength(0);
    const [saved] = await db().select().from(customerImports).where(eq(customerImports.id, id));
    expect(saved!.status).toBe("previewed");
  });
});

describe("CSV upload", () => {
  const multipart = (content: Uint8Array, fileName = "c.csv") => {
    const form = new FormData();
    form.set("file", new File([content as BlobPart], fileName, { type: "text/csv" }));
    return new Request("http://store.test/budzadmin/dashboard/customers/import", {
      method: "POST",
      body: form,
    });
  };

  it("reads the file of a multipart post", async () => {
    const upload = await readCsvUpload(multipart(encode(FILE)));
    expect(upload).toMatchObject({ ok: true, fileName: "c.csv" });
  });

  it("stops reading past 5 MB, whatever the request claims (413)", async () => {
    const big = new Uint8Array(MAX_IMPORT_BYTES + 200 * 1024).fill(0x61);
    expect(await readCsvUpload(multipart(big))).toEqual({
      ok: false,
      status: 413,
      message: FILE_TOO_LARGE,
    });
    // A chunked body without Content-Length: the limit holds while reading.
    let sent = 0;
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        sent += 1024 * 1024;
        if (sent > 10 * 1024 * 1024) controller.close();
        else controller.enqueue(new Uint8Array(1024 * 1024).fill(0x61));
      },
    });
    const chunked = new Request("http://store.test/x", {
      method: "POST",
      body: stream,
      headers: { "Content-Type": "multipart/form-data; boundary=x" },
      duplex: "half",
    } as RequestInit);
    expect(await readCsvUpload(chunked)).toEqual({
      ok: false,
      status: 413,
      message: FILE_TOO_LARGE,
    });
    expect(sent).toBeLessThan(8 * 1024 * 1024);
  });

  it("answers 400 to a post without a file", async () => {
    const form = new FormData();
    form.set("other", "x");
    const request = new Request("http://store.test/x", { method: "POST", body: form });
    expect(await readCsvUpload(request)).toEqual({
      ok: false,
      status: 400,
      message: "Choose a CSV file to import.",
    });
  });
});

describe("import routes answer bad uploads with a 4xx", () => {
  async function signedIn() {
    const { createAdminUser } = await import("~/server/auth/admin-users.server");
    const { createAdminSession } = await import("~/server/auth/session.server");
    const admin = await createAdminUser({
      username: "importer",
      password: "import-pass-1",
      role: "manager",
    });
    return (await createAdminSession({ userId: admin.id })).split(";")[0]!;
  }
  const post = (cookie: string, body: BodyInit, type?: string) =>
    new Request("http://store.test/budzadmin/dashboard/customers/import", {
      method: "POST",
      body,
      headers: {
        Cookie: cookie,
        Origin: "http://store.test",
        ...(type ? { "Content-Type": type } : {}),
      },
    });
  const statusOf = (result: unknown) =>
    (result as { init?: { status?: number } }).init?.status ??
    (result instanceof Response ? result.status : 200);

  it("413 for a 10 MB file, 400 for a broken or empty post, 302 to the preview for a good file", async () => {
    const cookie = await signedIn();
    const route = await import("~/routes/admin/customers/import");
    // The import screen's action behind the admin guard, as the server runs it.
    const action = (request: Request) => callRoute(route, "action", request);
    const file = (bytes: Uint8Array) => {
      const form = new FormData();
      form.set("file", new File([bytes as BlobPart], "c.csv", { type: "text/csv" }));
      return form;
    };
    const big = new Uint8Array(10 * 1024 * 1024).fill(0x61);
    expect(statusOf(await action(post(cookie, file(big))))).toBe(413);
    expect(
      statusOf(await action(post(cookie, "garbage", "multipart/form-data; boundary=zz"))),
    ).toBe(400);
    expect(statusOf(await action(post(cookie, new FormData())))).toBe(400);
    const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0]);
    expect(statusOf(await action(post(cookie, file(png))))).toBe(400);
    const good = await action(post(cookie, file(encode(FILE))));
    expect(good).toBeInstanceOf(Response);
    expect((good as Response).headers.get("Location")).toMatch(
      /^\/budzadmin\/dashboard\/customers\/import\/[0-9a-f-]{36}$/,
    );
  });
});
