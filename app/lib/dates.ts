const formatters = new Map<string, Intl.DateTimeFormat>();

/** One formatter per zone and style: creating an Intl.DateTimeFormat costs far more than using one. */
function formatter(timeZone: string, style: "parts" | "date" | "dateTime"): Intl.DateTimeFormat {
  const key = `${style} ${timeZone}`;
  let found = formatters.get(key);
  if (!found) {
    found = new Intl.DateTimeFormat(
      "en-CA",
      style === "parts"
        ? {
            timeZone,
            hourCycle: "h23",
            year: "numeric",
            month: "2-digit",
            day: "2-digit",
            hour: "2-digit",
            minute: "2-digit",
            second: "2-digit",
          }
        : style === "date"
          ? { dateStyle: "medium", timeZone }
          : { dateStyle: "medium", timeStyle: "short", timeZone },
    );
    formatters.set(key, found);
  }
  return found;
}

/** The parts of an instant as seen on a wall clock in a time zone. */
export function zonedParts(date: Date, timeZone: string) {
  const parts = Object.fromEntries(
    formatter(timeZone, "parts")
      .formatToParts(date)
      .map((p) => [p.type, p.value]),
  );
  return {
    year: Number(parts.year),
    month: Number(parts.month),
    day: Number(parts.day),
    hour: Number(parts.hour),
    minute: Number(parts.minute),
    second: Number(parts.second),
  };
}

/** The instant at which a wall clock in timeZone shows the given date and time (month is 1-12). */
export function zonedTime(
  timeZone: string,
  year: number,
  month: number,
  day: number,
  hour = 0,
  minute = 0,
  second = 0,
): Date {
  const wanted = Date.UTC(year, month - 1, day, hour, minute, second);
  // Guess with the zone's offset at that moment, then correct once for a DST change in between.
  let guess = wanted;
  for (let i = 0; i < 2; i++) {
    const seen = zonedParts(new Date(guess), timeZone);
    const seenUtc = Date.UTC(
      seen.year,
      seen.month - 1,
      seen.day,
      seen.hour,
      seen.minute,
      seen.second,
    );
    guess += wanted - seenUtc;
  }
  return new Date(guess);
}

/** Midnight at the start of the day containing `date`, in timeZone. */
export function startOfZonedDay(date: Date, timeZone: string): Date {
  const { year, month, day } = zonedParts(date, timeZone);
  return zonedTime(timeZone, year, month, day);
}

/** "Nov 23, 2026, 2:05 p.m." in the store's time zone (same text on server and browser). */
export function formatDateTime(date: Date | string, timeZone: string): string {
  return formatter(timeZone, "dateTime").format(new Date(date));
}

/** "Nov 23, 2026" in the store's time zone. */
export function formatDate(date: Date | string, timeZone: string): string {
  return formatter(timeZone, "date").format(new Date(date));
}
