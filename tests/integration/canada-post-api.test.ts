// The Canada Post adapter against the local fake (tests/fixtures/canada-post/fake-server.ts): each
// test checks what the adapter sent (path, method, headers, XML) and what it made of the answer.
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import {
  CanadaPostError,
  createShipment,
  formatWeightKg,
  getLabel,
  getRates,
  getTracking,
  parseCents,
  testConnection,
  voidShipment,
  type CanadaPostAccount,
  type ShipmentRequest,
} from "~/server/canada-post/api.server";
import {
  FAKE_CREDENTIALS,
  startCanadaPostFake,
  type CanadaPostFake,
  type FakeMode,
  type RecordedRequest,
} from "../fixtures/canada-post/fake-server";

const CUSTOMER = "0001234567";
const CONTRACT = "0040012345";
const OPTIONS = { timeoutMs: 5_000 };
const BASIC = `Basic ${Buffer.from(`${FAKE_CREDENTIALS.username}:${FAKE_CREDENTIALS.password}`).toString("base64")}`;
const RATE_MEDIA = "application/vnd.cpc.ship.rate-v4+xml";
const SHIPMENT_MEDIA = "application/vnd.cpc.shipment-v8+xml";
const NCSHIPMENT_MEDIA = "application/vnd.cpc.ncshipment-v4+xml";
const TRACK_MEDIA = "application/vnd.cpc.track-v2+xml";

let fake: CanadaPostFake;

beforeAll(async () => {
  fake = await startCanadaPostFake();
});
afterEach(() => {
  fake.setMode({ all: "ok" });
  fake.requests.length = 0;
});
afterAll(async () => {
  await fake.close();
});

function account(contractId: string | null = CONTRACT): CanadaPostAccount {
  return { baseUrl: fake.url, ...FAKE_CREDENTIALS, customerNumber: CUSTOMER, contractId };
}

function onlyRequest(): RecordedRequest {
  expect(fake.requests).toHaveLength(1);
  return fake.requests[0];
}

function expectHeaders(request: RecordedRequest, media: string, withBody: boolean) {
  expect(request.headers.authorization).toBe(BASIC);
  expect(request.headers.accept).toBe(media);
  expect(request.headers["accept-language"]).toBe("en-CA");
  expect(request.headers["content-type"]).toBe(withBody ? media : undefined);
}

