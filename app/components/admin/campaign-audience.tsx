import { Loader2, Users } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { href, useFetcher } from "react-router";
import { useFieldError } from "~/components/form/form";
import {
  AUDIENCE_KINDS,
  AUDIENCE_LABELS,
  DEFAULT_AUDIENCE_DAYS,
  MAX_AUDIENCE_DAYS,
  type CampaignAudience,
} from "~/lib/campaigns";
import { countText } from "~/lib/text";
import { inputClass } from "./field";

export const recipientsText = (n: number) => countText(n, "recipient");

/** The live count of the chosen audience (from the server, as it stands now). */
function useAudienceCount(audience: CampaignAudience, initial: number) {
  const fetcher = useFetcher<{ count: number }>();
  const key =
    audience.kind === "ordered-within" ? `${audience.kind}:${audience.days}` : audience.kind;
  const first = useRef(key);
  const { load } = fetcher;
  useEffect(() => {
    if (key === first.current) return;
    const params = new URLSearchParams({ audience: audience.kind });
    if (audience.kind === "ordered-within") params.set("days", String(audience.days));
    const timer = setTimeout(
      () => void load(`${href("/budzadmin/dashboard/emails/audience")}?${params}`),
      250,
    );
    return () => clearTimeout(timer);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- key sums up the audience
  }, [key, load]);
  const loading = fetcher.state !== "idle";
  return { count: fetcher.data?.count ?? initial, loading };
}

/** The Recipients choice of a campaign being composed, with its live count. */
export function useAudience(initial: CampaignAudience | undefined, recipientCount: number) {
  const [kind, setKind] = useState(initial?.kind ?? "subscribers");
  const [days, setDays] = useState(
    initial?.kind === "ordered-within" ? initial.days : DEFAULT_AUDIENCE_DAYS,
  );
  const validDays = Number.isInteger(days) && days >= 1 && days <= MAX_AUDIENCE_DAYS;
  const audience: CampaignAudience =
    kind === "ordered-within" ? { kind, days: validDays ? days : DEFAULT_AUDIENCE_DAYS } : { kind };
  return { kind, setKind, days, setDays, ...useAudienceCount(audience, recipientCount) };
}

/** All subscribers, or customers who ordered in the last N days, or who never ordered. */
export function RecipientsFieldset({ audience }: { audience: ReturnType<typeof useAudience> }) {
  const errors = { days: useFieldError("days"), audience: useFieldError("audience") };
  return (
    <fieldset
      className="rounded-lg border border-stone-200 p-4"
      aria-describedby="campaign-audience-count"
    >
      <legend className="px-1 text-sm font-medium text-stone-700">Recipients</legend>
      <p className="mb-3 text-xs text-stone-500">
        Only people who agreed to receive email and have not unsubscribed.
      </p>
      <div className="space-y-2">
        {AUDIENCE_KINDS.map((value) => (
          <label key={value} className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm">
            <input
              type="radio"
              name="audience"
              value={value}
              checked={audience.kind === value}
              onChange={() => audience.setKind(value)}
              className="h-4 w-4 accent-brand-700"
            />
            <span className="text-stone-800">
              {value === "ordered-within"
                ? "Customers who ordered in the last"
                : AUDIENCE_LABELS[value]}
            </span>
            {value === "ordered-within" ? (
              <span className="flex items-center gap-2">
                <input
                  name="days"
                  inputMode="numeric"
                  aria-label="Number of days"
                  aria-invalid={errors.days ? true : undefined}
                  aria-describedby={errors.days ? "campaign-days-error" : undefined}
                  value={Number.isNaN(audience.days) ? "" : String(audience.days)}
                  onChange={(e) => {
                    audience.setKind("ordered-within");
                    audience.setDays(e.target.value === "" ? Number.NaN : Number(e.target.value));
                  }}
                  className={inputClass.replace("w-full", "w-20")}
                />
                <span className="text-stone-800">days</span>
              </span>
            ) : null}
          </label>
        ))}
      </div>
      {errors.days ? (
        <p id="campaign-days-error" className="mt-2 text-xs font-medium text-red-600">
          {errors.days}
        </p>
      ) : null}
      {errors.audience ? (
        <p className="mt-2 text-xs font-medium text-red-600">{errors.audience}</p>
      ) : null}
      <p
        id="campaign-audience-count"
        aria-live="polite"
        className="mt-3 flex items-center gap-2 text-sm font-medium text-stone-800"
      >
        {audience.loading ? (
          <Loader2 className="h-4 w-4 animate-spin text-stone-500" aria-hidden />
        ) : (
          <Users className="h-4 w-4 text-brand-700" aria-hidden />
        )}
        {recipientsText(audience.count)} right now
      </p>
    </fieldset>
  );
}
