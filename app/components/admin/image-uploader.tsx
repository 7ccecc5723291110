import { CheckCircle2, ImageUp, Loader2, X } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { useRevalidator } from "react-router";
import { Alert, Field, FormProvider, FormSummary, useForm } from "~/components/form/form";
import { validateImageFile } from "~/lib/image-upload";
import { formatBytes } from "~/lib/text";
import { buttonClass } from "./button";
import { inputClass } from "./field";
import { uploadImage } from "./image-picker";

interface Chosen {
  file: File;
  previewUrl: string;
  width?: number;
  height?: number;
}

/**
 * The Image Library's upload area (docs/product/catalogue-and-stock.md#images): drop a file or
 * choose one, see a preview and its details, then upload.
 * The browser checks type and size at once; the server checks the content again, and what it
 * refuses is the form's message.
 */
export function ImageUploader() {
  const [chosen, setChosen] = useState<Chosen>();
  const [error, setError] = useState<string>();
  const [dragging, setDragging] = useState(false);
  const [success, setSuccess] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const [uploading, setUploading] = useState(false);
  const revalidator = useRevalidator();
  const form = useForm({});

  useEffect(() => () => (chosen ? URL.revokeObjectURL(chosen.previewUrl) : undefined), [chosen]);
  useEffect(() => {
    if (!success) return;
    const timer = setTimeout(() => setSuccess(false), 3000);
    return () => clearTimeout(timer);
  }, [success]);

  function choose(files: FileList | null | undefined) {
    const file = files?.[0];
    if (!file) return;
    setSuccess(false);
    const invalid = validateImageFile(file);
    if (invalid) {
      setChosen(undefined);
      setError(invalid);
      return;
    }
    setError(undefined);
    const previewUrl = URL.createObjectURL(file);
    setChosen({ file, previewUrl });
    const probe = new Image();
    probe.onload = () =>
      setChosen((current) =>
        current?.previewUrl === previewUrl
          ? { ...current, width: probe.naturalWidth, height: probe.naturalHeight }
          : current,
      );
    probe.onerror = () => {
      // Not an image the browser can read, whatever its name says.
      setChosen((current) => (current?.previewUrl === previewUrl ? undefined : current));
      setError("Error processing image file");
    };
    probe.src = previewUrl;
  }

  async function upload(element: HTMLFormElement) {
    if (!chosen) return;
    form.setErrors({});
    setUploading(true);
    const result = await uploadImage(
      chosen.file,
      String(new FormData(element).get("description") ?? ""),
    );
    setUploading(false);
    if ("error" in result) {
      form.setErrors({ form: `Upload failed: ${result.error}` });
      return;
    }
    setChosen(undefined);
    setSuccess(true);
    await revalidator.revalidate();
  }

  return (
    <section className="rounded-xl border border-stone-200 bg-white p-4 shadow-sm sm:p-5">
      <h2 className="mb-3 font-semibold text-stone-900">Upload image</h2>
      {chosen ? (
        <form
          {...form.props}
          className="flex flex-col gap-5 sm:flex-row"
          onSubmit={(e) => {
            e.preventDefault();
            void upload(e.currentTarget);
          }}
        >
          <img
            src={chosen.previewUrl}
            alt="Preview of the chosen file"
            className="h-40 w-40 shrink-0 rounded-lg border border-stone-200 bg-stone-50 object-contain"
          />
          <FormProvider form={form}>
            <div className="flex-1 space-y-3">
              <FormSummary className="mb-0" />
              <dl className="grid grid-cols-2 gap-x-4 gap-y-1 text-sm sm:grid-cols-4">
                <div className="col-span-2">
                  <dt className="text-xs text-stone-500">Name</dt>
                  <dd className="truncate font-medium text-stone-900">{chosen.file.name}</dd>
                </div>
                <div>
                  <dt className="text-xs text-stone-500">Type</dt>
                  <dd className="font-medium text-stone-900">{chosen.file.type}</dd>
                </div>
                <div>
                  <dt className="text-xs text-stone-500">Size</dt>
                  <dd className="font-medium text-stone-900">{formatBytes(chosen.file.size)}</dd>
                </div>
                <div>
                  <dt className="text-xs text-stone-500">Dimensions</dt>
                  <dd className="font-medium text-stone-900">
                    {chosen.width ? `${chosen.width} × ${chosen.height}` : "…"}
                  </dd>
                </div>
              </dl>
              <Field name="description" label="Description (optional)">
                {(p) => <input {...p} maxLength={500} className={inputClass} />}
              </Field>
              <div className="flex gap-2">
                <button type="submit" disabled={uploading} className={buttonClass("primary")}>
                  {uploading ? <Loader2 className="h-4 w-4 animate-spin" aria-hidden /> : null}
                  {uploading ? "Uploading..." : "Upload Image"}
                </button>
                <button
                  type="button"
                  disabled={uploading}
                  onClick={() => {
                    setChosen(undefined);
                    form.setErrors({});
                  }}
                  className={buttonClass("secondary")}
                >
                  <X className="h-4 w-4" aria-hidden />
                  Cancel
                </button>
              </div>
            </div>
          </FormProvider>
        </form>
      ) : (
        <div
          onDragOver={(e) => {
            e.preventDefault();
            setDragging(true);
          }}
          onDragLeave={() => setDragging(false)}
          onDrop={(e) => {
            e.preventDefault();
            setDragging(false);
            choose(e.dataTransfer.files);
          }}
          className={`flex flex-col items-center justify-center rounded-xl border-2 border-dashed px-6 py-10 text-center transition-colors ${dragging ? "border-brand-500 bg-brand-50" : "border-stone-300 bg-stone-50/60"}`}
        >
          <ImageUp className="h-10 w-10 text-stone-400" aria-hidden />
          <p className="mt-3 text-sm font-medium text-stone-800">Drag and drop an image here</p>
          <p className="mt-1 text-xs text-stone-500">JPEG, PNG, WebP or GIF, up to 10MB</p>
          <button
            type="button"
            onClick={() => input.current?.click()}
            className={buttonClass("primary", "md", "mt-4")}
          >
            Choose File
          </button>
          <input
            ref={input}
            type="file"
            accept="image/jpeg,image/png,image/webp,image/gif"
            aria-label="Choose an image file"
            className="sr-only"
            onChange={(e) => {
              choose(e.target.files);
              e.target.value = "";
            }}
          />
        </div>
      )}
      <Alert message={error} className="mt-3 mb-0" />
      {success ? (
        <p
          role="status"
          className="mt-3 flex items-center gap-1.5 text-sm font-medium text-brand-700"
        >
          <CheckCircle2 className="h-4 w-4" aria-hidden /> Image uploaded successfully!
        </p>
      ) : null}
    </section>
  );
}
