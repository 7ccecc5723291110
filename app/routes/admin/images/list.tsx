import { Eye } from "lucide-react";
import { auditActor } from "~/server/auth/actor.server";
import { href, Link, Outlet, useLocation } from "react-router";
import type { Route } from "./+types/list";
import { Badge } from "~/components/admin/badges";
import { buttonClass } from "~/components/admin/button";
import { ImageUploader } from "~/components/admin/image-uploader";
import { ListPage } from "~/components/admin/list-page";
import { DeleteImageButton } from "~/components/admin/image-usage";
import { AdminErrorBoundary } from "~/components/admin/route-error";
import { ResponsiveImage } from "~/components/ui/responsive-image";
import { isUuid } from "~/lib/ids";
import { IMAGE_TYPE_FILTERS } from "~/lib/image-upload";
import { formatBytes } from "~/lib/text";
import { filterEnum, ListQuerySchema, parseListQuery } from "~/schemas/admin-list";
import { redirectWithToast } from "~/server/admin/flash.server";
import { deleteStoredImage } from "~/server/images/image-store.server";
import { hasImages, listImages } from "~/server/images/image-library.server";
import { dispatchIntent, readForm } from "~/server/http/form.server";
import { invariantResponse } from "~/server/http/responses.server";
import { requirePermission } from "~/server/auth/admin-guard.server";

export const middleware: Route.MiddlewareFunction[] = [requirePermission("products")];

const ImageListQuery = ListQuerySchema.extend({ type: filterEnum(IMAGE_TYPE_FILTERS) });

export const meta: Route.MetaFunction = () => [{ title: "Image Library · Admin" }];

export async function loader({ request }: Route.LoaderArgs) {
  const query = parseListQuery(request.url, ImageListQuery);
  const list = await listImages(query);
  return { query, list, libraryEmpty: list.total === 0 && !(await hasImages()) };
}

/** A card's (or the detail modal's) Delete button posts here. */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await readForm(request);
  const id = form.get("id");
  invariantResponse(typeof id === "string" && isUuid(id), "Unknown image");
  const back = `${href("/budzadmin/dashboard/images")}${new URL(request.url).search}`;
  return dispatchIntent(form, {
    delete: async () => {
      try {
        const deleted = await deleteStoredImage(id, auditActor(context));
        if (!deleted.ok)
          return redirectWithToast(back, "Failed to delete image: it no longer exists", "error");
      } catch (error) {
        return redirectWithToast(
          back,
          `Failed to delete image: ${(error as Error).message}`,
          "error",
        );
      }
      return redirectWithToast(back, "Image deleted successfully!");
    },
  });
}

const TYPE_LABELS: Record<string, string> = {
  all: "All types",
  jpeg: "JPEG",
  png: "PNG",
  webp: "WebP",
  gif: "GIF",
};

export default function ImageLibrary({ loaderData }: Route.ComponentProps) {
  const { query, list, libraryEmpty } = loaderData;
  const { search } = useLocation();
  return (
    <ListPage
      title="Image Library"
      description="Product and page images, stored re-encoded with responsive sizes."
      summary={
        <div className="mb-6">
          <ImageUploader />
        </div>
      }
      search={{
        q: query.q,
        searchLabel: "Search images by name or description",
        filters: [
          {
            name: "type",
            label: "Type",
            value: query.type,
            options: IMAGE_TYPE_FILTERS.map((t) => ({ value: t, label: TYPE_LABELS[t]! })),
          },
        ],
      }}
      list={list}
      noun="image"
      after={<Outlet />}
    >
      {list.rows.length === 0 ? (
        <p className="px-4 py-16 text-center text-stone-500">
          {libraryEmpty ? "No images uploaded yet" : "No images match your filters"}
        </p>
      ) : (
        <ul className="grid grid-cols-1 gap-4 p-4 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4">
          {list.rows.map((image) => (
            <li
              key={image.imageId}
              className="group overflow-hidden rounded-xl border border-stone-200 bg-white"
            >
              <div className="relative">
                <ResponsiveImage
                  src={image.imageUrl}
                  alt={image.imageDescription ?? image.imageName}
                  sizes="(min-width: 1280px) 280px, (min-width: 1024px) 33vw, (min-width: 640px) 50vw, 100vw"
                  width={image.imageWidth}
                  height={image.imageHeight}
                  className="aspect-[4/3] w-full bg-stone-100 object-cover"
                />
                <div className="absolute inset-0 flex items-center justify-center gap-2 bg-stone-950/55 opacity-0 transition-opacity group-focus-within:opacity-100 group-hover:opacity-100">
                  <Link
                    to={`${href("/budzadmin/dashboard/images/:imageId", { imageId: image.imageId })}${search}`}
                    className={buttonClass("secondary", "sm")}
                    aria-label={`View details of ${image.imageName}`}
                  >
                    <Eye className="h-4 w-4" aria-hidden /> View Details
                  </Link>
                  <DeleteImageButton
                    imageId={image.imageId}
                    usedBy={image.usedBy}
                    size="sm"
                    ariaLabel={`Delete ${image.imageName}`}
                  />
                </div>
              </div>
              <div className="px-3 py-2.5">
                <div className="flex items-center gap-2">
                  <p
                    className="min-w-0 flex-1 truncate text-sm font-medium text-stone-900"
                    title={image.imageName}
                  >
                    {image.imageName}
                  </p>
                  {/* e.g. uploaded from a product form that was then cancelled */}
                  {image.usedBy === 0 ? <Badge tone="amber">Not used</Badge> : null}
                </div>
                <p className="text-xs text-stone-500">
                  {image.imageWidth} × {image.imageHeight} · {formatBytes(image.imageSize)} ·{" "}
                  {image.fileExtension.toUpperCase()}
                  {image.usedBy > 0 ? ` · used by ${image.usedBy}` : ""}
                </p>
              </div>
            </li>
          ))}
        </ul>
      )}
    </ListPage>
  );
}

export const ErrorBoundary = AdminErrorBoundary;
