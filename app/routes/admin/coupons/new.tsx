import { readFormValues } from "~/server/http/form.server";
import { data, useLocation, useNavigate } from "react-router";
import type { Route } from "./+types/new";
import { buttonClass } from "~/components/admin/button";
import { CouponForm } from "~/components/admin/coupon-form";
import { SaveButton } from "~/components/admin/save-button";
import { Modal } from "~/components/admin/modal";
import { AdminRouteError } from "~/components/admin/route-error";
import { dayOf } from "~/lib/coupons";
import { COUPONS_PATH, CouponFormSchema } from "~/schemas/coupons";
import { formErrors } from "~/schemas/form-errors";
import { redirectWithToast } from "~/server/admin/flash.server";
import { requireAdmin } from "~/server/auth/session.server";
import { config } from "~/server/config.server";
import { createCoupon } from "~/server/marketing/coupon-admin.server";

export const meta: Route.MetaFunction = () => [{ title: "New coupon · Coupons · Admin" }];

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  return { today: dayOf(new Date(), config().STORE_TIMEZONE) };
}

export async function action({ request }: Route.ActionArgs) {
  await requireAdmin(request);
  const parsed = CouponFormSchema.safeParse(await readFormValues(request));
  if (!parsed.success) return data({ errors: formErrors(parsed.error) }, { status: 400 });
  const result = await createCoupon(parsed.data);
  if (!result.ok) return data({ errors: result.errors }, { status: result.status });
  return redirectWithToast(
    `${COUPONS_PATH}${new URL(request.url).search}`,
    `Coupon ${result.code} created.`,
  );
}

/** SPEC §2's Create New Coupon modal, over the list. */
export default function NewCoupon({ loaderData, actionData }: Route.ComponentProps) {
  const navigate = useNavigate();
  const { search } = useLocation();
  const close = () => void navigate(`${COUPONS_PATH}${search}`, { preventScrollReset: true });
  return (
    <Modal
      title="Create New Coupon"
      description="Fields marked * are required."
      onClose={close}
      footer={
        <>
          <button type="button" className={buttonClass("secondary")} onClick={close}>
            Cancel
          </button>
          <SaveButton form="coupon-form">Create Coupon</SaveButton>
        </>
      }
    >
      <CouponForm today={loaderData.today} serverErrors={actionData?.errors} formId="coupon-form" />
    </Modal>
  );
}

export const ErrorBoundary = AdminRouteError;