async function failure(promise: Promise<unknown>): Promise<CanadaPostError> {
  const error = await promise.then(
    () => null,
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(CanadaPostError);
  const cpError = error as CanadaPostError;
  expect(cpError.message).not.toContain(FAKE_CREDENTIALS.password);
  return cpError;
}

const rateRequest = {
  originPostalCode: "v6b 1a1",
  destinationPostalCode: "H2B 1A0",
  weightGrams: 1250,
};

const shipmentRequest: ShipmentRequest = {
  key: "lbl-7f3a9c",
  orderNumber: "1001",
  serviceCode: "DOM.EP",
  sender: {
    name: "Budz Boutique",
    company: "Budz Boutique Inc.",
    phone: "604-555-0100",
    street: "12 Water St",
    city: "Vancouver",
    province: "BC",
    postalCode: "v6b 1a1",
  },
  destination: {
    name: "Chloé O'Brien & <Sons>",
    phone: "514-555-0199",
    street: "502 Main St N",
    city: "Montréal",
    province: "qc",
    postalCode: "h2b 1a0",
    email: "chloe@example.ca",
  },
  weightGrams: 850,
  proofOfAge: "PA19",
  signature: true,
};

describe("units", () => {
  it("turns prices into integer cents and grams into kilograms without float drift", () => {
    expect(parseCents("12.34")).toBe(1234);
    expect(parseCents("0.07")).toBe(7);
    expect(parseCents("15.1")).toBe(1510);
    expect(parseCents("-0.29")).toBe(-29);
    expect(parseCents("1.005")).toBeNull();
    expect(formatWeightKg(1250)).toBe("1.250");
    expect(formatWeightKg(1)).toBe("0.001");
    expect(formatWeightKg(999.2)).toBe("1.000");
    expect(() => formatWeightKg(0)).toThrow(RangeError);
  });
});

describe("getRates", () => {
  it("quotes every service with its price in cents and expected delivery", async () => {
    const rates = await getRates(
      account(),
      { ...rateRequest, serviceCodes: ["DOM.EP", "DOM.XP"], proofOfAge: "PA19", signature: true },
      OPTIONS,
    );
    expect(rates).toEqual([
      {
        serviceCode: "DOM.RP",
        serviceName: "Regular Parcel",
        priceCents: 1403,
        expectedDeliveryDate: "2026-12-04",
        transitDays: 4,
      },
      {
        serviceCode: "DOM.EP",
        serviceName: "Expedited Parcel",
        priceCents: 1501,
        expectedDeliveryDate: "2026-12-02",
        transitDays: 2,
      },
      {
        serviceCode: "DOM.XP",
        serviceName: "Xpresspost",
        priceCents: 2273,
        expectedDeliveryDate: "2026-12-01",
        transitDays: 1,
      },
      {
        serviceCode: "DOM.PC",
        serviceName: "Priority",
        priceCents: 3455,
        expectedDeliveryDate: "2026-12-01",
        transitDays: 1,
      },
    ]);
    const request = onlyRequest();
    expect(request.method).toBe("POST");
    expect(request.path).toBe("/rs/ship/price");
    expectHeaders(request, RATE_MEDIA, true);
    expect(request.body).toContain(
      '<mailing-scenario xmlns="http://www.canadapost.ca/ws/ship/rate-v4">',
    );
    expect(request.body).toContain(`<customer-number>${CUSTOMER}</customer-number>`);
    expect(request.body).toContain(`<contract-id>${CONTRACT}</contract-id>`);
    expect(request.body).toContain(
      "<options><option><option-code>PA19</option-code></option><option><option-code>SO</option-code></option></options>",
    );
    expect(request.body).toContain("<parcel-characteristics><weight>1.250</weight>");
    expect(request.body).toContain(
      "<services><service-code>DOM.EP</service-code><service-code>DOM.XP</service-code></services>",
    );
    expect(request.body).toContain("<origin-postal-code>V6B1A1</origin-postal-code>");
    expect(request.body).toContain(
      "<destination><domestic><postal-code>H2B1A0</postal-code></domestic></destination>",
    );
  });

  it("sends no contract id, options or service list for a small-business account", async () => {
    await getRates(account(null), rateRequest, OPTIONS);
    const { body } = onlyRequest();
    expect(body).not.toContain("<contract-id>");
    expect(body).not.toContain("<options>");
    expect(body).not.toContain("<services>");
  });

  it("reports a postal code Canada Post rejects, with its description and code", async () => {
    const error = await failure(
      getRates(account(), { ...rateRequest, destinationPostalCode: "H0H 0H0" }, OPTIONS),
    );
    expect(error.kind).toBe("rejected");
    expect(error.message).toBe(
      "Canada Post rejected the rate request to H0H 0H0: The destination postal code H0H0H0 is not valid.",
    );
    expect(error.status).toBe(400);
    expect(error.code).toBe("1153");
    expect(onlyRequest().body).toContain("<postal-code>H0H0H0</postal-code>");
  });

  it("reports refused credentials as an auth failure, without the password", async () => {
    const error = await failure(
      getRates({ ...account(), password: "wrong-secret" }, rateRequest, OPTIONS),
    );
    expect(error).toMatchObject({ kind: "auth", status: 401, code: "E002" });
    expect(error.message).toBe("Canada Post refused the API user name or password.");
    expect(error.message).not.toContain("wrong-secret");
    expect(onlyRequest().headers.authorization).toBe(
      `Basic ${Buffer.from(`${FAKE_CREDENTIALS.username}:wrong-secret`).toString("base64")}`,
    );
  });

  const modes: Array<[FakeMode, Partial<CanadaPostError>]> = [
    ["auth", { kind: "auth", status: 401, code: "E002", retryAfterMs: null }],
    ["server_error", { kind: "unavailable", status: 500, code: "Server" }],
    ["rate_limited", { kind: "rate_limited", status: 429, retryAfterMs: 7_000 }],
    ["overloaded", { kind: "rate_limited", status: 503, retryAfterMs: 7_000 }],
    ["throttled", { kind: "rate_limited", status: 400, code: "Server", retryAfterMs: null }],
    ["malformed", { kind: "malformed", status: null }],
  ];
  it.each(modes)("maps the fake's %s answer", async (mode, expected) => {
    fake.setMode({ rates: mode });
    const error = await failure(getRates(account(), rateRequest, OPTIONS));
    expect(error).toMatchObject(expected);
    expect(onlyRequest().path).toBe("/rs/ship/price");
  });

  it("gives up on a hung call promptly", async () => {
    fake.setMode({ rates: "hang" });
    const started = performance.now();
    const error = await failure(getRates(account(), rateRequest, { timeoutMs: 200 }));
    expect(error.kind).toBe("timeout");
    expect(error.message).toBe("Canada Post did not answer within 0.2 seconds.");
    expect(performance.now() - started).toBeLessThan(1_500);
    expect(onlyRequest().path).toBe("/rs/ship/price");
  });

  it("stops when the caller aborts, without calling it a timeout", async () => {
    fake.setMode({ rates: "hang" });
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 50);
    const error = await getRates(account(), rateRequest, {
      timeoutMs: 5_000,
      signal: controller.signal,
    }).catch((reason: unknown) => reason);
    expect(error).not.toBeInstanceOf(CanadaPostError);
    expect((error as Error).name).toBe("AbortError");
  });

  it("reports an unreachable server as unavailable", async () => {
    const error = await failure(
      getRates({ ...account(), baseUrl: "http://127.0.0.1:9" }, rateRequest, OPTIONS),
    );
    expect(error).toMatchObject({ kind: "unavailable", status: null });
  });
});

