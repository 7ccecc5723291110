import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import {
  getEditablePage,
  getPageRevision,
  listPageRevisions,
  restorePageRevision,
  savePageContent,
} from "~/server/content/page-editor.server";
import { getPublishedPage, sanitizePageHtml } from "~/server/content/pages.server";
import { db } from "~/server/db.server";
import { auditLog, pages } from "~/server/db-tables";
import { insertDefaultContent } from "~/server/seed/sample-data.server";
import * as editorRoute from "~/routes/admin/pages/content";
import * as contentPage from "~/routes/store/content-page";
import { createAdminUser } from "~/server/auth/admin-users.server";
import { createAdminSession } from "~/server/auth/session.server";
import { testActor } from "../setup/audit";
import { resetDatabase } from "../setup/database";
import { callRoute } from "../setup/route-call";

beforeEach(async () => {
  await resetDatabase();
  await insertDefaultContent();
});

const HOSTILE = `<h2 onclick="steal()">Hi</h2><script>alert(1)</script><p>Read <a href="javascript:alert(2)">this</a> and <a href="https://example.com" onmouseover="x()">that</a>.</p><img src="x" onerror="alert(3)"><iframe src="https://evil.example"></iframe>`;

describe("sanitising page HTML", () => {
  it("drops scripts, event handlers, javascript: links and frames, keeps the text", () => {
    const clean = sanitizePageHtml(HOSTILE);
    expect(clean).not.toMatch(/script|onclick|onmouseover|onerror|javascript:|iframe/i);
    expect(clean).toContain("<h2>Hi</h2>");
    expect(clean).toContain('<a href="https://example.com">that</a>');
    expect(clean).toContain("<a>this</a>");
  });
});

