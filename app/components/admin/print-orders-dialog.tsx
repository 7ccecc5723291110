import { Printer } from "lucide-react";
import { useState } from "react";
import { href } from "react-router";
import { Field, FormProvider, FormSummary, useForm } from "~/components/form/form";
import { PRINT_NO_ORDERS, printRangeProblem } from "~/lib/print-orders";
import { buttonClass } from "./button";
import { inputClass } from "./field";
import { CloseButton, Modal } from "./modal";

/**
 * Print Orders (docs/product/orders-and-money.md#print-orders): a start and an end date, checked
 * with the product's messages, then the printable report opens in a new window. The server counts
 * the orders first so an empty range says so here instead of opening an empty report.
 */
export function PrintOrdersDialog() {
  const [open, setOpen] = useState(false);
  const form = useForm({});
  const close = () => {
    setOpen(false);
    form.setErrors({});
  };
  const print = async (dates: FormData) => {
    const from = String(dates.get("from") ?? "");
    const to = String(dates.get("to") ?? "");
    const problem = printRangeProblem(from, to);
    form.setErrors(problem ? { form: problem } : {});
    if (problem) return;
    const params = new URLSearchParams({ from, to });
    const response = await fetch(`${href("/budzadmin/print/orders/count")}?${params}`);
    const counted = (await response.json().catch(() => null)) as { count?: number } | null;
    if (!response.ok || !counted?.count) {
      form.setErrors({
        form: response.ok ? PRINT_NO_ORDERS : "Could not check the orders. Please try again.",
      });
      return;
    }
    // Within the click's user activation (a few seconds), so popup blockers let it through.
    window.open(`${href("/budzadmin/print/orders")}?${params}`, "_blank", "noopener");
    close();
  };
  return (
    <>
      <button type="button" className={buttonClass("secondary")} onClick={() => setOpen(true)}>
        <Printer className="h-4 w-4" aria-hidden />
        Print Orders
      </button>
      {open ? (
        <Modal
          title="Print Orders"
          description="A printable report of the orders placed between two dates (store time)."
          size="md"
          onClose={close}
          footer={
            <>
              <CloseButton onClick={close}>Cancel</CloseButton>
              <button type="submit" form="print-orders-form" className={buttonClass("primary")}>
                <Printer className="h-4 w-4" aria-hidden />
                Print
              </button>
            </>
          }
        >
          {/* Checked here and counted by the server; the report opens in a new window. */}
          <form
            id="print-orders-form"
            {...form.props}
            onSubmit={(event) => {
              event.preventDefault();
              void print(new FormData(event.currentTarget));
            }}
          >
            <FormProvider form={form}>
              <div className="grid gap-4 sm:grid-cols-2">
                <Field name="from" label="Start date">
                  {(props) => <input {...props} type="date" className={inputClass} />}
                </Field>
                <Field name="to" label="End date">
                  {(props) => <input {...props} type="date" className={inputClass} />}
                </Field>
              </div>
              <FormSummary className="mt-4" />
            </FormProvider>
          </form>
        </Modal>
      ) : null}
    </>
  );
}