describe("createShipment", () => {
  it("creates a contract shipment in its own group, with proof of age and signature", async () => {
    const created = await createShipment(account(), shipmentRequest, OPTIONS);
    expect(created.shipmentId).toMatch(/^\d{18}$/);
    expect(created.trackingPin).toMatch(/^\d{16}$/);
    expect(created.labelUrl).toBe(
      `${fake.url}/rs/artifact/76108cb5192002d5/${created.shipmentId}/0`,
    );
    expect(created.voidUrl).toBe(
      `${fake.url}/rs/${CUSTOMER}/${CUSTOMER}/shipment/${created.shipmentId}`,
    );

    const request = onlyRequest();
    expect(request.method).toBe("POST");
    expect(request.path).toBe(`/rs/${CUSTOMER}/${CUSTOMER}/shipment`);
    expectHeaders(request, SHIPMENT_MEDIA, true);
    const { body } = request;
    expect(body).toContain('<shipment xmlns="http://www.canadapost.ca/ws/shipment-v8">');
    expect(body).toContain("<group-id>lbl-7f3a9c</group-id>");
    expect(body).toContain("<requested-shipping-point>V6B1A1</requested-shipping-point>");
    expect(body).toContain("<service-code>DOM.EP</service-code>");
    expect(body).toContain(
      "<sender><name>Budz Boutique</name><company>Budz Boutique Inc.</company><contact-phone>604-555-0100</contact-phone>" +
        "<address-details><address-line-1>12 Water St</address-line-1><city>Vancouver</city><prov-state>BC</prov-state>" +
        "<country-code>CA</country-code><postal-zip-code>V6B1A1</postal-zip-code></address-details></sender>",
    );
    // Every value is escaped.
    expect(body).toContain(
      "<destination><name>Chloé O&apos;Brien &amp; &lt;Sons&gt;</name><client-voice-number>514-555-0199</client-voice-number>" +
        "<address-details><address-line-1>502 Main St N</address-line-1><city>Montréal</city><prov-state>QC</prov-state>" +
        "<country-code>CA</country-code><postal-zip-code>H2B1A0</postal-zip-code></address-details></destination>",
    );
    expect(body).toContain(
      "<options><option><option-code>PA19</option-code></option><option><option-code>SO</option-code></option></options>",
    );
    expect(body).toContain(
      "<parcel-characteristics><weight>0.850</weight></parcel-characteristics>",
    );
    expect(body).toContain("<notification><email>chloe@example.ca</email>");
    expect(body).toContain(
      "<print-preferences><output-format>4x6</output-format><encoding>PDF</encoding>",
    );
    expect(body).toContain(
      "<references><customer-ref-1>1001</customer-ref-1><customer-ref-2>lbl-7f3a9c</customer-ref-2></references>",
    );
    expect(body).toContain(
      `<settlement-info><contract-id>${CONTRACT}</contract-id><intended-method-of-payment>Account</intended-method-of-payment></settlement-info>`,
    );
  });

  it("creates a non-contract shipment, refundable through its refund link", async () => {
    const created = await createShipment(
      account(null),
      {
        ...shipmentRequest,
        proofOfAge: "PA18",
        signature: false,
        destination: { ...shipmentRequest.destination, email: null },
      },
      OPTIONS,
    );
    expect(created.voidUrl).toBe(
      `${fake.url}/rs/${CUSTOMER}/ncshipment/${created.shipmentId}/refund`,
    );
    expect(created.labelUrl).toBe(
      `${fake.url}/rs/artifact/76108cb5192002d5/${created.shipmentId}/0`,
    );

    const request = onlyRequest();
    expect(request.method).toBe("POST");
    expect(request.path).toBe(`/rs/${CUSTOMER}/ncshipment`);
    expectHeaders(request, NCSHIPMENT_MEDIA, true);
    const { body } = request;
    expect(body).toContain(
      '<non-contract-shipment xmlns="http://www.canadapost.ca/ws/ncshipment-v4"><delivery-spec>',
    );
    expect(body).toContain(
      "<address-details><address-line-1>12 Water St</address-line-1><city>Vancouver</city><prov-state>BC</prov-state>" +
        "<postal-zip-code>V6B1A1</postal-zip-code></address-details></sender>",
    );
    expect(body).toContain("<options><option><option-code>PA18</option-code></option></options>");
    expect(body).not.toContain("<option-code>SO</option-code>");
    expect(body).toContain("<postal-zip-code>H2B1A0</postal-zip-code>");
    expect(body).toContain("<weight>0.850</weight>");
    expect(body).toContain(
      "<references><customer-ref-1>1001</customer-ref-1><customer-ref-2>lbl-7f3a9c</customer-ref-2></references>",
    );
    for (const contractOnly of [
      "<group-id>",
      "<settlement-info>",
      "<print-preferences>",
      "<notification>",
    ]) {
      expect(body).not.toContain(contractOnly);
    }
  });

  it("reports a service Canada Post does not offer", async () => {
    const error = await failure(
      createShipment(account(), { ...shipmentRequest, serviceCode: "USA.EP" }, OPTIONS),
    );
    expect(error).toMatchObject({ kind: "rejected", status: 400, code: "9111" });
    expect(error.message).toBe(
      "Canada Post rejected the shipment for order 1001: The service USA.EP is not offered for this destination.",
    );
    expect(onlyRequest().body).toContain("<service-code>USA.EP</service-code>");
  });

  it("times out on a hung shipment call", async () => {
    fake.setMode({ shipment: "hang" });
    const error = await failure(createShipment(account(), shipmentRequest, { timeoutMs: 200 }));
    expect(error.kind).toBe("timeout");
    expect(onlyRequest().path).toBe(`/rs/${CUSTOMER}/${CUSTOMER}/shipment`);
  });

  it("calls an answer that is not a shipment malformed", async () => {
    fake.setMode({ shipment: "malformed" });
    const error = await failure(createShipment(account(null), shipmentRequest, OPTIONS));
    expect(error.kind).toBe("malformed");
    expect(onlyRequest().path).toBe(`/rs/${CUSTOMER}/ncshipment`);
  });
});

