import { Loader2 } from "lucide-react";
import { useNavigation } from "react-router";
import { buttonClass } from "./button";

/** A form's submit button (it may sit outside the form: `form`), showing "Saving..." while posting. */
export function SaveButton({ form, children }: { form: string; children: React.ReactNode }) {
  const navigation = useNavigation();
  const saving = navigation.state !== "idle" && navigation.formMethod === "POST";
  return (
    <button type="submit" form={form} disabled={saving} className={buttonClass("primary")}>
      {saving ? <Loader2 className="h-4 w-4 animate-spin" aria-hidden /> : null}
      {saving ? "Saving..." : children}
    </button>
  );
}
