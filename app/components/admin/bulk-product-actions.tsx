import { Archive, ArchiveRestore, FolderInput, Percent, X } from "lucide-react";
import { CategoryOptions } from "~/components/form/options";
import { useState } from "react";
import { href, useFetcher, useLocation } from "react-router";
import { Field, FormProvider, FormSummary, useForm } from "~/components/form/form";
import type { FormReply } from "~/lib/form";
import { lazyModule } from "~/lib/lazy-module";
import { productCount, type BulkAction } from "~/lib/product-list";
import { buttonClass } from "./button";
import { inputClass } from "./field";
import { DialogButtons, Modal } from "./modal";

/** The bulk forms' rules, fetched when a dialog is first focused (the list loads without zod). */
const bulkForms = lazyModule(() => import("~/schemas/product-list"));

interface ProductSelection {
  /** Ticked rows of the page shown. */
  ids: ReadonlySet<string>;
  /** Every product matching the filter (`total` of them), not only the ticked ones. */
  allMatching: boolean;
  /** How many products an action would change. */
  count: number;
  pageIds: readonly string[];
  total: number;
  toggle: (id: string) => void;
  togglePage: () => void;
  selectAllMatching: () => void;
  clear: () => void;
}

/**
 * The list's ticked products. Kept with the list it was made on: a new page, filter or a saved
 * action (which reloads the list) starts again with nothing ticked.
 */
export function useProductSelection(
  list: object,
  pageIds: readonly string[],
  total: number,
): ProductSelection {
  const empty = { list, ids: new Set<string>(), allMatching: false };
  const [state, setState] = useState(empty);
  const current = state.list === list ? state : empty;
  const pageTicked = pageIds.length > 0 && pageIds.every((id) => current.ids.has(id));
  return {
    ids: current.ids,
    allMatching: current.allMatching,
    count: current.allMatching ? total : current.ids.size,
    pageIds,
    total,
    toggle(id) {
      const ids = new Set(current.ids);
      if (ids.has(id)) ids.delete(id);
      else ids.add(id);
      setState({ list, ids, allMatching: false });
    },
    togglePage() {
      setState({ list, ids: new Set(pageTicked ? [] : pageIds), allMatching: false });
    },
    selectAllMatching() {
      setState({ list, ids: new Set(pageIds), allMatching: true });
    },
    clear() {
      setState(empty);
    },
  };
}

const checkboxClass = "h-4 w-4 rounded border-stone-400 accent-brand-700";

/** The header's box: ticks (or clears) every row of the page; mixed when only some are. */
export function PageCheckbox({ selection }: { selection: ProductSelection }) {
  const ticked = selection.pageIds.filter((id) => selection.ids.has(id)).length;
  const all = ticked > 0 && ticked === selection.pageIds.length;
  return (
    <input
      type="checkbox"
      aria-label="Select all products on this page"
      className={checkboxClass}
      checked={all}
      ref={(box) => {
        if (box) box.indeterminate = ticked > 0 && !all;
      }}
      onChange={selection.togglePage}
    />
  );
}

export function RowCheckbox({
  selection,
  id,
  name,
}: {
  selection: ProductSelection;
  id: string;
  name: string;
}) {
  return (
    <input
      type="checkbox"
      aria-label={`Select ${name}`}
      className={checkboxClass}
      checked={selection.ids.has(id)}
      onChange={() => selection.toggle(id)}
    />
  );
}

const ACTIONS: { action: BulkAction; label: string; icon: typeof Archive }[] = [
  { action: "archive", label: "Archive", icon: Archive },
  { action: "unarchive", label: "Unarchive", icon: ArchiveRestore },
  { action: "category", label: "Change category", icon: FolderInput },
  { action: "price", label: "Change prices", icon: Percent },
];

/**
 * Over the table once rows are ticked: how many, "select all N matching this filter", and the
 * actions, each confirmed in a dialog.
 */
