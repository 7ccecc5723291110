import type { Result } from "~/lib/errors";
import { formProblem } from "./form.server";

const NO_CSV_FILE = "Choose a CSV file to import.";

/**
 * The `file` of a multipart POST (an import's upload) and the form's other fields, read with the
 * size limit enforced while the body arrives: a 10 MB upload to a 5 MB form is refused (413) after
 * 5 MB, whatever Content-Length says.
 */
export async function readCsvUpload(
  request: Request,
  limit: { maxBytes: number; tooLarge: string },
): Promise<Result<{ fileName: string; bytes: Uint8Array; form: FormData }>> {
  const problem = formProblem(request, ["multipart/form-data"]);
  if (problem) return { ok: false, ...problem };
  // Room for the multipart boundary, headers and a few small fields around the file.
  const maxBody = limit.maxBytes + 64 * 1024;
  const declared = Number(request.headers.get("Content-Length") ?? "0");
  if (declared > maxBody) return { ok: false, status: 413, message: limit.tooLarge };
  const chunks: Uint8Array[] = [];
  let size = 0;
  if (request.body) {
    const reader = request.body.getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.byteLength;
      if (size > maxBody) {
        await reader.cancel();
        return { ok: false, status: 413, message: limit.tooLarge };
      }
      chunks.push(value);
    }
  }
  let form: FormData;
  try {
    form = await new Response(new Blob(chunks as BlobPart[]), {
      headers: { "Content-Type": request.headers.get("Content-Type") ?? "" },
    }).formData();
  } catch {
    return { ok: false, status: 400, message: NO_CSV_FILE };
  }
  const file = form.get("file");
  if (!(file instanceof File) || (file.size === 0 && !file.name))
    return { ok: false, status: 400, message: NO_CSV_FILE };
  if (file.size > limit.maxBytes) return { ok: false, status: 413, message: limit.tooLarge };
  return {
    ok: true,
    fileName: file.name.slice(0, 200),
    bytes: new Uint8Array(await file.arrayBuffer()),
    form,
  };
}
