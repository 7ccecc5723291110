import { PROVINCES } from "~/lib/address";
import { CATEGORIES } from "~/lib/categories";

/** The provinces and territories as a select's options (the value is the code). */
export function ProvinceOptions() {
  return (
    <>
      {PROVINCES.map((province) => (
        <option key={province.code} value={province.code}>
          {province.name}
        </option>
      ))}
    </>
  );
}

/** The categories as a select's options, after a "Choose a category" that cannot be chosen. */
export function CategoryOptions() {
  return (
    <>
      <option value="" disabled>
        Choose a category
      </option>
      {CATEGORIES.map((c) => (
        <option key={c.slug} value={c.slug}>
          {c.name}
        </option>
      ))}
    </>
  );
}
