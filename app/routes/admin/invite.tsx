import { KeyRound, Loader2 } from "lucide-react";
import { Form, href, redirect, useNavigation } from "react-router";
import type { Route } from "./+types/invite";
import { AuthCard, PasswordField } from "~/components/admin/auth-card";
import { buttonClass } from "~/components/admin/button";
import { inputClass } from "~/components/admin/field";
import { AdminErrorBoundary } from "~/components/admin/route-error";
import { Field, FormProvider, FormSummary, useForm } from "~/components/form/form";
import { isAdminRole, ROLE_LABELS } from "~/lib/permissions";
import { inviteAcceptForm } from "~/schemas/staff";
import { assertSameOrigin } from "~/server/auth/origin.server";
import { createAdminSession } from "~/server/auth/session.server";
import { acceptInvite, findInvite, INVITE_INVALID } from "~/server/auth/staff.server";
import { storeSettings } from "~/server/settings/store-settings.server";
import { formReply, parseForm } from "~/server/http/form.server";
import { clientIp, requestClient } from "~/server/http/request-context.server";
import { errorResponse } from "~/server/http/responses.server";

/**
 * An invitation's one-time link (outside the admin guard: the invited admin has no session yet).
 * They choose their name and password, and are signed in.
 */
export const meta: Route.MetaFunction = () => [
  { title: "Join the admin · Budz Boutique" },
  { name: "robots", content: "noindex, nofollow" },
];

export function headers() {
  // The link's token is in the URL: never stored by a cache nor sent on as a referrer.
  return { "Cache-Control": "private, no-store", "Referrer-Policy": "no-referrer" };
}

export async function loader({ params }: Route.LoaderArgs) {
  const invite = await findInvite(params.token);
  if (!invite) throw errorResponse(INVITE_INVALID, 404);
  return {
    storeName: (await storeSettings()).store.name,
    username: invite.username,
    displayName: invite.displayName,
    role: invite.role,
  };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  assertSameOrigin(request);
  const submission = await parseForm(request, inviteAcceptForm);
  if (!submission.ok) return submission.reply;
  const { displayName, newPassword } = submission.data;
  const result = await acceptInvite({
    token: params.token,
    displayName,
    password: newPassword,
    ip: clientIp(context),
  });
  if (!result.ok) return formReply({ form: result.message }, { status: result.status });
  const now = new Date();
  const client = requestClient(request, context);
  const setCookie = await createAdminSession({ userId: result.userId, ...client, now });
  throw redirect(href("/budzadmin/dashboard"), { headers: { "Set-Cookie": setCookie } });
}

export default function AcceptInvite({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const busy = navigation.state !== "idle";
  const form = useForm({ rules: inviteAcceptForm, lastResult: actionData });
  const { role } = loaderData;
  return (
    <AuthCard
      storeName={loaderData.storeName}
      icon={KeyRound}
      title="Choose your password"
      subtitle={
        <>
          You sign in as <span className="font-medium">{loaderData.username}</span> (
          {isAdminRole(role) ? ROLE_LABELS[role].toLowerCase() : role}).
        </>
      }
    >
      <Form method="post" className="space-y-4" {...form.props}>
        <FormProvider form={form}>
          <FormSummary />
          <input
            type="hidden"
            name="username"
            value={loaderData.username}
            autoComplete="username"
          />
          <Field name="displayName" label="Your name" required>
            {(props) => (
              <input
                {...props}
                autoComplete="name"
                maxLength={80}
                defaultValue={form.values?.displayName ?? loaderData.displayName}
                className={inputClass}
              />
            )}
          </Field>
          <PasswordField name="newPassword" label="Password" hint="At least 10 characters" />
          <PasswordField name="confirmPassword" label="Password again" />
          <button type="submit" disabled={busy} className={buttonClass("primary", "md", "w-full")}>
            {busy ? <Loader2 className="h-4 w-4 animate-spin" aria-hidden /> : null}
            {busy ? "Signing you in..." : "Save and sign in"}
          </button>
        </FormProvider>
      </Form>
    </AuthCard>
  );
}

export const ErrorBoundary = AdminErrorBoundary;
