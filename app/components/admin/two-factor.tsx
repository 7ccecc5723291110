import { Field } from "~/components/form/form";
import { inputClass } from "./field";

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

/** The ten recovery codes, shown once (after turning two-factor on, or generating new ones). */
export function RecoveryCodes({ codes }: { codes: string[] }) {
  return (
    <div
      role="status"
      className="rounded-xl border border-amber-200 bg-amber-50 p-4 text-sm text-amber-950"
    >
      <p className="font-semibold">Save your recovery codes now</p>
      <p className="mt-1 text-amber-900">
        Each one signs you in once if you lose your phone. They are shown only now: print them or
        keep them in your password manager.
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
    </div>
  );
}
