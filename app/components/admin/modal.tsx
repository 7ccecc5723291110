import * as AlertDialog from "@radix-ui/react-alert-dialog";
import * as Dialog from "@radix-ui/react-dialog";
import { Trash2, X } from "lucide-react";
import { useLocation, useNavigate } from "react-router";
import { buttonClass } from "./button";

/** A dialog over the current screen (always open: routes mount it and close it by navigating). */
export function Modal({
  title,
  description,
  onClose,
  size = "lg",
  children,
  footer,
}: {
  title: string;
  description?: string;
  onClose: () => void;
  size?: "md" | "lg" | "xl";
  children: React.ReactNode;
  footer?: React.ReactNode;
}) {
  const width = { md: "max-w-lg", lg: "max-w-2xl", xl: "max-w-4xl" }[size];
  return (
    <Dialog.Root open onOpenChange={(open) => !open && onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-stone-950/50 backdrop-blur-[2px]" />
        <Dialog.Content
          onOpenAutoFocus={(event) => {
            // Start in the first field of a form rather than on the close button.
            const first = (event.currentTarget as HTMLElement).querySelector<HTMLElement>(
              "input:not([type=hidden]):not([disabled]), select, textarea",
            );
            if (first) {
              event.preventDefault();
              first.focus();
            }
          }}
          className={`fixed inset-x-0 bottom-0 z-50 flex max-h-[92vh] flex-col rounded-t-2xl bg-white shadow-2xl sm:inset-x-auto sm:top-1/2 sm:bottom-auto sm:left-1/2 sm:w-[calc(100%-2rem)] sm:-translate-x-1/2 sm:-translate-y-1/2 sm:rounded-2xl ${width}`}
        >
          <div className="flex items-start justify-between gap-4 border-b border-stone-200 px-5 py-4 sm:px-6">
            <div>
              <Dialog.Title className="text-lg font-semibold text-stone-900">{title}</Dialog.Title>
              {description ? (
                <Dialog.Description className="mt-0.5 text-sm text-stone-500">
                  {description}
                </Dialog.Description>
              ) : (
                <Dialog.Description className="sr-only">{title}</Dialog.Description>
              )}
            </div>
            <Dialog.Close
              aria-label="Close dialog"
              className={buttonClass("ghost", "icon", "-mr-2")}
            >
              <X className="h-5 w-5" aria-hidden />
            </Dialog.Close>
          </div>
          <div className="flex-1 overflow-y-auto px-5 py-5 sm:px-6">{children}</div>
          {footer ? (
            <div className="flex flex-wrap justify-end gap-2 border-t border-stone-200 bg-stone-50 px-5 py-3 sm:rounded-b-2xl sm:px-6">
              {footer}
            </div>
          ) : null}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

/** "Are you sure…?" before something that cannot be undone. */
export function ConfirmDialog({
  trigger,
  title,
  message,
  children,
  confirmLabel,
  onConfirm,
  pending = false,
  tone = "danger",
}: {
  trigger: React.ReactNode;
  title: string;
  message: string;
  children?: React.ReactNode;
  confirmLabel: string;
  onConfirm: () => void;
  pending?: boolean;
  tone?: "danger" | "primary";
}) {
  return (
    <AlertDialog.Root>
      <AlertDialog.Trigger asChild>{trigger}</AlertDialog.Trigger>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="fixed inset-0 z-[55] bg-stone-950/50" />
        <AlertDialog.Content className="fixed top-1/2 left-1/2 z-[56] w-[calc(100%-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 rounded-2xl bg-white p-6 shadow-2xl">
          <AlertDialog.Title className="text-lg font-semibold text-stone-900">
            {title}
          </AlertDialog.Title>
          <AlertDialog.Description className="mt-2 text-sm text-stone-600">
            {message}
          </AlertDialog.Description>
          {children}
          <div className="mt-6 flex justify-end gap-2">
            <AlertDialog.Cancel className={buttonClass("secondary")}>Cancel</AlertDialog.Cancel>
            <AlertDialog.Action
              className={buttonClass(tone)}
              disabled={pending}
              onClick={onConfirm}
            >
              {confirmLabel}
            </AlertDialog.Action>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}

/** A row's red trash button that asks first ("Delete …?") and then runs onConfirm. */
export function DeleteButton({
  label,
  title,
  message,
  onConfirm,
  className = "",
}: {
  /** The button's accessible name, e.g. "Delete SPRING20". */
  label: string;
  title: string;
  message: string;
  onConfirm: () => void;
  className?: string;
}) {
  return (
    <ConfirmDialog
      title={title}
      message={message}
      confirmLabel="Delete"
      onConfirm={onConfirm}
      trigger={
        <button
          type="button"
          className={buttonClass(
            "ghost",
            "icon",
            `text-red-600 hover:bg-red-50 hover:text-red-700 ${className}`,
          )}
          aria-label={label}
          title="Delete"
        >
          <Trash2 className="h-4 w-4" aria-hidden />
        </button>
      }
    />
  );
}

/** Closes a modal route back to its list, keeping the list's search, filters and scroll. */
/** A dialog's Close (or Cancel) button: it leaves without doing anything. */
export function CloseButton({
  onClick,
  children,
}: {
  onClick: () => void;
  children: React.ReactNode;
}) {
  return (
    <button type="button" className={buttonClass("secondary")} onClick={onClick}>
      {children}
    </button>
  );
}

export function useCloseToList(list: string) {
  const navigate = useNavigate();
  const { search } = useLocation();
  return () => void navigate(`${list}${search}`, { preventScrollReset: true });
}

/** A form dialog's footer: Cancel (or `closeLabel`) and the submit button of the form `formId`. */
export function DialogButtons({
  formId,
  onClose,
  busy,
  variant = "primary",
  closeLabel = "Cancel",
  children,
}: {
  formId: string;
  onClose: () => void;
  busy: boolean;
  variant?: "primary" | "danger";
  closeLabel?: string;
  children: React.ReactNode;
}) {
  return (
    <>
      <CloseButton onClick={onClose}>{closeLabel}</CloseButton>
      <button type="submit" form={formId} disabled={busy} className={buttonClass(variant)}>
        {children}
      </button>
    </>
  );
}
