import * as Dialog from "@radix-ui/react-dialog";
import { ImageIcon, Library, Loader2, Upload, X } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { href, useFetcher } from "react-router";
import { useFieldError } from "~/components/form/form";
import { ResponsiveImage } from "~/components/ui/responsive-image";
import { validateImageFile } from "~/lib/image-upload";
import { buttonClass } from "./button";
import { inputClass } from "./field";

interface PickerImage {
  imageId: string;
  imageName: string;
  imageUrl: string;
  imageWidth: number;
  imageHeight: number;
}
interface PickerData {
  list: { rows: PickerImage[]; page: number; pageCount: number; total: number };
}
type UploadResponse = { image: { imageUrl: string; imageName: string } } | { error: string };

/** Sends one file to the library; the answer names the stored image or says what was wrong. */
export async function uploadImage(file: File, description = ""): Promise<UploadResponse> {
  const body = new FormData();
  body.set("file", file);
  if (description) body.set("description", description);
  try {
    const response = await fetch(href("/budzadmin/dashboard/images/upload"), {
      method: "POST",
      body,
    });
    if (response.status === 401) window.location.assign(href("/budzadmin"));
    const answer = (await response.json().catch(() => undefined)) as UploadResponse | undefined;
    return answer ?? { error: `HTTP error! status: ${response.status}` };
  } catch {
    return { error: "Connection failed" };
  }
}

