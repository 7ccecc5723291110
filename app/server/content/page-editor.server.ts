import { and, asc, desc, eq, sql } from "drizzle-orm";
import { changedFields, recordAudit, type AuditActor } from "../audit/audit-log.server";
import type { EditablePageSlug } from "~/lib/page-editor";
import { db, type Transaction } from "../db.server";
import { pageRevisions, pages } from "../db-tables";
import { sanitizePageHtml } from "./pages.server";
import { invalidatesPages } from "../storefront/page-invalidation.server";

/**
 * The Page Editor's domain: the five editable pages, their saves (sanitised, optimistic locking on
 * `version`) and their revision history (every save, who and when; restoring is a new save). A
 * page's French title, description and HTML (empty: the French store shows the English) are saved
 * with it, under the same version; revisions keep the English HTML only.
 */

/** The French version of a page; an empty field falls back to the English on the French store. */
export interface FrenchPage {
  title: string;
  description: string;
  content: string;
}

export type SaveResult =
  | {
      ok: true;
      content: string;
      contentFr: string;
      version: number;
      updatedAt: string;
      updatedBy: string | null;
      /** The sanitiser changed what was sent (unsafe markup removed, in either language). */
      cleaned: boolean;
    }
  | { ok: false; status: 404 | 409; message: string };

export async function getEditablePage(slug: EditablePageSlug) {
  const [page] = await db()
    .select({
      id: pages.id,
      slug: pages.slug,
      name: pages.name,
      path: pages.path,
      title: pages.title,
      description: pages.description,
      content: pages.content,
      titleFr: pages.titleFr,
      descriptionFr: pages.descriptionFr,
      contentFr: pages.contentFr,
      version: pages.version,
      updatedAt: pages.updatedAt,
      updatedBy: pages.updatedBy,
    })
    .from(pages)
    .where(eq(pages.slug, slug));
  if (!page) return undefined;
  return {
    ...page,
    content: sanitizePageHtml(page.content),
    contentFr: sanitizePageHtml(page.contentFr),
  };
}

export async function listPageRevisions(pageId: string, limit = 20) {
  return db()
    .select({
      id: pageRevisions.id,
      version: pageRevisions.version,
      createdBy: pageRevisions.createdBy,
      createdAt: pageRevisions.createdAt,
      restoredFrom: pageRevisions.restoredFrom,
      length: sql<number>`length(${pageRevisions.content})::int`,
    })
    .from(pageRevisions)
    .where(eq(pageRevisions.pageId, pageId))
    .orderBy(desc(pageRevisions.version), desc(pageRevisions.createdAt))
    .limit(limit);
}

export async function getPageRevision(pageId: string, revisionId: string) {
  const [revision] = await db()
    .select()
    .from(pageRevisions)
    .where(and(eq(pageRevisions.pageId, pageId), eq(pageRevisions.id, revisionId)));
  return revision ? { ...revision, content: sanitizePageHtml(revision.content) } : undefined;
}