describe("getLabel", () => {
  it("downloads the label PDF from the link Canada Post gave", async () => {
    const created = await createShipment(account(), shipmentRequest, OPTIONS);
    fake.requests.length = 0;
    const pdf = await getLabel(account(), created.labelUrl, OPTIONS);
    expect(pdf.subarray(0, 5).toString("latin1")).toBe("%PDF-");
    expect(pdf.toString("latin1")).toContain("%%EOF");
    const request = onlyRequest();
    expect(request.method).toBe("GET");
    expect(request.path).toBe(new URL(created.labelUrl).pathname);
    expectHeaders(request, "application/pdf", false);
    expect(request.body).toBe("");
  });

  it("refuses a label that is not a PDF", async () => {
    fake.setMode({ label: "malformed" });
    const error = await failure(getLabel(account(), `${fake.url}/rs/artifact/a/1/0`, OPTIONS));
    expect(error.kind).toBe("malformed");
    expect(onlyRequest().path).toBe("/rs/artifact/a/1/0");
  });

  it("never sends the credentials to a link outside Canada Post", async () => {
    const error = await failure(
      getLabel(account(), "https://labels.example.com/rs/artifact/a/1/0", OPTIONS),
    );
    expect(error.kind).toBe("malformed");
    expect(fake.requests).toHaveLength(0);
  });
});

