import { Check, Copy, Download } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { Field } from "~/components/form/form";
import { recoveryCodesFile } from "~/lib/two-factor";
import { useHydrated } from "~/lib/use-hydrated";
import { buttonClass } from "./button";
import { inputClass } from "./field";
import { copyText } from "~/lib/clipboard";

/** A field for a code from the authenticator app (or, at sign-in, a recovery code). */
export function CodeField({
  label = "Code from your app",
  hint,
  recovery = false,
  autoFocus = false,
}: {
  label?: string;
  hint?: string;
  /** Recovery codes too (letters): no numeric keyboard. */
  recovery?: boolean;
  autoFocus?: boolean;
}) {
  return (
    <Field name="code" label={label} hint={hint} required>
      {(props) => (
        <input
          {...props}
          autoComplete="one-time-code"
          inputMode={recovery ? "text" : "numeric"}
          autoCapitalize="off"
          spellCheck={false}
          required
          maxLength={recovery ? 40 : 20}
          autoFocus={autoFocus}
          className={`${inputClass} font-mono tracking-widest`}
        />
      )}
    </Field>
  );
}

/**
 * The ten recovery codes, shown once (after turning two-factor on, or generating new ones), with
 * a Copy button (the clipboard, then "Copied") and a Download button: a .txt file made in the
 * browser from these codes (a data: link, so it works before scripts run too).
 */
export function RecoveryCodes({
  codes,
  storeName,
  username,
}: {
  codes: string[];
  storeName: string;
  username: string;
}) {
  const hydrated = useHydrated();
  const [copied, setCopied] = useState<"yes" | "failed" | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  const file = recoveryCodesFile({ storeName, username, codes });
  const copy = async () => {
    clearTimeout(timer.current);
    const done = await copyText(file.text);
    setCopied(done ? "yes" : "failed");
    if (done) timer.current = setTimeout(() => setCopied(null), 4000);
  };
  return (
    <div className="rounded-xl border border-amber-200 bg-amber-50 p-4 text-sm text-amber-950">
      <p className="font-semibold">Save your recovery codes now</p>
      <p className="mt-1 text-amber-900">
        Each one signs you in once if you lose your phone. They are shown only now: copy them into
        your password manager, download them, or print them.
      </p>
      <ol
        aria-label="Recovery codes"
        className="mt-3 grid grid-cols-2 gap-x-4 gap-y-1.5 rounded-lg bg-white p-3 font-mono text-sm text-stone-900 ring-1 ring-amber-200"
      >
        {codes.map((code) => (
          <li key={code} className="tracking-wide">
            {code}
          </li>
        ))}
      </ol>
      <div className="mt-3 flex flex-wrap items-center gap-2">
        {hydrated ? (
          <button
            type="button"
            onClick={() => void copy()}
            className={buttonClass("secondary", "sm")}
          >
            {copied === "yes" ? (
              <Check className="h-4 w-4" aria-hidden />
            ) : (
              <Copy className="h-4 w-4" aria-hidden />
            )}
            {copied === "yes" ? "Copied" : "Copy codes"}
          </button>
        ) : null}
        <a
          href={`data:text/plain;charset=utf-8,${encodeURIComponent(file.text)}`}
          download={file.fileName}
          className={buttonClass("secondary", "sm")}
        >
          <Download className="h-4 w-4" aria-hidden />
          Download .txt
        </a>
        <p role="status" className="text-xs text-amber-900">
          {copied === "yes"
            ? "The ten codes are on your clipboard."
            : copied === "failed"
              ? "This browser did not allow copying: select the codes and copy them, or download them."
              : ""}
        </p>
      </div>
    </div>
  );
}
