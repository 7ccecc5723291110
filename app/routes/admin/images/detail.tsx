import { Check, Copy, Download } from "lucide-react";
import { useState } from "react";
import { href, Link } from "react-router";
import type { Route } from "./+types/detail";
import { buttonClass } from "~/components/admin/button";
import { DeleteImageButton } from "~/components/admin/image-usage";
import { Modal, useCloseToList } from "~/components/admin/modal";
import { AdminErrorBoundary } from "~/components/admin/route-error";
import { formatBytes } from "~/lib/text";
import { getImage, IMAGE_NOT_FOUND } from "~/server/images/image-library.server";
import { formatDateTime, withDateTexts } from "~/lib/dates";
import { config } from "~/server/config.server";
import { invariantResponse } from "~/server/http/responses.server";
import { requirePermission } from "~/server/auth/admin-guard.server";

export const middleware: Route.MiddlewareFunction[] = [requirePermission("products")];

/** The image detail modal, over the library. */
export async function loader({ params }: Route.LoaderArgs) {
  const image = await getImage(params.imageId);
  invariantResponse(image, IMAGE_NOT_FOUND, { status: 404 });
  return withDateTexts({ image }, config().STORE_TIMEZONE);
}

export default function ImageDetail({ loaderData }: Route.ComponentProps) {
  const { image, dates } = loaderData;
  const [copied, setCopied] = useState(false);
  const close = useCloseToList(href("/budzadmin/dashboard/images"));
  const rows: [string, string][] = [
    ["Name", image.imageName],
    ["Type", image.mimeType],
    ["Dimensions", `${image.imageWidth} × ${image.imageHeight} px`],
    ["Size", formatBytes(image.imageSize)],
    ["Uploaded", formatDateTime(image.createdAt, dates)],
    ["URL", image.imageUrl],
  ];
  if (image.imageDescription) rows.splice(1, 0, ["Description", image.imageDescription]);
  return (
    <Modal
      title="Image details"
      description={image.imageName}
      size="xl"
      onClose={close}
      footer={
        <>
          <a href={image.imageUrl} download={image.imageName} className={buttonClass("secondary")}>
            <Download className="h-4 w-4" aria-hidden /> Download
          </a>
          <button
            type="button"
            className={buttonClass("secondary")}
            onClick={() => {
              void navigator.clipboard
                .writeText(new URL(image.imageUrl, window.location.origin).href)
                .then(() => {
                  setCopied(true);
                  setTimeout(() => setCopied(false), 2000);
                });
            }}
          >
            {copied ? (
              <Check className="h-4 w-4" aria-hidden />
            ) : (
              <Copy className="h-4 w-4" aria-hidden />
            )}
            {copied ? "Copied!" : "Copy URL"}
          </button>
          <DeleteImageButton imageId={image.imageId} usedBy={image.usedBy.length} />
        </>
      }
    >
      <div className="grid gap-6 md:grid-cols-[1fr_18rem]">
        <div className="flex items-center justify-center rounded-xl bg-stone-100 p-2">
          <img
            src={image.imageUrl}
            alt={image.imageDescription ?? image.imageName}
            width={image.imageWidth}
            height={image.imageHeight}
            className="max-h-[50vh] w-auto rounded-lg object-contain"
          />
        </div>
        <div className="space-y-4">
          <dl className="space-y-3">
            {rows.map(([label, value]) => (
              <div key={label}>
                <dt className="text-xs font-medium tracking-wide text-stone-500 uppercase">
                  {label}
                </dt>
                <dd className="mt-0.5 text-sm break-all text-stone-900">{value}</dd>
              </div>
            ))}
          </dl>
          <div>
            <h3 className="text-xs font-medium tracking-wide text-stone-500 uppercase">Used by</h3>
            {image.usedBy.length === 0 ? (
              <p className="mt-0.5 text-sm text-stone-600">No product uses this image.</p>
            ) : (
              <ul className="mt-1 space-y-1 text-sm">
                {image.usedBy.map((product) => (
                  <li key={product.id}>
                    <Link
                      to={href("/budzadmin/dashboard/products/:productId", {
                        productId: product.id,
                      })}
                      className="text-brand-700 hover:text-brand-900"
                    >
                      {product.name}
                    </Link>
                  </li>
                ))}
              </ul>
            )}
          </div>
        </div>
      </div>
    </Modal>
  );
}

export const ErrorBoundary = AdminErrorBoundary;
