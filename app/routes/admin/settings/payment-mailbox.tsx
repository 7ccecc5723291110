import { Form, href, useNavigation, useSubmit } from "react-router";
import type { Route } from "./+types/payment-mailbox";
import { buttonClass } from "~/components/admin/button";
import { inputClass } from "~/components/admin/field";
import { ConfirmDialog } from "~/components/admin/modal";
import { DetailPage, Section } from "~/components/admin/page";
import { AdminErrorBoundary } from "~/components/admin/route-error";
import { SaveButton } from "~/components/admin/save-button";
import { Alert, Field, FormProvider, FormSummary, useForm } from "~/components/form/form";
import { formatDateTime, withDateTexts, type DateTexts } from "~/lib/dates";
import { replyOf } from "~/lib/form";
import {
  DEFAULT_MAILBOX_FOLDER,
  DEFAULT_MAILBOX_PORT,
  DEFAULT_PROCESSED_FOLDER,
  paymentMailboxForm,
} from "~/schemas/payment-mailbox";
import { redirectWithToast } from "~/server/admin/flash.server";
import { auditActor } from "~/server/auth/actor.server";
import { requirePermission } from "~/server/auth/admin-guard.server";
import { config } from "~/server/config.server";
import { dispatchIntent, formReply, parseForm, readForm } from "~/server/http/form.server";
import {
  DEFAULT_POLL_SECONDS,
  disconnectMailbox,
  mailboxSummary,
  POLL_SECONDS_RANGE,
  saveMailbox,
  testMailbox,
  startMailboxRead,
} from "~/server/payments/payment-mailbox.server";

// Owners only (the admin guard on the admin layout has already checked the session).
export const middleware: Route.MiddlewareFunction[] = [requirePermission("settings")];

export const meta: Route.MetaFunction = () => [{ title: "Payments mailbox · Admin" }];

export async function loader() {
  return withDateTexts(
    {
      mailbox: await mailboxSummary(),
      // The page's bundle cannot import them (they live in a server module).
      defaults: {
        port: DEFAULT_MAILBOX_PORT,
        folder: DEFAULT_MAILBOX_FOLDER,
        processedFolder: DEFAULT_PROCESSED_FOLDER,
        pollSeconds: DEFAULT_POLL_SECONDS,
      },
      pollRange: POLL_SECONDS_RANGE,
    },
    config().STORE_TIMEZONE,
  );
}

const here = href("/budzadmin/dashboard/settings/payment-mailbox");

export async function action({ request, context }: Route.ActionArgs) {
  const actor = auditActor(context);
  const form = await readForm(request);
  return dispatchIntent(form, {
    save: async () => {
      const submission = await parseForm(form, paymentMailboxForm);
      if (!submission.ok) return submission.reply;
      const { intent: _intent, ...input } = submission.data;
      if (!(await saveMailbox(input, actor)))
        return formReply({ password: "Password is required" }, { status: 400, form });
      // Read at once, not at the job's next look: a new mailbox shows its first read right away.
      void startMailboxRead();
      return redirectWithToast(here, "Payments mailbox saved. Test the connection below.");
    },
    test: async () => {
      const mailbox = await mailboxSummary();
      const problem = await testMailbox();
      if (problem)
        return formReply(
          { form: problem },
          // Nothing saved, or a password this server cannot read: the store's side. Else the
          // mail server's answer.
          { status: !mailbox ? 400 : mailbox.passwordUnreadable ? 409 : 502, form },
        );
      return redirectWithToast(here, "The mailbox answered: the settings work.");
    },
    disconnect: async () => {
      await disconnectMailbox(actor);
      return redirectWithToast(
        here,
        "Payments mailbox disconnected: the store no longer reads it. Mark e-Transfers paid by hand or import a bank export.",
      );
    },
  });
}

function when(value: Date | string | null, dates: DateTexts): string {
  return value ? formatDateTime(value, dates) : "Not yet";
}