describe("saving a page", () => {
  it("stores the sanitised HTML, bumps the version, records who, and the store shows it at once", async () => {
    const before = (await getEditablePage("about"))!;
    const result = await savePageContent({
      slug: "about",
      content: `<p>New about text</p>${HOSTILE}`,
      baseVersion: before.version,
      actor: testActor(null, "Sam"),
    });
    expect(result).toMatchObject({
      ok: true,
      version: before.version + 1,
      updatedBy: "Sam",
      cleaned: true,
    });
    const [row] = await db().select().from(pages).where(eq(pages.slug, "about"));
    expect(row!.content).toContain("<p>New about text</p>");
    expect(row!.content).not.toMatch(/script|onclick|javascript:/i);
    expect(row!.updatedBy).toBe("Sam");
    // The public route reads the database on every request.
    const served = (await callRoute(
      contentPage,
      "loader",
      new Request("http://store.test/about"),
    )) as Awaited<ReturnType<typeof contentPage.loader>>;
    expect(served.page.content).toContain("New about text");
  });

  it("sanitises again on render (HTML written to the table by other means)", async () => {
    await db().update(pages).set({ content: HOSTILE }).where(eq(pages.slug, "faq"));
    const page = await getPublishedPage("faq");
    expect(page!.content).not.toMatch(/script|onclick|onerror|javascript:/i);
    expect((await getEditablePage("faq"))!.content).not.toMatch(/script/i);
  });

  it("refuses a save based on a stale version with a clear message and keeps the other save", async () => {
    const page = (await getEditablePage("privacy"))!;
    const first = await savePageContent({
      slug: "privacy",
      content: "<p>Alex's edit</p>",
      baseVersion: page.version,
      actor: testActor(null, "Alex"),
    });
    expect(first.ok).toBe(true);
    const stale = await savePageContent({
      slug: "privacy",
      content: "<p>Sam's edit</p>",
      baseVersion: page.version,
      actor: testActor(null, "Sam"),
    });
    expect(stale).toMatchObject({ ok: false, status: 409 });
    expect(!stale.ok && stale.message).toMatch(/changed by Alex after you opened it/);
    expect((await getEditablePage("privacy"))!.content).toBe("<p>Alex's edit</p>");
  });

  it("saves the French title, description and HTML under the page's version, sanitised; revisions stay English", async () => {
    const page = (await getEditablePage("about"))!;
    // The default pages come in French too.
    expect(page).toMatchObject({ titleFr: "À propos", contentFr: expect.stringContaining("<h2>") });
    const result = await savePageContent({
      slug: "about",
      content: page.content,
      french: {
        title: "Qui sommes-nous",
        description: "Notre boutique.",
        content: `<p>Notre histoire</p>${HOSTILE}`,
      },
      baseVersion: page.version,
      actor: testActor(null, "Sam"),
    });
    expect(result).toMatchObject({ ok: true, version: page.version + 1, cleaned: true });
    const [row] = await db().select().from(pages).where(eq(pages.slug, "about"));
    expect(row).toMatchObject({ titleFr: "Qui sommes-nous", descriptionFr: "Notre boutique." });
    expect(row!.contentFr).toContain("<p>Notre histoire</p>");
    expect(row!.contentFr).not.toMatch(/script|onclick|onerror|javascript:/i);
    expect(row!.content).toBe(page.content);
    // One audit entry: the version and the French fields changed.
    const [entry] = await db()
      .select({ changes: auditLog.changes })
      .from(auditLog)
      .where(eq(auditLog.recordId, "about"));
    expect(entry!.changes).toEqual({
      version: [page.version, page.version + 1],
      titleFr: ["À propos", "Qui sommes-nous"],
      descriptionFr: [page.descriptionFr, "Notre boutique."],
      contentFr: "changed",
    });
    // The revision keeps the English HTML; a stale French save is refused like an English one.
    const [revision] = await listPageRevisions(page.id);
    expect((await getPageRevision(page.id, revision!.id))!.content).toBe(page.content);
    expect(
      await savePageContent({
        slug: "about",
        content: page.content,
        french: { title: "Autre", description: "", content: "" },
        baseVersion: page.version,
        actor: testActor(null, "Alex"),
      }),
    ).toMatchObject({ ok: false, status: 409 });
    // Restoring an (English) revision, or a save without French, keeps the French.
    await savePageContent({
      slug: "about",
      content: "<p>English only</p>",
      baseVersion: page.version + 1,
      actor: testActor(null, "Sam"),
    });
    const restored = await restorePageRevision({
      slug: "about",
      revisionId: revision!.id,
      baseVersion: page.version + 2,
      actor: testActor(null, "Sam"),
    });
    expect(restored).toMatchObject({ ok: true, content: page.content });
    expect(await getEditablePage("about")).toMatchObject({
      titleFr: "Qui sommes-nous",
      contentFr: expect.stringContaining("<p>Notre histoire</p>"),
    });
    // Emptied: not translated (the French store shows the English).
    const cleared = await savePageContent({
      slug: "about",
      content: page.content,
      french: { title: "", description: "", content: "" },
      baseVersion: page.version + 3,
      actor: testActor(null, "Sam"),
    });
    expect(cleared).toMatchObject({ ok: true, contentFr: "" });
    expect(await getEditablePage("about")).toMatchObject({ titleFr: "", contentFr: "" });
  });

  it("is a no-op (no new revision) when nothing changed", async () => {
    const page = (await getEditablePage("contact"))!;
    const same = await savePageContent({
      slug: "contact",
      content: page.content,
      baseVersion: page.version,
      actor: testActor(null, "Sam"),
    });
    expect(same).toMatchObject({ ok: true, version: page.version });
    expect(await listPageRevisions(page.id)).toHaveLength(0);
  });
});

describe("revisions", () => {
  it("keeps the original and every save (who, when), and restoring makes a new revision", async () => {
    const page = (await getEditablePage("home"))!;
    const original = page.content;
    const t1 = new Date("2026-03-01T10:00:00Z");
    const t2 = new Date("2026-03-02T10:00:00Z");
    const t3 = new Date("2026-03-03T10:00:00Z");
    await savePageContent({
      slug: "home",
      content: "<h1>One</h1>",
      baseVersion: 1,
      actor: testActor(null, "Alex"),
      now: t1,
    });
    await savePageContent({
      slug: "home",
      content: "<h1>Two</h1>",
      baseVersion: 2,
      actor: testActor(null, "Sam"),
      now: t2,
    });
    const revisions = await listPageRevisions(page.id);
    expect(revisions.map((r) => [r.version, r.createdBy])).toEqual([
      [3, "Sam"],
      [2, "Alex"],
      [1, "Original content"],
    ]);
    expect(revisions[0]!.createdAt.toISOString()).toBe(t2.toISOString());
    const oldest = revisions[2]!;
    expect((await getPageRevision(page.id, oldest.id))!.content).toBe(original);

    const restored = await restorePageRevision({
      slug: "home",
      revisionId: revisions[1]!.id,
      baseVersion: 3,
      actor: testActor(null, "Jo"),
      now: t3,
    });
    expect(restored).toMatchObject({ ok: true, version: 4, content: "<h1>One</h1>" });
    const after = await listPageRevisions(page.id);
    expect(after).toHaveLength(4);
    expect(after[0]).toMatchObject({ version: 4, createdBy: "Jo", restoredFrom: revisions[1]!.id });
    expect((await getPublishedPage("home"))!.content).toBe("<h1>One</h1>");
  });

  it("refuses a stale restore and an unknown revision", async () => {
    const page = (await getEditablePage("about"))!;
    await savePageContent({
      slug: "about",
      content: "<p>A</p>",
      baseVersion: 1,
      actor: testActor(null, "Alex"),
    });
    const [rev] = await listPageRevisions(page.id);
    expect(
      await restorePageRevision({
        slug: "about",
        revisionId: rev!.id,
        baseVersion: 1,
        actor: testActor(null, "Sam"),
      }),
    ).toMatchObject({ ok: false, status: 409 });
    expect(
      await restorePageRevision({
        slug: "faq",
        revisionId: rev!.id,
        baseVersion: 1,
        actor: testActor(null, "Sam"),
      }),
    ).toMatchObject({ ok: false, status: 404 });
  });
});

