// The Canada Post web-services adapter (Rating, Shipping, Tracking): typed calls in, typed answers
// out. Nothing else in the store knows Canada Post's XML. See docs/decisions/canada-post-api.md.
import { CanadaPostError } from "./errors.server";
import { call, checkedLink, endpoint, malformed, rootOf } from "./http.server";
import { readTracking, type Tracking } from "./tracking.server";
import {
  attr,
  child,
  children,
  el,
  optionalEl,
  text,
  toXmlDocument,
  type XmlElement,
  type XmlNode,
} from "./xml.server";

export { CanadaPostError, type CanadaPostErrorKind } from "./errors.server";
export type { Tracking, TrackingEvent, TrackingState } from "./tracking.server";

export interface CanadaPostAccount {
  /** https://ct.soa-gw.canadapost.ca (development) or https://soa-gw.canadapost.ca (production); tests pass the fake's URL. */
  baseUrl: string;
  username: string;
  password: string;
  customerNumber: string;
  /** Contract number; null for a small-business (non-contract) account. */
  contractId: string | null;
}

export interface CallOptions {
  timeoutMs: number;
  signal?: AbortSignal;
}

export interface RateRequest {
  originPostalCode: string;
  destinationPostalCode: string;
  weightGrams: number;
  serviceCodes?: string[];
  /** Options to price in (the labels we buy always carry proof of age). */
  proofOfAge?: "PA18" | "PA19";
  signature?: boolean;
}

export interface Rate {
  serviceCode: string;
  serviceName: string;
  priceCents: number;
  expectedDeliveryDate: string | null;
  transitDays: number | null;
}

export interface Address {
  name: string;
  company?: string | null;
  phone?: string | null;
  street: string;
  city: string;
  province: string;
  postalCode: string;
}

export interface ShipmentRequest {
  /** Our idempotency key for this label (sent where the API takes a client reference, and used as the contract group id / customer reference). */
  key: string;
  orderNumber: string;
  serviceCode: string;
  sender: Address;
  destination: Address & { email?: string | null };
  weightGrams: number;
  proofOfAge: "PA18" | "PA19";
  /** Canada Post's SO option. */
  signature: boolean;
}

export interface CreatedShipment {
  shipmentId: string;
  trackingPin: string;
  labelUrl: string;
  /** Where the label can be voided (contract) or refunded (non-contract), as the API links it; null when it gives none. */
  voidUrl: string | null;
}

export interface ShipmentToVoid {
  shipmentId: string;
  voidUrl: string | null;
  /** Non-contract refunds only: where Canada Post sends the refund confirmation (required there). */
  refundEmail?: string | null;
}

const MEDIA = {
  rate: "application/vnd.cpc.ship.rate-v4+xml",
  shipment: "application/vnd.cpc.shipment-v8+xml",
  ncshipment: "application/vnd.cpc.ncshipment-v4+xml",
  track: "application/vnd.cpc.track-v2+xml",
  pdf: "application/pdf",
} as const;

const NAMESPACE = {
  rate: "http://www.canadapost.ca/ws/ship/rate-v4",
  shipment: "http://www.canadapost.ca/ws/shipment-v8",
  ncshipment: "http://www.canadapost.ca/ws/ncshipment-v4",
} as const;

// ---------------------------------------------------------------------------------------------
// Units

/** "h2b 1a0" → "H2B1A0", as the API wants postal codes. */
function formatPostalCode(postalCode: string): string {
  return postalCode.replace(/\s+/g, "").toUpperCase();
}

/** Grams → kilograms with three decimals, without floating point ("1250" → "1.250"). */
export function formatWeightKg(grams: number): string {
  if (!Number.isFinite(grams) || grams <= 0) throw new RangeError(`Invalid weight: ${grams} g`);
  const whole = Math.ceil(grams);
  return `${Math.floor(whole / 1000)}.${String(whole % 1000).padStart(3, "0")}`;
}

/** "12.34" → 1234 (integer arithmetic, no float drift); null when it is not an amount. */
export function parseCents(amount: string | null): number | null {
  const match = /^(-?)(\d+)(?:\.(\d{1,2}))?$/.exec(amount ?? "");
  if (!match) return null;
  const cents = Number(match[2]) * 100 + Number((match[3] ?? "").padEnd(2, "0"));
  return match[1] ? -cents : cents;
}

// ---------------------------------------------------------------------------------------------
// Rating

function optionsElement(codes: string[]): XmlElement | null {
  if (!codes.length) return null;
  return el(
    "options",
    codes.map((code) => el("option", [el("option-code", code)])),
  );
}

function rateOptionCodes(request: RateRequest): string[] {
  return [request.proofOfAge, request.signature ? "SO" : undefined].filter((code): code is string =>
    Boolean(code),
  );
}

