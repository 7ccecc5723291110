import { readFile } from "node:fs/promises";
import { generateTOTP } from "@epic-web/totp";
import type { Page } from "@playwright/test";
import { expectAccessible } from "../axe";
import { screenshots, toast } from "./admin-screen";
import { E2E_ADMIN } from "../../../playwright.config";
import { expect, RITA, test, TINA } from "./two-factor-store";

/**
 * The code an authenticator app shows `offset` ms from now (the same library as the server, which
 * reads the clock with `new Date()`: shifted here for the one call).
 */
async function codeFor(secret: string, offset = 0): Promise<string> {
  const RealDate = Date;
  class ShiftedDate extends RealDate {
    constructor(...args: [] | [number]) {
      super(args.length === 0 ? RealDate.now() + offset : args[0]);
    }
  }
  globalThis.Date = ShiftedDate as DateConstructor;
  try {
    return (await generateTOTP({ secret, period: 30, digits: 6, algorithm: "SHA-1" })).otp;
  } finally {
    globalThis.Date = RealDate;
  }
}

const shot = screenshots("TWO_FACTOR_SHOTS", { widths: [1280, 390] });

/** axe at a phone's width and a desktop's. */
async function accessibleAtBothWidths(page: Page) {
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await expectAccessible(page);
  }
}

async function password(page: Page, admin: { username: string; password: string } = TINA) {
  await page.goto("/budzadmin");
  await page.getByLabel("Username").fill(admin.username);
  await page.getByLabel("Password").fill(admin.password);
  await page.getByRole("button", { name: "Sign In" }).click();
}

/** On the setup page: reads the key shown, types its code, and continues past the recovery codes. */
async function setUpTwoFactor(page: Page) {
  await expect(page.getByRole("heading", { name: "Set up two-factor sign-in" })).toBeVisible();
  const secret = (await page.getByTestId("two-factor-secret").innerText()).replace(/\s/g, "");
  await page.getByLabel("6-digit code").fill(await codeFor(secret));
  await page.getByRole("button", { name: "Turn on two-factor" }).click();
  await expect(page.getByRole("heading", { name: "Two-factor sign-in is on" })).toBeVisible();
  await page.getByRole("link", { name: "I saved them: continue" }).click();
}

async function signOut(page: Page) {
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.getByRole("button", { name: "Logout" }).click();
  await expect(page.getByRole("heading", { name: "Admin sign in" })).toBeVisible();
}

