import { Loader2 } from "lucide-react";
import { data, useLocation, useNavigate, useNavigation } from "react-router";
import type { Route } from "./+types/edit";
import { buttonClass } from "~/components/admin/button";
import { Modal } from "~/components/admin/modal";
import { PRODUCTS_PATH, ProductForm } from "~/components/admin/product-form";
import { AdminErrorBoundary } from "~/components/admin/route-error";
import { formErrors } from "~/lib/form";
import { productFormValues } from "~/lib/product-fields";
import { ProductFormSchema } from "~/schemas/product";
import { redirectWithToast } from "~/server/admin/flash.server";
import {
  createProduct,
  getAdminProduct,
  updateProduct,
} from "~/server/catalog/product-admin.server";
import { readForm } from "~/server/http/form.server";

async function findProduct(id: string | undefined) {
  if (id === undefined) return undefined;
  const product = await getAdminProduct(id);
  if (!product)
    throw data(
      { message: "This product does not exist (it may have been deleted)." },
      { status: 404 },
    );
  return product;
}

export async function loader({ params }: Route.LoaderArgs) {
  return { product: await findProduct(params.productId) };
}

export async function action({ request, params }: Route.ActionArgs) {
  const parsed = ProductFormSchema.safeParse(productFormValues(await readForm(request)));
  if (!parsed.success) return data({ errors: formErrors(parsed.error) }, { status: 400 });
  const back = `${PRODUCTS_PATH}${new URL(request.url).search}`;
  if (params.productId === undefined) {
    const result = await createProduct(parsed.data);
    if (!result.ok) return data({ errors: result.errors }, { status: 400 });
    return redirectWithToast(back, "Product added successfully!");
  }
  await findProduct(params.productId);
  const result = await updateProduct(params.productId, parsed.data);
  if (!result)
    throw data(
      { message: "This product does not exist (it may have been deleted)." },
      { status: 404 },
    );
  if (!result.ok) return data({ errors: result.errors }, { status: 400 });
  return redirectWithToast(back, "Product updated successfully!");
}

export default function ProductEdit({ loaderData, actionData }: Route.ComponentProps) {
  const { product } = loaderData;
  const navigate = useNavigate();
  const { search } = useLocation();
  const navigation = useNavigation();
  const saving = navigation.state !== "idle" && navigation.formMethod === "POST";
  const formId = "product-form";
  return (
    <Modal
      title={product ? "Edit Product" : "Add New Product"}
      description={product ? product.name : "Fields marked * are required."}
      size="xl"
      onClose={() => void navigate(`${PRODUCTS_PATH}${search}`, { preventScrollReset: true })}
      footer={
        <>
          <button
            type="button"
            className={buttonClass("secondary")}
            onClick={() => void navigate(`${PRODUCTS_PATH}${search}`, { preventScrollReset: true })}
          >
            Cancel
          </button>
          <button type="submit" form={formId} disabled={saving} className={buttonClass("primary")}>
            {saving ? <Loader2 className="h-4 w-4 animate-spin" aria-hidden /> : null}
            {saving ? "Saving..." : product ? "Update Product" : "Add Product"}
          </button>
        </>
      }
    >
      <ProductForm
        key={product?.id ?? "new"}
        product={product}
        serverErrors={actionData?.errors}
        formId={formId}
      />
    </Modal>
  );
}

export const ErrorBoundary = AdminErrorBoundary;