export default function PaymentMailboxSettings({ loaderData, actionData }: Route.ComponentProps) {
  const { mailbox, defaults, pollRange, dates } = loaderData;
  const form = useForm({ lastResult: replyOf(actionData, "save") });
  const testReply = replyOf(actionData, "test");
  const submit = useSubmit();
  const navigation = useNavigation();
  const busy = navigation.state !== "idle";
  const value = (name: string, stored: string) => form.values?.[name] ?? stored;
  const tlsTicked = form.values ? form.values.tls === "on" : (mailbox?.tls ?? true);
  const pollSeconds = mailbox?.pollSeconds ?? defaults.pollSeconds;
  // The form is drawn again when the saved settings change, not when a read changes the status.
  const formKey = mailbox
    ? JSON.stringify([
        mailbox.host,
        mailbox.port,
        mailbox.tls,
        mailbox.username,
        mailbox.folder,
        mailbox.processedFolder,
        mailbox.pollSeconds,
      ])
    : "new";
  return (
    <DetailPage
      back={{ to: href("/budzadmin/dashboard/settings"), label: "Settings" }}
      title="Payments mailbox"
      description="Read the bank's Interac e-Transfer notices from a mailbox and mark orders paid by themselves."
    >
      <div className="grid max-w-3xl grid-cols-1 gap-6">
        <Section title="Connection">
          <div className="space-y-3 text-sm text-stone-700">
            <p className="text-stone-600">
              How it works: forward or send the bank&apos;s e-Transfer deposit notices to a mailbox
              only the store reads. Every {pollSeconds} seconds the store reads the new messages,
              marks paid the orders whose reference is in a notice, and moves the notices it handled
              to the processed folder. Anything it cannot read stays in the mailbox, marked, for
              staff to look at.
            </p>
            {mailbox ? (
              <>
                <p>
                  <span className="font-medium text-stone-900">Connected</span> to{" "}
                  {mailbox.username}@{mailbox.host} (port {mailbox.port},{" "}
                  {mailbox.tls ? "TLS" : "without TLS"}), reading {mailbox.folder}.
                </p>
                <dl className="grid grid-cols-1 gap-x-6 gap-y-1 sm:grid-cols-2">
                  <div>
                    <dt className="text-stone-500">Last read</dt>
                    <dd className="text-stone-900">{when(mailbox.lastReadAt, dates)}</dd>
                  </div>
                  <div>
                    <dt className="text-stone-500">Last successful read</dt>
                    <dd className="text-stone-900">{when(mailbox.lastSuccessAt, dates)}</dd>
                  </div>
                </dl>
                {mailbox.passwordUnreadable ? (
                  <p className="rounded-lg border border-amber-300 bg-amber-50 p-3 text-amber-900">
                    The saved password cannot be read on this server (it was saved with another key,
                    for example before a restore). Enter it again below.
                  </p>
                ) : null}
                {mailbox.lastError ? (
                  <Alert
                    message={`The last read failed: ${mailbox.lastError} Correct the settings below and save (the store then reads again at once), or use Test connection to check them. Until a read works, orders paid by e-Transfer are not marked paid by themselves.`}
                  />
                ) : null}
                <div>
                  <h3 className="font-medium text-stone-900">Messages left for staff</h3>
                  {mailbox.leftForStaff.length > 0 ? (
                    <>
                      <p className="text-stone-600">
                        Still in {mailbox.folder}, marked: check them in your mail program.
                      </p>
                      <ul className="mt-1 list-disc space-y-1 pl-5">
                        {mailbox.leftForStaff.map((message, index) => (
                          <li key={index}>
                            <span className="font-medium text-stone-900">
                              {message.subject || "(no subject)"}
                            </span>
                            : {message.reason}
                          </li>
                        ))}
                      </ul>
                    </>
                  ) : (
                    <p className="text-stone-600">None</p>
                  )}
                </div>
                <Alert message={testReply?.errors.form} />
                <div className="flex flex-wrap gap-3">
                  <Form method="post">
                    <input type="hidden" name="intent" value="test" />
                    <button type="submit" disabled={busy} className={buttonClass("secondary")}>
                      Test connection
                    </button>
                  </Form>
                  <ConfirmDialog
                    title="Disconnect the payments mailbox?"
                    message="The store stops reading the mailbox and forgets its settings and password. Payments already recorded stay; new notices wait in the mailbox until it is connected again."
                    confirmLabel="Disconnect"
                    pending={busy}
                    onConfirm={() => void submit({ intent: "disconnect" }, { method: "post" })}
                    trigger={
                      <button type="button" disabled={busy} className={buttonClass("danger")}>
                        Disconnect
                      </button>
                    }
                  />
                </div>
              </>
            ) : (
              <p>
                <span className="font-medium text-stone-900">Not connected:</span> staff mark
                e-Transfer orders paid by hand or from a bank export.
              </p>
            )}
          </div>
        </Section>
        <Section title={mailbox ? "Mailbox" : "Connect"}>
          <Form
            method="post"
            id="payment-mailbox-form"
            key={formKey}
            className="space-y-4"
            {...form.props}
          >
            <FormProvider form={form}>
              <FormSummary />
              <input type="hidden" name="intent" value="save" />
              <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
                <Field name="host" label="Mail server" hint="Like imap.example.ca, without imap://">
                  {(props) => (
                    <input
                      {...props}
                      autoComplete="off"
                      spellCheck={false}
                      defaultValue={value("host", mailbox?.host ?? "")}
                      className={inputClass}
                    />
                  )}
                </Field>
                <Field name="port" label="Port" hint="993 with TLS, 143 without">
                  {(props) => (
                    <input
                      {...props}
                      inputMode="numeric"
                      autoComplete="off"
                      defaultValue={value("port", String(mailbox?.port ?? defaults.port))}
                      className={inputClass}
                    />
                  )}
                </Field>
              </div>
              <label className="flex items-start gap-3 text-sm text-stone-700">
                <input
                  type="checkbox"
                  name="tls"
                  defaultChecked={tlsTicked}
                  aria-describedby={form.errors.tls ? "tls-error" : undefined}
                  className="mt-0.5 h-4 w-4 rounded border-stone-300 accent-brand-700"
                />
                <span>Use TLS (port 993)</span>
              </label>
              {form.errors.tls ? (
                <p id="tls-error" className="text-xs font-medium text-red-600">
                  {form.errors.tls}
                </p>
              ) : null}
              <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
                <Field name="username" label="User name" hint="Usually the mailbox's address">
                  {(props) => (
                    <input
                      {...props}
                      autoComplete="off"
                      spellCheck={false}
                      defaultValue={value("username", mailbox?.username ?? "")}
                      className={inputClass}
                    />
                  )}
                </Field>
                <Field
                  name="password"
                  label="Password"
                  hint={mailbox ? "Saved and never shown: leave empty to keep it" : undefined}
                >
                  {(props) => (
                    <input
                      {...props}
                      type="password"
                      autoComplete="new-password"
                      className={inputClass}
                    />
                  )}
                </Field>
                <Field name="folder" label="Folder" hint="Where the notices arrive">
                  {(props) => (
                    <input
                      {...props}
                      autoComplete="off"
                      spellCheck={false}
                      defaultValue={value("folder", mailbox?.folder ?? defaults.folder)}
                      className={inputClass}
                    />
                  )}
                </Field>
                <Field
                  name="processedFolder"
                  label="Processed folder"
                  hint="Where handled notices are moved (created when missing)"
                >
                  {(props) => (
                    <input
                      {...props}
                      autoComplete="off"
                      spellCheck={false}
                      defaultValue={value(
                        "processedFolder",
                        mailbox?.processedFolder ?? defaults.processedFolder,
                      )}
                      className={inputClass}
                    />
                  )}
                </Field>
                <Field
                  name="pollSeconds"
                  label="Poll interval (seconds)"
                  hint={`How often the store reads the mailbox; a shopper is marked paid within about twice this. ${pollRange.min}-${pollRange.max}.`}
                >
                  {(props) => (
                    <input
                      {...props}
                      inputMode="numeric"
                      autoComplete="off"
                      defaultValue={value("pollSeconds", String(pollSeconds))}
                      className={inputClass}
                    />
                  )}
                </Field>
              </div>
              <SaveButton form="payment-mailbox-form">
                {mailbox ? "Save mailbox" : "Connect the mailbox"}
              </SaveButton>
            </FormProvider>
          </Form>
        </Section>
      </div>
    </DetailPage>
  );
}

export const ErrorBoundary = AdminErrorBoundary;