test("an admin turns two-factor on from My profile, then signs in with a code and with a recovery code", async ({
  page,
}) => {
  await password(page);
  await expect(page.getByText(`Welcome back, ${TINA.displayName}`)).toBeVisible({
    timeout: 30_000,
  });

  // My profile → the setup page: the QR code drawn by the server and the key in text.
  await page.goto("/budzadmin/dashboard/profile");
  const section = page
    .locator("section")
    .filter({ has: page.getByRole("heading", { name: "Two-factor sign-in" }) });
  await expect(section.getByText("Off", { exact: true })).toBeVisible();
  await section.getByRole("link", { name: "Turn on two-factor" }).click();
  await expect(page.getByRole("heading", { name: "Set up two-factor sign-in" })).toBeVisible();
  const qr = page.getByRole("img", { name: `QR code for signing in as ${TINA.username}` });
  await expect(qr).toHaveAttribute("src", /^data:image\/svg\+xml;base64,/);
  await accessibleAtBothWidths(page);
  await shot(page, "setup");
  const secret = (await page.getByTestId("two-factor-secret").innerText()).replace(/\s/g, "");
  expect(secret).toMatch(/^[A-Z2-7]{32}$/);

  // A wrong code is refused next to the field; the app's code turns it on.
  const code = await codeFor(secret);
  await page.getByLabel("6-digit code").fill(code === "000000" ? "111111" : "000000");
  await page.getByRole("button", { name: "Turn on two-factor" }).click();
  await expect(page.getByText("That code is not right.")).toBeVisible();
  await page.getByLabel("6-digit code").fill(await codeFor(secret));
  await page.getByRole("button", { name: "Turn on two-factor" }).click();
  await expect(page.getByRole("heading", { name: "Two-factor sign-in is on" })).toBeVisible();
  const recoveryCodes = await page
    .getByRole("list", { name: "Recovery codes" })
    .getByRole("listitem")
    .allInnerTexts();
  expect(recoveryCodes).toHaveLength(10);
  // Copy puts the ten codes on the clipboard and says so; Download saves them as a .txt file.
  await page.context().grantPermissions(["clipboard-read", "clipboard-write"]);
  await page.getByRole("button", { name: "Copy codes" }).click();
  await expect(page.getByRole("button", { name: "Copied" })).toBeVisible();
  await expect(page.getByText("The ten codes are on your clipboard.")).toBeVisible();
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  expect(copied.split("\n")).toEqual(expect.arrayContaining(recoveryCodes));
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("link", { name: "Download .txt" }).click(),
  ]);
  expect(download.suggestedFilename()).toBe(`budz-boutique-${TINA.username}-recovery-codes.txt`);
  const saved = await readFile((await download.path())!, "utf8");
  expect(saved).toContain(`two-factor recovery codes for ${TINA.username}`);
  expect(saved.split("\n")).toEqual(expect.arrayContaining(recoveryCodes));
  await accessibleAtBothWidths(page);
  await shot(page, "recovery-codes");
  await page.getByRole("link", { name: "I saved them: continue" }).click();
  await expect(page.getByText(`Welcome back, ${TINA.displayName}`)).toBeVisible();
  await signOut(page);

  // The password, then the code: the next step's code (the one used above is spent).
  await password(page);
  await expect(page.getByRole("heading", { name: "Two-factor sign-in" })).toBeVisible({
    timeout: 30_000,
  });
  await expect(page.getByText(`Password accepted for ${TINA.displayName}`)).toBeVisible();
  await accessibleAtBothWidths(page);
  await shot(page, "second-step");
  await page.getByLabel("Authentication code").fill(await codeFor(secret, 30_000));
  await page.getByRole("button", { name: "Verify and sign in" }).click();
  await expect(page.getByText(`Welcome back, ${TINA.displayName}`)).toBeVisible();
  await signOut(page);

  // A recovery code works too (once), and says how many are left.
  await password(page);
  await page.getByLabel("Authentication code").fill(recoveryCodes[0]!);
  await page.getByRole("button", { name: "Verify and sign in" }).click();
  await expect(toast(page, "You signed in with a recovery code: 9 left.")).toBeVisible();
  await page.goto("/budzadmin/dashboard/profile");
  await expect(section.getByText("9 of 10 recovery codes left")).toBeVisible();
  await accessibleAtBothWidths(page);
  await shot(page, "profile");
});

test("the owner requires two-factor for every admin: one without it can only set it up", async ({
  page,
}) => {
  // The owner (no two-factor yet) ticks the setting: from the next request on, they are held too.
  await password(page, E2E_ADMIN);
  await expect(page.getByRole("heading", { name: "Overview" })).toBeVisible({ timeout: 30_000 });
  await page.goto("/budzadmin/dashboard/settings");
  await page.getByLabel("Require two-factor sign-in for every admin").check();
  await page.getByRole("button", { name: "Save security" }).click();
  await expect(page.getByRole("heading", { name: "Set up two-factor sign-in" })).toBeVisible({
    timeout: 30_000,
  });
  await setUpTwoFactor(page);
  await expect(page.getByRole("heading", { name: "Overview" })).toBeVisible();
  await signOut(page);

  // Rita (staff, no two-factor) is sent from her password straight to the setup page, and every
  // other page leads back there with the reason.
  await password(page, RITA);
  await expect(page.getByRole("heading", { name: "Set up two-factor sign-in" })).toBeVisible({
    timeout: 30_000,
  });
  await expect(page.getByText("The store owner requires it for every admin")).toBeVisible();
  await accessibleAtBothWidths(page);
  await shot(page, "required-setup");
  await page.goto("/budzadmin/dashboard/orders");
  await expect(page.getByRole("heading", { name: "Set up two-factor sign-in" })).toBeVisible();
  await expect(page).toHaveURL(/\/budzadmin\/two-factor\/setup$/);

  // Once set up, she works as usual, and cannot turn it off while it is required.
  await setUpTwoFactor(page);
  await page.goto("/budzadmin/dashboard/orders");
  await expect(page.getByRole("heading", { name: "Order Management" })).toBeVisible();
  await page.goto("/budzadmin/dashboard/profile");
  await expect(
    page.getByText("The store owner requires two-factor sign-in for every admin, so it cannot be"),
  ).toBeVisible();
});