function rateRequestXml(account: CanadaPostAccount, request: RateRequest): string {
  const services = request.serviceCodes ?? [];
  return toXmlDocument(
    el(
      "mailing-scenario",
      [
        el("customer-number", account.customerNumber),
        optionalEl("contract-id", account.contractId),
        optionsElement(rateOptionCodes(request)),
        el("parcel-characteristics", [el("weight", formatWeightKg(request.weightGrams))]),
        services.length
          ? el(
              "services",
              services.map((code) => el("service-code", code)),
            )
          : null,
        el("origin-postal-code", formatPostalCode(request.originPostalCode)),
        el("destination", [
          el("domestic", [el("postal-code", formatPostalCode(request.destinationPostalCode))]),
        ]),
      ],
      { xmlns: NAMESPACE.rate },
    ),
  );
}

function readRate(quote: XmlNode): Rate {
  const serviceCode = text(quote, "service-code");
  const priceCents = parseCents(text(child(quote, "price-details"), "due"));
  if (!serviceCode || priceCents === null) throw malformed("a price quote had no service or price");
  const standard = child(quote, "service-standard");
  const transit = text(standard, "expected-transit-time");
  return {
    serviceCode,
    serviceName: text(quote, "service-name") ?? serviceCode,
    priceCents,
    expectedDeliveryDate: text(standard, "expected-delivery-date"),
    transitDays: transit && /^\d+$/.test(transit) ? Number(transit) : null,
  };
}

export async function getRates(
  account: CanadaPostAccount,
  request: RateRequest,
  options: CallOptions,
): Promise<Rate[]> {
  const subject = `the rate request to ${request.destinationPostalCode}`;
  const response = await call(
    account,
    {
      method: "POST",
      url: endpoint(account, "/rs/ship/price"),
      accept: MEDIA.rate,
      xml: rateRequestXml(account, request),
      subject,
    },
    options,
  );
  return children(rootOf(response, "price-quotes", subject), "price-quote").map(readRate);
}

/** A cheap authenticated call: one rate quote, which also checks the customer and contract numbers. */
export async function testConnection(
  account: CanadaPostAccount,
  options: CallOptions,
): Promise<void> {
  await getRates(
    account,
    { originPostalCode: "K1A0B1", destinationPostalCode: "K1A0B1", weightGrams: 500 },
    options,
  );
}

// ---------------------------------------------------------------------------------------------
// Shipping

function addressDetails(address: Address, withCountry: boolean): XmlElement {
  return el("address-details", [
    el("address-line-1", address.street),
    el("city", address.city),
    el("prov-state", address.province.toUpperCase()),
    withCountry ? el("country-code", "CA") : null,
    el("postal-zip-code", formatPostalCode(address.postalCode)),
  ]);
}

function deliverySpec(account: CanadaPostAccount, request: ShipmentRequest): XmlElement {
  const contract = account.contractId !== null;
  const { sender, destination } = request;
  const optionCodes = [request.proofOfAge, request.signature ? "SO" : null].filter(
    (code): code is string => code !== null,
  );
  return el("delivery-spec", [
    el("service-code", request.serviceCode),
    el("sender", [
      el("name", sender.name),
      // The sender's company is required by both schemas.
      el("company", sender.company || sender.name),
      optionalEl("contact-phone", sender.phone),
      // The non-contract sender is always in Canada: its address has no country element.
      addressDetails(sender, contract),
    ]),
    el("destination", [
      el("name", destination.name),
      optionalEl("company", destination.company),
      optionalEl("client-voice-number", destination.phone),
      addressDetails(destination, true),
    ]),
    optionsElement(optionCodes),
    el("parcel-characteristics", [el("weight", formatWeightKg(request.weightGrams))]),
    destination.email
      ? el("notification", [
          el("email", destination.email),
          el("on-shipment", "true"),
          el("on-exception", "true"),
          el("on-delivery", "true"),
        ])
      : null,
    contract ? el("print-preferences", [el("output-format", "4x6"), el("encoding", "PDF")]) : null,
    el("preferences", [
      el("show-packing-instructions", "false"),
      el("show-postage-rate", "false"),
      el("show-insured-value", "false"),
    ]),
    el("references", [
      el("customer-ref-1", request.orderNumber),
      el("customer-ref-2", request.key),
    ]),
    contract
      ? el("settlement-info", [
          el("contract-id", account.contractId ?? ""),
          el("intended-method-of-payment", "Account"),
        ])
      : null,
  ]);
}