describe("voidShipment", () => {
  it("voids a contract shipment with DELETE on its link", async () => {
    const created = await createShipment(account(), shipmentRequest, OPTIONS);
    fake.requests.length = 0;
    await voidShipment(account(), created, OPTIONS);
    const request = onlyRequest();
    expect(request.method).toBe("DELETE");
    expect(request.path).toBe(`/rs/${CUSTOMER}/${CUSTOMER}/shipment/${created.shipmentId}`);
    expectHeaders(request, SHIPMENT_MEDIA, false);
  });

  it("builds the contract shipment's path when it has no link", async () => {
    await voidShipment(account(), { shipmentId: "347881315405043891", voidUrl: null }, OPTIONS);
    expect(onlyRequest()).toMatchObject({
      method: "DELETE",
      path: `/rs/${CUSTOMER}/${CUSTOMER}/shipment/347881315405043891`,
    });
  });

  it("asks for a refund of a non-contract shipment", async () => {
    const created = await createShipment(account(null), shipmentRequest, OPTIONS);
    fake.requests.length = 0;
    await voidShipment(account(null), { ...created, refundEmail: "shop@budz.example" }, OPTIONS);
    const request = onlyRequest();
    expect(request.method).toBe("POST");
    expect(request.path).toBe(`/rs/${CUSTOMER}/ncshipment/${created.shipmentId}/refund`);
    expectHeaders(request, NCSHIPMENT_MEDIA, true);
    expect(request.body).toContain(
      '<non-contract-shipment-refund-request xmlns="http://www.canadapost.ca/ws/ncshipment-v4"><email>shop@budz.example</email></non-contract-shipment-refund-request>',
    );
  });

  it("needs an email for a non-contract refund", async () => {
    const error = await failure(
      voidShipment(account(null), { shipmentId: "1", voidUrl: null }, OPTIONS),
    );
    expect(error.kind).toBe("rejected");
    expect(fake.requests).toHaveLength(0);
  });

  it("reports a throttled void as rate limited", async () => {
    fake.setMode({ void: "rate_limited" });
    const error = await failure(
      voidShipment(account(), { shipmentId: "5", voidUrl: null }, OPTIONS),
    );
    expect(error).toMatchObject({ kind: "rate_limited", status: 429, retryAfterMs: 7_000 });
    expect(onlyRequest().method).toBe("DELETE");
  });
});

