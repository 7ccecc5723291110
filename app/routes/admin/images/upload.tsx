import type { Route } from "./+types/upload";
import { auditActor } from "~/server/auth/actor.server";
import { IMAGE_TOO_LARGE, INVALID_IMAGE } from "~/lib/image-upload";
import { cleanForm, formProblem } from "~/server/http/form.server";
import {
  FileNotStoredError,
  ImageRejectedError,
  MAX_IMAGE_BYTES,
  storeImage,
} from "~/server/images/image-store.server";
import { requirePermission } from "~/server/auth/admin-guard.server";

export const middleware: Route.MiddlewareFunction[] = [requirePermission("products")];

// Room for the multipart boundaries and the description around a file of the maximum size.
const MAX_BODY_BYTES = MAX_IMAGE_BYTES + 64 * 1024;

const fail = (error: string, status: number) => Response.json({ error }, { status });

/** POST multipart (file, optional description): stores the image in the library; JSON answer. */
export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== "POST") return fail("Method not allowed", 405);
  const length = Number(request.headers.get("Content-Length") ?? "");
  if (!Number.isFinite(length) || length <= 0)
    return fail("Upload failed: the request has no length", 411);
  if (length > MAX_BODY_BYTES) return fail(IMAGE_TOO_LARGE, 413);
  const problem = formProblem(request, ["multipart/form-data"]);
  if (problem) return fail(problem.message, problem.status);
  let form: FormData;
  try {
    form = cleanForm(await request.formData());
  } catch {
    return fail("Error processing image file", 400);
  }
  const file = form.get("file");
  if (!(file instanceof File) || file.size === 0) return fail(INVALID_IMAGE, 400);
  if (file.size > MAX_IMAGE_BYTES) return fail(IMAGE_TOO_LARGE, 413);
  const description = form.get("description");
  try {
    const image = await storeImage({
      body: Buffer.from(await file.arrayBuffer()),
      name: file.name || "image",
      description:
        typeof description === "string" && description.trim()
          ? description.trim().slice(0, 500)
          : null,
      actor: auditActor(context),
    });
    return Response.json({ image }, { status: 201 });
  } catch (error) {
    if (error instanceof ImageRejectedError) return fail(error.message, 400);
    // The storage refused the files (nothing kept): staff read why and can try again.
    if (error instanceof FileNotStoredError) return fail(error.message, error.status);
    throw error;
  }
}

export async function loader() {
  return fail("Use POST to upload an image", 405);
}