describe("the Page Editor's route as the server calls it (one action, a handler per button)", () => {
  const ORIGIN = "http://store.test";
  let cookie: string;
  beforeEach(async () => {
    const admin = await createAdminUser({
      username: "editor-staff",
      password: "staff-pass-1",
      role: "manager",
    });
    cookie = (await createAdminSession({ userId: admin.id })).split(";")[0]!;
  });
  const post = (fields: Record<string, string>) => {
    const body = new FormData();
    for (const [key, value] of Object.entries(fields)) body.set(key, value);
    const request = new Request(`${ORIGIN}/budzadmin/dashboard/pages?page=about`, {
      method: "POST",
      headers: { Cookie: cookie, Origin: ORIGIN },
      body,
    });
    return callRoute(editorRoute, "action", request);
  };
  type Reply = { data?: { errors?: Record<string, string> }; init?: { status?: number } };

  it("saves, previews, and answers a stale save or restore with the form's message", async () => {
    const page = (await getEditablePage("about"))!;
    const saved = await post({
      intent: "save",
      content: "<p>Route</p>",
      version: `${page.version}`,
    });
    expect(saved).toMatchObject({ ok: true, version: page.version + 1, content: "<p>Route</p>" });

    const stale = (await post({
      intent: "save",
      content: "<p>Old</p>",
      version: `${page.version}`,
    })) as Reply;
    expect(stale.init?.status).toBe(409);
    expect(stale.data?.errors?.form).toMatch(/changed by .* after you opened it/);

    const [revision] = await listPageRevisions(page.id);
    const restore = (await post({
      intent: "restore",
      revisionId: revision!.id,
      version: `${page.version}`,
    })) as Reply;
    expect(restore.init?.status).toBe(409);
    expect(restore.data?.errors?.form).toMatch(/after you opened it/);

    expect(await post({ intent: "preview", content: HOSTILE })).toEqual({
      preview: sanitizePageHtml(HOSTILE),
    });
    const tooLong = (await post({
      intent: "save",
      content: "x".repeat(100_001),
      version: "2",
    })) as Reply;
    expect(tooLong.init?.status).toBe(400);
    expect(tooLong.data?.errors?.content).toMatch(/too long/);
  });

  it("saves the French page posted with the English, and refuses French that is too long", async () => {
    const page = (await getEditablePage("about"))!;
    const saved = await post({
      intent: "save",
      content: page.content,
      titleFr: "  À propos de nous ",
      descriptionFr: "Qui nous sommes.",
      contentFr: "<p>Bonjour</p><script>x()</script>",
      version: `${page.version}`,
    });
    expect(saved).toMatchObject({
      ok: true,
      version: page.version + 1,
      contentFr: "<p>Bonjour</p>",
    });
    expect(await getEditablePage("about")).toMatchObject({
      titleFr: "À propos de nous",
      descriptionFr: "Qui nous sommes.",
      contentFr: "<p>Bonjour</p>",
    });
    const tooLong = (await post({
      intent: "save",
      content: page.content,
      titleFr: "x".repeat(201),
      descriptionFr: "",
      contentFr: "x".repeat(100_001),
      version: `${page.version + 1}`,
    })) as Reply;
    expect(tooLong.init?.status).toBe(400);
    expect(tooLong.data?.errors).toMatchObject({
      titleFr: "The French title must be at most 200 characters.",
      contentFr: expect.stringMatching(/French page HTML is too long/),
    });
  });

  it("refuses a button it does not know with a 400", async () => {
    const thrown = await post({ intent: "publish", content: "<p>x</p>" }).catch((e: unknown) => e);
    expect((thrown as Reply).init?.status).toBe(400);
  });
});