describe("getTracking", () => {
  it("reads a parcel in transit, newest event first, with the scans' offsets", async () => {
    const tracking = await getTracking(account(), "7023210039414601", OPTIONS);
    expect(tracking).toEqual({
      pin: "7023210039414601",
      state: "in_transit",
      expectedDeliveryDate: "2026-12-01",
      events: [
        {
          at: "2026-11-29T23:10:31-05:00",
          code: "0100",
          description: "Item processed",
          location: "MONTREAL, QC",
          state: "in_transit",
        },
        {
          at: "2026-11-28T02:45:48-08:00",
          code: "0100",
          description: "Item processed",
          location: "RICHMOND, BC",
          state: "in_transit",
        },
        {
          at: "2026-11-27T16:12:05-08:00",
          code: "3000",
          description: "Item accepted at the Post Office",
          location: "VANCOUVER, BC",
          state: "in_transit",
        },
      ],
    });
    const request = onlyRequest();
    expect(request.method).toBe("GET");
    expect(request.path).toBe("/vis/track/pin/7023210039414601/detail");
    expectHeaders(request, TRACK_MEDIA, false);
  });

  it("reads a parcel out for delivery", async () => {
    const tracking = await getTracking(account(), "7023210039414602", OPTIONS);
    expect(tracking.state).toBe("out_for_delivery");
    expect(tracking.events[0]).toMatchObject({ code: "0174", state: "out_for_delivery" });
    expect(onlyRequest().path).toBe("/vis/track/pin/7023210039414602/detail");
  });

  it("reads a delivered parcel (a later signature scan does not undo it)", async () => {
    const tracking = await getTracking(account(), "7023210039414603", OPTIONS);
    expect(tracking.state).toBe("delivered");
    expect(tracking.expectedDeliveryDate).toBe("2026-11-30");
    expect(tracking.events.map((event) => [event.code, event.state])).toEqual([
      ["20", "in_transit"],
      ["1496", "delivered"],
      ["0174", "out_for_delivery"],
      ["0100", "in_transit"],
      ["0100", "in_transit"],
      ["3000", "in_transit"],
    ]);
    expect(onlyRequest().path).toBe("/vis/track/pin/7023210039414603/detail");
  });

  it("reads a parcel coming back to us", async () => {
    const tracking = await getTracking(account(), "7023210039414604", OPTIONS);
    expect(tracking.state).toBe("returned");
    expect(tracking.events[0]).toMatchObject({ code: "1418", state: "returned" });
    expect(onlyRequest().path).toBe("/vis/track/pin/7023210039414604/detail");
  });

  it("reports a tracking number Canada Post does not know", async () => {
    const error = await failure(getTracking(account(), "7023210039414699", OPTIONS));
    expect(error).toMatchObject({ kind: "rejected", status: 404, code: "004" });
    expect(error.message).toBe(
      "Canada Post rejected the tracking number 7023210039414699: No Pin History",
    );
    expect(onlyRequest().path).toBe("/vis/track/pin/7023210039414699/detail");
  });

  it("reports a failing tracking service as unavailable", async () => {
    fake.setMode({ tracking: "server_error" });
    const error = await failure(getTracking(account(), "7023210039414601", OPTIONS));
    expect(error).toMatchObject({ kind: "unavailable", status: 500 });
    expect(onlyRequest().method).toBe("GET");
  });
});

describe("testConnection", () => {
  it("passes with good credentials, through one small rate quote", async () => {
    await testConnection(account(), OPTIONS);
    const request = onlyRequest();
    expect(request).toMatchObject({ method: "POST", path: "/rs/ship/price" });
    expectHeaders(request, RATE_MEDIA, true);
    expect(request.body).toContain(`<customer-number>${CUSTOMER}</customer-number>`);
    expect(request.body).toContain(`<contract-id>${CONTRACT}</contract-id>`);
  });

  it("fails with refused credentials", async () => {
    const error = await failure(testConnection({ ...account(), password: "nope" }, OPTIONS));
    expect(error.kind).toBe("auth");
    expect(onlyRequest().path).toBe("/rs/ship/price");
  });
});