/** Dialog listing the Image Library (searchable, paged on the server); picking closes it. */
function LibraryDialog({
  open,
  onOpenChange,
  onPick,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onPick: (url: string) => void;
}) {
  const fetcher = useFetcher<PickerData>();
  const [q, setQ] = useState("");
  const [page, setPage] = useState(1);
  const { load } = fetcher;
  useEffect(() => {
    if (!open) return;
    const timer = setTimeout(() => {
      const params = new URLSearchParams({ q, page: String(page) });
      void load(`${href("/budzadmin/dashboard/images")}?${params}`);
    }, 200);
    return () => clearTimeout(timer);
  }, [open, q, page, load]);
  const list = fetcher.data?.list;
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-[55] bg-stone-950/50" />
        <Dialog.Content className="fixed top-1/2 left-1/2 z-[56] flex max-h-[85vh] w-[calc(100%-2rem)] max-w-3xl -translate-x-1/2 -translate-y-1/2 flex-col rounded-2xl bg-white shadow-2xl">
          <div className="flex items-center justify-between border-b border-stone-200 px-5 py-4">
            <Dialog.Title className="font-semibold text-stone-900">
              Choose from Image Library
            </Dialog.Title>
            <Dialog.Description className="sr-only">
              Pick an image for the product
            </Dialog.Description>
            <Dialog.Close aria-label="Close" className={buttonClass("ghost", "icon")}>
              <X className="h-5 w-5" aria-hidden />
            </Dialog.Close>
          </div>
          <div className="border-b border-stone-200 px-5 py-3">
            <input
              type="search"
              value={q}
              onChange={(e) => {
                setQ(e.target.value);
                setPage(1);
              }}
              placeholder="Search images"
              aria-label="Search images"
              className={inputClass}
            />
          </div>
          <div className="flex-1 overflow-y-auto p-5">
            {!list ? (
              <p className="flex items-center justify-center gap-2 py-12 text-sm text-stone-500">
                <Loader2 className="h-4 w-4 animate-spin" aria-hidden /> Loading images…
              </p>
            ) : list.rows.length === 0 ? (
              <p className="py-12 text-center text-sm text-stone-500">
                {q ? "No images match your filters" : "No images uploaded yet"}
              </p>
            ) : (
              <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 md:grid-cols-4">
                {list.rows.map((image) => (
                  <li key={image.imageId}>
                    <button
                      type="button"
                      onClick={() => onPick(image.imageUrl)}
                      className="group block w-full overflow-hidden rounded-lg border border-stone-200 text-left hover:border-brand-500 focus-visible:border-brand-500"
                    >
                      <ResponsiveImage
                        src={image.imageUrl}
                        alt=""
                        sizes="160px"
                        width={160}
                        height={160}
                        className="aspect-square w-full bg-stone-100 object-cover"
                      />
                      <span className="block truncate px-2 py-1.5 text-xs text-stone-700">
                        {image.imageName}
                      </span>
                    </button>
                  </li>
                ))}
              </ul>
            )}
          </div>
          {list && list.pageCount > 1 ? (
            <div className="flex items-center justify-between border-t border-stone-200 px-5 py-3 text-sm text-stone-600">
              <button
                type="button"
                className={buttonClass("secondary", "sm")}
                disabled={page <= 1}
                onClick={() => setPage(page - 1)}
              >
                Previous
              </button>
              <span>
                Page {list.page} of {list.pageCount}
              </span>
              <button
                type="button"
                className={buttonClass("secondary", "sm")}
                disabled={page >= list.pageCount}
                onClick={() => setPage(page + 1)}
              >
                Next
              </button>
            </div>
          ) : null}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

/**
 * One image slot of a form: a hidden input with the library URL, a preview, and buttons to pick
 * from the library, upload a new file (stored in the library too) or clear the slot. Its message
 * comes from the form by `errorName` (the slot's own upload problems first).
 */
export function ImageSlot({
  name,
  label,
  value,
  onChange,
  errorName,
  required,
  compact,
}: {
  name: string;
  label: string;
  value: string;
  onChange: (url: string) => void;
  /** The form's field for this slot's message ("image", "thumbnails.0"). */
  errorName: string;
  required?: boolean;
  compact?: boolean;
}) {
  const [pickerOpen, setPickerOpen] = useState(false);
  const [uploadError, setUploadError] = useState<string>();
  const fileInput = useRef<HTMLInputElement>(null);
  const [uploading, setUploading] = useState(false);

  async function onFile(file: File | undefined) {
    if (!file) return;
    const invalid = validateImageFile(file);
    if (invalid) {
      setUploadError(invalid);
      return;
    }
    setUploading(true);
    const result = await uploadImage(file);
    setUploading(false);
    if ("image" in result) {
      setUploadError(undefined);
      onChange(result.image.imageUrl);
    } else setUploadError(result.error);
  }

  const formError = useFieldError(errorName);
  const shownError = uploadError ?? formError;
  const size = compact ? "h-20 w-20" : "h-28 w-28";
  return (
    <div>
      <p className="mb-1.5 text-sm font-medium text-stone-700">
        {label}
        {required ? <span className="text-red-600"> *</span> : null}
      </p>
      <input type="hidden" name={name} value={value} />
      <div className={`flex gap-3 ${compact ? "flex-col" : "items-start"}`}>
        <div
          className={`${size} shrink-0 overflow-hidden rounded-lg border bg-stone-50 ${shownError ? "border-red-400" : "border-stone-200"}`}
        >
          {value ? (
            <ResponsiveImage
              src={value}
              alt={`${label} preview`}
              sizes="112px"
              width={112}
              height={112}
              className="h-full w-full object-cover"
            />
          ) : (
            <span className="flex h-full w-full items-center justify-center text-stone-300">
              <ImageIcon className="h-8 w-8" aria-hidden />
            </span>
          )}
        </div>
        <div className={`flex flex-wrap gap-1.5 ${compact ? "" : "flex-col"}`}>
          <button
            type="button"
            onClick={() => setPickerOpen(true)}
            className={buttonClass("secondary", "sm")}
            aria-label={`Choose ${label} from library`}
          >
            <Library className="h-4 w-4" aria-hidden />
            {compact ? null : "Library"}
          </button>
          <button
            type="button"
            onClick={() => fileInput.current?.click()}
            disabled={uploading}
            className={buttonClass("secondary", "sm")}
            aria-label={`Upload ${label}`}
          >
            {uploading ? (
              <Loader2 className="h-4 w-4 animate-spin" aria-hidden />
            ) : (
              <Upload className="h-4 w-4" aria-hidden />
            )}
            {compact ? null : uploading ? "Uploading…" : "Upload"}
          </button>
          {value ? (
            <button
              type="button"
              onClick={() => onChange("")}
              className={buttonClass("ghost", "sm", "text-stone-500")}
              aria-label={`Remove ${label}`}
            >
              <X className="h-4 w-4" aria-hidden />
              {compact ? null : "Remove"}
            </button>
          ) : null}
        </div>
      </div>
      <input
        ref={fileInput}
        type="file"
        accept="image/jpeg,image/png,image/webp,image/gif"
        className="hidden"
        data-testid={`${name}-file`}
        onChange={(e) => {
          void onFile(e.target.files?.[0]);
          e.target.value = "";
        }}
      />
      {shownError ? <p className="mt-1 text-xs font-medium text-red-600">{shownError}</p> : null}
      <LibraryDialog
        open={pickerOpen}
        onOpenChange={setPickerOpen}
        onPick={(url) => {
          onChange(url);
          setPickerOpen(false);
        }}
      />
    </div>
  );
}
