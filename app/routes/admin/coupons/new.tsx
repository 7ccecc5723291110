import { href } from "react-router";
import type { Route } from "./+types/new";
import { CouponForm } from "~/components/admin/coupon-form";
import { SaveButton } from "~/components/admin/save-button";
import { CloseButton, Modal, useCloseToList } from "~/components/admin/modal";
import { AdminErrorBoundary } from "~/components/admin/route-error";
import { dayOf } from "~/lib/coupons";
import { couponForm } from "~/schemas/coupons";
import { redirectWithToast } from "~/server/admin/flash.server";
import { config } from "~/server/config.server";
import { createCoupon } from "~/server/marketing/coupon-admin.server";
import { formReply, parseForm } from "~/server/http/form.server";
import { requirePermission } from "~/server/auth/admin-guard.server";
import { auditActor } from "~/server/auth/actor.server";

export const middleware: Route.MiddlewareFunction[] = [requirePermission("coupons")];

export const meta: Route.MetaFunction = () => [{ title: "New coupon · Coupons · Admin" }];

export async function loader() {
  return { today: dayOf(new Date(), config().STORE_TIMEZONE) };
}

export async function action({ request, context }: Route.ActionArgs) {
  const submission = await parseForm(request, couponForm);
  if (!submission.ok) return submission.reply;
  const result = await createCoupon(submission.data, auditActor(context));
  if (!result.ok) return formReply(result.errors, { status: result.status, form: submission.form });
  return redirectWithToast(
    `${href("/budzadmin/dashboard/coupons")}${new URL(request.url).search}`,
    `Coupon ${result.code} created.`,
  );
}

/** The Create New Coupon modal, over the list. */
export default function NewCoupon({ loaderData, actionData }: Route.ComponentProps) {
  const close = useCloseToList(href("/budzadmin/dashboard/coupons"));
  return (
    <Modal
      title="Create New Coupon"
      description="Fields marked * are required."
      onClose={close}
      footer={
        <>
          <CloseButton onClick={close}>Cancel</CloseButton>
          <SaveButton form="coupon-form">Create Coupon</SaveButton>
        </>
      }
    >
      <CouponForm today={loaderData.today} lastResult={actionData} formId="coupon-form" />
    </Modal>
  );
}

export const ErrorBoundary = AdminErrorBoundary;
