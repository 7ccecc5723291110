import { and, eq, isNull } from "drizzle-orm";
import { Refusal, fail, refusalFailure, type Result } from "~/lib/errors";
import { recordAudit, type AuditActor } from "../audit/audit-log.server";
import { db } from "../db.server";
import { paymentImports } from "../db-tables";
import { wakeWorker } from "../email/worker.server";
import { readBankExport, type BankDeposit } from "./bank-exports.server";
import {
  recordIncomingPayments,
  type IncomingPayment,
  type MatchSummary,
  type PaymentOutcome,
} from "./matching.server";

/**
 * Bank exports (Payments → Import a bank export, docs/product/payments.md): the file is read and
 * kept, a preview shows what each deposit would do, and applying it stores and matches every
 * deposit in one transaction: the whole file or nothing.
 */

/** Reads an uploaded export and keeps its deposits for the preview; its id, or why not. */
export async function uploadBankExport(input: {
  fileName: string;
  content: Uint8Array;
  actor: AuditActor;
}): Promise<Result<{ id: string }>> {
  const reading = readBankExport(input.fileName, input.content);
  if (!reading.ok) return fail(400, reading.error, { file: reading.error });
  if (reading.deposits.length === 0)
    return fail(
      400,
      `This ${reading.layout} export holds no Interac e-Transfer deposits (${reading.otherRows} other rows). Nothing to import.`,
      { file: "No e-Transfer deposits in this file." },
    );
  const [stored] = await db()
    .insert(paymentImports)
    .values({
      fileName: input.fileName.slice(0, 200),
      layout: reading.layout,
      deposits: reading.deposits,
      otherRows: reading.otherRows,
      uploadedBy: input.actor.name,
    })
    .returning({ id: paymentImports.id });
  return { ok: true, id: stored!.id };
}

function incoming(deposits: BankDeposit[], importId: string): IncomingPayment[] {
  return deposits.map((deposit) => ({
    source: "bank_export",
    bankReference: deposit.bankReference,
    amountCents: deposit.amountCents,
    senderName: deposit.senderName,
    message: deposit.message,
    // Noon on the posting day: a bank export has no time of day.
    receivedAt: new Date(`${deposit.postedOn}T12:00:00Z`),
    importId,
  }));
}

/** Thrown to roll the preview's trial run back. */
class PreviewOnly extends Error {}

export interface ImportPreview {
  id: string;
  fileName: string;
  layout: string;
  otherRows: number;
  appliedAt: Date | null;
  outcome: MatchSummary | null;
  rows: (BankDeposit & { outcome: PaymentOutcome })[];
}

/**
 * The upload with what applying it would do now: the matching runs in a transaction that is then
 * rolled back, so the preview shows exactly what the apply will do on the same data.
 */
export async function bankImportPreview(id: string): Promise<ImportPreview | null> {
  const [upload] = await db().select().from(paymentImports).where(eq(paymentImports.id, id));
  if (!upload) return null;
  const deposits = upload.deposits as BankDeposit[];
  const outcomes: PaymentOutcome[] = [];
  if (!upload.appliedAt) {
    await db()
      .transaction(async (tx) => {
        await recordIncomingPayments(incoming(deposits, upload.id), { tx, outcomes });
        throw new PreviewOnly();
      })
      .catch((error) => {
        if (!(error instanceof PreviewOnly)) throw error;
      });
  }
  const byReference = new Map(outcomes.map((outcome) => [outcome.bankReference, outcome]));
  return {
    id: upload.id,
    fileName: upload.fileName,
    layout: upload.layout,
    otherRows: upload.otherRows,
    appliedAt: upload.appliedAt,
    outcome: upload.outcome as MatchSummary | null,
    rows: deposits.map((deposit) => ({
      ...deposit,
      outcome: byReference.get(deposit.bankReference) ?? {
        bankReference: deposit.bankReference,
        state: "duplicate",
        orderNumber: null,
        detail: upload.appliedAt ? "Imported" : "Twice in this file",
      },
    })),
  };
}

/** Applies an upload once: every deposit stored and matched in one transaction. */
export async function applyBankImport(input: {
  id: string;
  actor: AuditActor;
}): Promise<Result<{ summary: MatchSummary }>> {
  try {
    const summary = await db().transaction(async (tx) => {
      const [upload] = await tx
        .update(paymentImports)
        .set({ appliedAt: new Date() })
        .where(and(eq(paymentImports.id, input.id), isNull(paymentImports.appliedAt)))
        .returning();
      if (!upload) throw new Refusal(409, "This export was already imported.");
      const deposits = upload.deposits as BankDeposit[];
      const result = await recordIncomingPayments(incoming(deposits, upload.id), { tx });
      await tx
        .update(paymentImports)
        .set({ outcome: result })
        .where(eq(paymentImports.id, upload.id));
      await recordAudit(tx, {
        actor: input.actor,
        area: "payments",
        action: "import",
        record: {
          type: "bank-export",
          id: upload.id,
          label: `${upload.layout}: ${upload.fileName}`,
        },
        changes: { deposits: deposits.length, ...result },
      });
      return result;
    });
    if (summary.paid > 0) wakeWorker();
    return { ok: true, summary };
  } catch (error) {
    const failure = refusalFailure(error);
    if (failure) return failure;
    throw error;
  }
}