async function writePage(
  tx: Transaction,
  input: {
    slug: EditablePageSlug;
    content: string;
    /** Left out (a restore, or a caller without it): the page's French stays as it is. */
    french?: FrenchPage;
    baseVersion: number;
    actor: AuditActor;
    restoredFrom?: string;
    now?: Date;
  },
): Promise<SaveResult> {
  const [page] = await tx.select().from(pages).where(eq(pages.slug, input.slug)).for("update");
  if (!page) return { ok: false, status: 404, message: "This page does not exist." };
  if (page.version !== input.baseVersion) {
    const who = page.updatedBy ?? "someone else";
    return {
      ok: false,
      status: 409,
      message: `This page was changed by ${who} after you opened it, so your save was refused to keep their changes. Your text is still in the editor: copy it, reload the page and apply your changes again.`,
    };
  }
  const content = sanitizePageHtml(input.content);
  // The French HTML is sanitised as the English is; an empty one stays empty (not translated).
  const french: FrenchPage = input.french
    ? { ...input.french, content: sanitizePageHtml(input.french.content) }
    : { title: page.titleFr, description: page.descriptionFr, content: page.contentFr };
  const cleaned =
    content !== input.content ||
    (input.french !== undefined && french.content !== input.french.content);
  const frenchChanges = {
    ...changedFields(
      { titleFr: page.titleFr, descriptionFr: page.descriptionFr },
      { titleFr: french.title, descriptionFr: french.description },
    ),
    ...(french.content === page.contentFr ? {} : { contentFr: "changed" }),
  };
  if (content === page.content && Object.keys(frenchChanges).length === 0 && !input.restoredFrom) {
    return {
      ok: true,
      content,
      contentFr: french.content,
      version: page.version,
      updatedAt: page.updatedAt.toISOString(),
      updatedBy: page.updatedBy,
      cleaned,
    };
  }
  const now = input.now ?? new Date();
  // The first save keeps the copy it replaces (the sample text or an older edit) as a revision.
  const [first] = await tx
    .select({ id: pageRevisions.id })
    .from(pageRevisions)
    .where(eq(pageRevisions.pageId, page.id))
    .orderBy(asc(pageRevisions.version))
    .limit(1);
  if (!first) {
    await tx.insert(pageRevisions).values({
      pageId: page.id,
      content: page.content,
      version: page.version,
      createdBy: page.updatedBy ?? "Original content",
      createdAt: page.updatedAt,
    });
  }
  const version = page.version + 1;
  await tx
    .update(pages)
    .set({
      content,
      titleFr: french.title,
      descriptionFr: french.description,
      contentFr: french.content,
      version,
      updatedBy: input.actor.name,
      updatedAt: now,
    })
    .where(eq(pages.id, page.id));
  await tx.insert(pageRevisions).values({
    pageId: page.id,
    content,
    version,
    createdBy: input.actor.name,
    restoredFrom: input.restoredFrom ?? null,
    createdAt: now,
  });
  await recordAudit(tx, {
    actor: input.actor,
    area: "pages",
    action: "update",
    record: { type: "page", id: page.slug, label: page.title },
    changes: {
      version: [page.version, version],
      ...frenchChanges,
      ...(input.restoredFrom ? { restoredFrom: input.restoredFrom } : {}),
    },
  });
  return {
    ok: true,
    content,
    contentFr: french.content,
    version,
    updatedAt: now.toISOString(),
    updatedBy: input.actor.name,
    cleaned,
  };
}

/**
 * Saves a page's HTML (and its French version when given), sanitised; refused (409) when saved by
 * someone else since `baseVersion`.
 */
export function savePageContent(input: {
  slug: EditablePageSlug;
  content: string;
  french?: FrenchPage;
  baseVersion: number;
  actor: AuditActor;
  now?: Date;
}): Promise<SaveResult> {
  return db()
    .transaction((tx) => writePage(tx, input))
    .then(invalidatesPages("page saved"));
}

/**
 * Makes an older revision the page's content again, as a new revision (history is kept). Revisions
 * hold the English HTML only: the page's French stays as it is.
 */
export async function restorePageRevision(input: {
  slug: EditablePageSlug;
  revisionId: string;
  baseVersion: number;
  actor: AuditActor;
  now?: Date;
}): Promise<SaveResult> {
  const result: SaveResult = await db().transaction(async (tx) => {
    const [revision] = await tx
      .select({ content: pageRevisions.content })
      .from(pageRevisions)
      .innerJoin(pages, eq(pages.id, pageRevisions.pageId))
      .where(and(eq(pageRevisions.id, input.revisionId), eq(pages.slug, input.slug)));
    if (!revision) return { ok: false, status: 404, message: "That revision does not exist." };
    return writePage(tx, { ...input, content: revision.content, restoredFrom: input.revisionId });
  });
  return invalidatesPages("page restored")(result);
}