export function BulkActionBar({ selection }: { selection: ProductSelection }) {
  // Open for the selection it was opened on: a saved action reloads the list, which clears both.
  const [open, setOpen] = useState<{ action: BulkAction; ids: ReadonlySet<string> } | null>(null);
  const { count, total, allMatching } = selection;
  const pageTicked = selection.pageIds.every((id) => selection.ids.has(id));
  return (
    <div aria-live="polite">
      {count > 0 ? (
        <div className="flex flex-wrap items-center gap-x-4 gap-y-2 border-y border-brand-100 bg-brand-50 px-4 py-2 text-sm">
          <p className="font-medium text-stone-800">
            {allMatching
              ? `All ${productCount(total)} matching this filter are selected.`
              : `${count.toLocaleString("en-CA")} selected`}
          </p>
          {!allMatching && pageTicked && total > selection.pageIds.length ? (
            <button
              type="button"
              onClick={selection.selectAllMatching}
              className="font-medium text-brand-800 underline hover:text-brand-900"
            >
              Select all {productCount(total)} matching this filter
            </button>
          ) : null}
          <div className="flex flex-wrap gap-2 sm:ml-auto">
            {ACTIONS.map(({ action, label, icon: Icon }) => (
              <button
                key={action}
                type="button"
                className={buttonClass("secondary", "sm")}
                onClick={() => setOpen({ action, ids: selection.ids })}
              >
                <Icon className="h-4 w-4" aria-hidden />
                {label}
              </button>
            ))}
            <button type="button" className={buttonClass("ghost", "sm")} onClick={selection.clear}>
              <X className="h-4 w-4" aria-hidden />
              Clear selection
            </button>
          </div>
        </div>
      ) : null}
      {open && open.ids === selection.ids && count > 0 ? (
        <BulkDialog action={open.action} selection={selection} onClose={() => setOpen(null)} />
      ) : null}
    </div>
  );
}

const DIALOGS: Record<
  BulkAction,
  { title: string; verb: string; tone: "primary" | "danger"; explain: string }
> = {
  archive: {
    title: "Archive products",
    verb: "Archive",
    tone: "danger",
    explain:
      "Archived products are hidden from the store; past orders keep them. You can unarchive them later.",
  },
  unarchive: {
    title: "Unarchive products",
    verb: "Unarchive",
    tone: "primary",
    explain:
      "Unarchived products (and drafts) become active and are shown in the store; each cannabis product needs its THC and CBD first.",
  },
  category: {
    title: "Change category",
    verb: "Move",
    tone: "primary",
    explain: "The products move to the category you choose, in the store too.",
  },
  price: {
    title: "Change prices",
    verb: "Reprice",
    tone: "primary",
    explain:
      "The selling price and every size's price change by this percentage, rounded to the cent. If any price would reach $0.00, nothing is changed.",
  },
};

/** The confirmation of one bulk action, posted to the list's action; a refusal stays in it. */
function BulkDialog({
  action,
  selection,
  onClose,
}: {
  action: BulkAction;
  selection: ProductSelection;
  onClose: () => void;
}) {
  const fetcher = useFetcher<FormReply>();
  const rules = () => {
    const forms = bulkForms.current();
    if (!forms) return undefined;
    if (action === "category") return forms.bulkCategoryForm;
    if (action === "price") return forms.bulkPriceForm;
    return forms.bulkStatusForm;
  };
  const form = useForm({
    rules: { current: rules, load: bulkForms.load },
    lastResult: fetcher.data,
  });
  const { search } = useLocation();
  const busy = fetcher.state !== "idle";
  const text = DIALOGS[action];
  const which = selection.allMatching
    ? `all ${productCount(selection.count)} matching this filter`
    : productCount(selection.count);
  const formId = `bulk-${action}`;
  return (
    <Modal
      title={text.title}
      description={`${text.verb} ${which}.`}
      size="md"
      onClose={onClose}
      footer={
        <DialogButtons formId={formId} onClose={onClose} busy={busy} variant={text.tone}>
          {busy ? "Saving…" : `${text.verb} ${productCount(selection.count)}`}
        </DialogButtons>
      }
    >
      <fetcher.Form
        id={formId}
        method="post"
        action={`${href("/budzadmin/dashboard/products")}${search}`}
        preventScrollReset
        {...form.props}
        className="space-y-4"
      >
        <FormProvider form={form}>
          <FormSummary />
          <input type="hidden" name="intent" value={action} />
          <input type="hidden" name="scope" value={selection.allMatching ? "filter" : "selected"} />
          {selection.allMatching
            ? null
            : [...selection.ids].map((id) => (
                <input key={id} type="hidden" name="ids" value={id} />
              ))}
          <p className="text-sm text-stone-600">{text.explain}</p>
          {action === "category" ? (
            <Field name="category" label="New category" required>
              {(props) => (
                <select {...props} required defaultValue="" className={inputClass}>
                  <CategoryOptions />
                </select>
              )}
            </Field>
          ) : null}
          {action === "price" ? (
            <Field
              name="percent"
              label="Change by (%)"
              required
              hint="-10 lowers every price by 10%, +5 raises it by 5%."
            >
              {(props) => (
                <input
                  {...props}
                  required
                  inputMode="decimal"
                  autoComplete="off"
                  placeholder="-10"
                  maxLength={10}
                  className={inputClass}
                />
              )}
            </Field>
          ) : null}
        </FormProvider>
      </fetcher.Form>
    </Modal>
  );
}
