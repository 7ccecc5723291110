import type { BrowserContext, Page } from "@playwright/test";
import { E2E_ADMIN } from "../../../playwright.config";
import { AGE_COOKIE, expect, test as base } from "../fixtures";

export { E2E_ADMIN, expect };

/** Signs in through the form (sign-in.spec.ts tests the form; other specs use `adminPage`). */
export async function signIn(page: Page, credentials = E2E_ADMIN) {
  await page.goto("/budzadmin");
  await page.getByLabel("Username").fill(credentials.username);
  await page.getByLabel("Password").fill(credentials.password);
  await page.getByRole("button", { name: "Sign In" }).click();
  // Checking the password is CPU work by design (argon2id): on a busy machine it takes seconds.
  await expect(page.getByText(`Welcome back, ${credentials.username}`)).toBeVisible({
    timeout: 30_000,
  });
}

type Cookies = Awaited<ReturnType<BrowserContext["cookies"]>>;

/** The e2e owner's session cookies on each server this worker has signed in to. */
export interface AdminSessions {
  cookiesFor(baseURL: string): Promise<Cookies>;
}

/**
 * `adminPage`: a page signed in as the e2e owner, not yet on any page (`openFromSidebar` starts from
 * the Overview, `openScreen` goes straight to a screen). The worker signs in through the
 * form once per server (`adminSessions`) and gives each test's context that session's cookies, so
 * a test starts signed in without typing the password again (the session's idle timeout is 2 h).
 * A test that signs out must sign in with `signIn` itself, or it would end the shared session.
 */
export const test = base.extend<{ adminPage: Page }, { adminSessions: AdminSessions }>({
  adminSessions: [
    async ({ browser }, provide) => {
      const sessions = new Map<string, Promise<Cookies>>();
      const signInOnce = async (baseURL: string) => {
        const context = await browser.newContext({ baseURL });
        try {
          await context.addCookies([{ ...AGE_COOKIE, url: baseURL }]);
          await signIn(await context.newPage());
          return await context.cookies();
        } finally {
          await context.close();
        }
      };
      await provide({
        cookiesFor(baseURL) {
          if (!sessions.has(baseURL)) {
            const cookies = signInOnce(baseURL);
            // A failed sign-in is tried again by the next test rather than remembered.
            cookies.catch(() => sessions.delete(baseURL));
            sessions.set(baseURL, cookies);
          }
          return sessions.get(baseURL)!;
        },
      });
    },
    { scope: "worker" },
  ],
  adminPage: async ({ page, baseURL, adminSessions }, provide) => {
    await page.context().addCookies(await adminSessions.cookiesFor(baseURL!));
    await provide(page);
  },
});