function shipmentRequestXml(account: CanadaPostAccount, request: ShipmentRequest): string {
  if (account.contractId === null) {
    return toXmlDocument(
      el("non-contract-shipment", [deliverySpec(account, request)], {
        xmlns: NAMESPACE.ncshipment,
      }),
    );
  }
  return toXmlDocument(
    el(
      "shipment",
      [
        // One group per label: the key finds the shipment again (Get Shipments ?groupId=).
        el("group-id", request.key),
        el("requested-shipping-point", formatPostalCode(request.sender.postalCode)),
        deliverySpec(account, request),
      ],
      { xmlns: NAMESPACE.shipment },
    ),
  );
}

function linkHref(root: XmlNode, rel: string): string | null {
  const link = children(child(root, "links"), "link").find(
    (candidate) => attr(candidate, "rel") === rel,
  );
  return link ? attr(link, "href") : null;
}

export async function createShipment(
  account: CanadaPostAccount,
  request: ShipmentRequest,
  options: CallOptions,
): Promise<CreatedShipment> {
  const contract = account.contractId !== null;
  const customer = encodeURIComponent(account.customerNumber);
  const subject = `the shipment for order ${request.orderNumber}`;
  const response = await call(
    account,
    {
      method: "POST",
      url: endpoint(
        account,
        contract ? `/rs/${customer}/${customer}/shipment` : `/rs/${customer}/ncshipment`,
      ),
      accept: contract ? MEDIA.shipment : MEDIA.ncshipment,
      xml: shipmentRequestXml(account, request),
      subject,
    },
    options,
  );
  const root = rootOf(response, contract ? "shipment-info" : "non-contract-shipment-info", subject);
  const shipmentId = text(root, "shipment-id");
  const trackingPin = text(root, "tracking-pin");
  const label = linkHref(root, "label");
  if (!shipmentId || !trackingPin || !label) {
    throw malformed("the created shipment had no id, tracking number or label link");
  }
  // A contract shipment not yet transmitted is voided with DELETE on its own link; a non-contract
  // one is refunded through its "refund" link.
  const voidLink = linkHref(root, contract ? "self" : "refund");
  return {
    shipmentId,
    trackingPin,
    labelUrl: checkedLink(account, label),
    voidUrl: voidLink ? checkedLink(account, voidLink) : null,
  };
}

export async function getLabel(
  account: CanadaPostAccount,
  labelUrl: string,
  options: CallOptions,
): Promise<Buffer> {
  const response = await call(
    account,
    {
      method: "GET",
      url: checkedLink(account, labelUrl),
      accept: MEDIA.pdf,
      subject: "the label download",
    },
    options,
  );
  if (response.body.subarray(0, 5).toString("latin1") !== "%PDF-") {
    throw malformed("the label is not a PDF");
  }
  return response.body;
}

function refundRequestXml(email: string): string {
  return toXmlDocument(
    el("non-contract-shipment-refund-request", [el("email", email)], {
      xmlns: NAMESPACE.ncshipment,
    }),
  );
}

export async function voidShipment(
  account: CanadaPostAccount,
  shipment: ShipmentToVoid,
  options: CallOptions,
): Promise<void> {
  const customer = encodeURIComponent(account.customerNumber);
  const id = encodeURIComponent(shipment.shipmentId);
  const subject = `the cancellation of shipment ${shipment.shipmentId}`;
  if (account.contractId !== null) {
    const url = shipment.voidUrl ?? endpoint(account, `/rs/${customer}/${customer}/shipment/${id}`);
    const accept = MEDIA.shipment;
    await call(
      account,
      { method: "DELETE", url: checkedLink(account, url), accept, subject },
      options,
    );
    return;
  }
  if (!shipment.refundEmail) {
    throw new CanadaPostError(
      "rejected",
      "A non-contract label refund needs an email address for Canada Post's confirmation.",
    );
  }
  const url = shipment.voidUrl ?? endpoint(account, `/rs/${customer}/ncshipment/${id}/refund`);
  const response = await call(
    account,
    {
      method: "POST",
      url: checkedLink(account, url),
      accept: MEDIA.ncshipment,
      xml: refundRequestXml(shipment.refundEmail),
      subject,
    },
    options,
  );
  rootOf(response, "non-contract-shipment-refund-request-info", subject);
}

// ---------------------------------------------------------------------------------------------
// Tracking

export async function getTracking(
  account: CanadaPostAccount,
  pin: string,
  options: CallOptions,
): Promise<Tracking> {
  const subject = `the tracking number ${pin}`;
  const response = await call(
    account,
    {
      method: "GET",
      url: endpoint(
        account,
        `/vis/track/pin/${encodeURIComponent(pin.replace(/\s+/g, ""))}/detail`,
      ),
      accept: MEDIA.track,
      subject,
    },
    options,
  );
  return readTracking(rootOf(response, "tracking-detail", subject), pin);
}
