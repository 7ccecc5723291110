import { afterAll, afterEach, beforeAll, beforeEach } from "vitest";
import { forgetConfig } from "~/server/config.server";
import { saveAccount, type AccountInput } from "~/server/canada-post/account.server";
import {
  FAKE_CREDENTIALS,
  startCanadaPostFake,
  type CanadaPostFake,
} from "../fixtures/canada-post/fake-server";
import { testActor } from "./audit";

/**
 * The local fake of Canada Post's API for a test file, with the store pointed at it
 * (CANADA_POST_API_URL): started once, answering normally with an empty request log at each test.
 * Call it at the top of the file; the handle reaches the running fake.
 */
export function canadaPostFakeForFile(): Pick<CanadaPostFake, "requests" | "setMode" | "url"> {
  let fake: CanadaPostFake | undefined;
  const running = () => {
    if (!fake) throw new Error("the Canada Post fake is not running");
    return fake;
  };
  beforeAll(async () => {
    fake = await startCanadaPostFake();
    process.env.CANADA_POST_API_URL = fake.url;
    forgetConfig();
  });
  beforeEach(() => {
    running().setMode({ all: "ok" });
    running().requests.length = 0;
  });
  afterEach(() => running().setMode({ all: "ok" }));
  afterAll(async () => {
    delete process.env.CANADA_POST_API_URL;
    forgetConfig();
    await fake?.close();
  });
  return {
    get requests() {
      return running().requests;
    },
    get url() {
      return running().url;
    },
    setMode: (mode) => running().setMode(mode),
  };
}

/** Connects the store to the fake with a small-business account (overrides change it). */
export async function connectCanadaPost(overrides: Partial<AccountInput> = {}) {
  const saved = await saveAccount(
    {
      customerNumber: "0001234567",
      ...FAKE_CREDENTIALS,
      contractId: null,
      environment: "development",
      originPostalCode: "V6B 1A1",
      services: ["DOM.RP", "DOM.EP"],
      ...overrides,
    },
    testActor(null, "Owner"),
  );
  if (!saved) throw new Error("the Canada Post account was not saved");
}
