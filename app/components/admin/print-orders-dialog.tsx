import { Printer } from "lucide-react";
import { useState } from "react";
import { PRINT_NO_ORDERS, printRangeProblem } from "~/schemas/orders";
import { buttonClass } from "./button";
import { Field, inputClass } from "./field";
import { Modal } from "./modal";

export const PRINT_ORDERS_PATH = "/budzadmin/print/orders";

/**
 * SPEC §2 Print Orders: a start and an end date, checked with SPEC §5's messages, then the
 * printable report opens in a new window. The server counts the orders first so an empty range
 * says so here instead of opening an empty report.
 */
export function PrintOrdersDialog() {
  const [open, setOpen] = useState(false);
  const [from, setFrom] = useState("");
  const [to, setTo] = useState("");
  const [problem, setProblem] = useState<string | null>(null);
  const close = () => {
    setOpen(false);
    setProblem(null);
  };
  const print = async () => {
    const local = printRangeProblem(from, to);
    setProblem(local);
    if (local) return;
    const params = new URLSearchParams({ from, to });
    const response = await fetch(`${PRINT_ORDERS_PATH}/count?${params}`);
    const counted = (await response.json().catch(() => null)) as { count?: number } | null;
    if (!response.ok || !counted?.count) {
      setProblem(response.ok ? PRINT_NO_ORDERS : "Could not check the orders. Please try again.");
      return;
    }
    // Within the click's user activation (a few seconds), so popup blockers let it through.
    window.open(`${PRINT_ORDERS_PATH}?${params}`, "_blank", "noopener");
    close();
  };
  const message = problem;
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
              <button type="button" className={buttonClass("secondary")} onClick={close}>
                Cancel
              </button>
              <button type="button" className={buttonClass("primary")} onClick={() => void print()}>
                <Printer className="h-4 w-4" aria-hidden />
                Print
              </button>
            </>
          }
        >
          <div className="grid gap-4 sm:grid-cols-2">
            <Field label="Start date">
              {(props) => (
                <input
                  {...props}
                  type="date"
                  value={from}
                  onChange={(e) => setFrom(e.currentTarget.value)}
                  className={inputClass}
                />
              )}
            </Field>
            <Field label="End date">
              {(props) => (
                <input
                  {...props}
                  type="date"
                  value={to}
                  onChange={(e) => setTo(e.currentTarget.value)}
                  className={inputClass}
                />
              )}
            </Field>
          </div>
          {message ? (
            <p
              role="alert"
              className="mt-4 rounded-lg bg-red-50 p-3 text-sm font-medium text-red-700"
            >
              {message}
            </p>
          ) : null}
        </Modal>
      ) : null}
    </>
  );
}
