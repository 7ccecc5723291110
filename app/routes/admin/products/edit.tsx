import { href } from "react-router";
import { auditActor } from "~/server/auth/actor.server";
import type { Route } from "./+types/edit";
import { CloseButton, Modal, useCloseToList } from "~/components/admin/modal";
import { ProductForm } from "~/components/admin/product-form";
import { AdminErrorBoundary } from "~/components/admin/route-error";
import { SaveButton } from "~/components/admin/save-button";
import { productForm } from "~/schemas/product";
import { redirectWithToast } from "~/server/admin/flash.server";
import { currentAdmin, requirePermission } from "~/server/auth/admin-guard.server";
import {
  createProduct,
  getAdminProduct,
  PRODUCT_NOT_FOUND,
  updateProduct,
} from "~/server/catalog/product-admin.server";
import { formReply, parseForm } from "~/server/http/form.server";
import { invariantResponse, throwFailure } from "~/server/http/responses.server";

export const middleware: Route.MiddlewareFunction[] = [requirePermission("products")];

/** Add New Product (`new`) and Edit Product (`:productId/edit`): modals over the list. */
export async function loader({ params }: Route.LoaderArgs) {
  if (params.productId === undefined) return { product: undefined };
  const product = await getAdminProduct(params.productId);
  invariantResponse(product, PRODUCT_NOT_FOUND, { status: 404 });
  return { product };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const submission = await parseForm(request, productForm);
  if (!submission.ok) return submission.reply;
  const adding = params.productId === undefined;
  const actor = auditActor(context);
  // Stock typed in the form needs the stock permission (the service refuses it with a 403).
  const { role } = currentAdmin(context);
  const result = adding
    ? await createProduct(submission.data, actor, role)
    : await updateProduct(params.productId!, submission.data, actor, role);
  if (!result.ok) {
    // Every refusal but a missing product re-renders the form with what was typed and uploaded.
    if (result.status === 404) throwFailure(result);
    return formReply(result.errors ?? { form: result.message }, {
      status: result.status,
      form: submission.form,
    });
  }
  return redirectWithToast(
    `${href("/budzadmin/dashboard/products")}${new URL(request.url).search}`,
    adding ? "Product added successfully!" : "Product updated successfully!",
  );
}

export default function ProductEdit({ loaderData, actionData }: Route.ComponentProps) {
  const { product } = loaderData;
  const close = useCloseToList(href("/budzadmin/dashboard/products"));
  const formId = "product-form";
  return (
    <Modal
      title={product ? "Edit Product" : "Add New Product"}
      description={product ? product.name : "Fields marked * are required."}
      size="xl"
      onClose={close}
      footer={
        <>
          <CloseButton onClick={close}>Cancel</CloseButton>
          <SaveButton form={formId}>{product ? "Update Product" : "Add Product"}</SaveButton>
        </>
      }
    >
      <ProductForm
        key={product?.id ?? "new"}
        product={product}
        lastResult={actionData}
        formId={formId}
      />
    </Modal>
  );
}

export const ErrorBoundary = AdminErrorBoundary;
