// Reading Canada Post's tracking details (track-v2 "significant-events") into our tracking states.
import { CanadaPostError } from "./errors.server";
import { child, children, text, type XmlNode } from "./xml.server";

export type TrackingState =
  "in_transit" | "out_for_delivery" | "delivered" | "returned" | "unknown";

export interface TrackingEvent {
  /** ISO date-time with the offset of the place of the scan. */
  at: string;
  code: string;
  description: string;
  location: string | null;
  state: TrackingState;
}

export interface Tracking {
  pin: string;
  state: TrackingState;
  expectedDeliveryDate: string | null;
  /** Newest first. */
  events: TrackingEvent[];
}

// Event identifiers from Canada Post's "Messages and code tables" (tracking events), as listed by
// public integrations. Canada Post pads them to four digits ("0174"); we compare without the zeros.
const DELIVERED = new Set([
  "1408", "1409", "1421", "1422", "1423", "1424", "1425", "1426", "1427", "1428", "1429", "1430",
  "1431", "1432", "1433", "1434", "1441", "1442", "1496", "1497", "1498", "1499", "5300",
]); // prettier-ignore
const OUT_FOR_DELIVERY = new Set(["174", "500"]);
const RETURNED = new Set([
  "167", "168", "169", "1100", "1415", "1416", "1417", "1418", "1419", "1420", "1481", "1482",
  "1491", "1492", "2600", "3001",
]); // prettier-ignore

export function eventState(code: string): TrackingState {
  const bare = code.replace(/^0+(?=\d)/, "");
  if (DELIVERED.has(bare)) return "delivered";
  if (OUT_FOR_DELIVERY.has(bare)) return "out_for_delivery";
  if (RETURNED.has(bare)) return "returned";
  return "in_transit";
}

// Canada Post gives the scan's local time and a zone abbreviation, not an offset.
const ZONE_OFFSETS: Record<string, string> = {
  NST: "-03:30",
  NDT: "-02:30",
  AST: "-04:00",
  ADT: "-03:00",
  EST: "-05:00",
  EDT: "-04:00",
  CST: "-06:00",
  CDT: "-05:00",
  MST: "-07:00",
  MDT: "-06:00",
  PST: "-08:00",
  PDT: "-07:00",
  GMT: "+00:00",
  UTC: "+00:00",
};

function eventTime(occurrence: XmlNode): string {
  const date = text(occurrence, "event-date");
  const time = text(occurrence, "event-time");
  const offset = ZONE_OFFSETS[(text(occurrence, "event-time-zone") ?? "").toUpperCase()];
  if (!date || !/^\d{4}-\d{2}-\d{2}$/.test(date) || !time || !/^\d{2}:\d{2}:\d{2}$/.test(time)) {
    throw new CanadaPostError("malformed", "Canada Post sent a tracking event without a date.");
  }
  if (!offset) {
    throw new CanadaPostError("malformed", "Canada Post sent a tracking event in an unknown zone.");
  }
  return `${date}T${time}${offset}`;
}

function trackingEvent(occurrence: XmlNode): TrackingEvent {
  const code = text(occurrence, "event-identifier");
  if (!code)
    throw new CanadaPostError("malformed", "Canada Post sent a tracking event without a code.");
  const place = [text(occurrence, "event-site"), text(occurrence, "event-province")].filter(
    Boolean,
  );
  return {
    at: eventTime(occurrence),
    code,
    description: text(occurrence, "event-description") ?? "",
    location: place.length ? place.join(", ") : null,
    state: eventState(code),
  };
}

/** A return outranks a delivery (it may end "delivered" back to us); otherwise the newest event. */
function overallState(events: TrackingEvent[]): TrackingState {
  if (events.some((event) => event.state === "returned")) return "returned";
  if (events.some((event) => event.state === "delivered")) return "delivered";
  return events[0]?.state ?? "unknown";
}

export function readTracking(detail: XmlNode, pin: string): Tracking {
  const occurrences = children(child(detail, "significant-events"), "occurrence");
  const events = occurrences.map(trackingEvent).sort((a, b) => Date.parse(b.at) - Date.parse(a.at));
  return {
    pin: text(detail, "pin") ?? pin,
    state: overallState(events),
    // A revised date, when Canada Post changed it, replaces the first estimate.
    expectedDeliveryDate:
      text(detail, "changed-expected-date") ?? text(detail, "expected-delivery-date"),
    events,
  };
}
