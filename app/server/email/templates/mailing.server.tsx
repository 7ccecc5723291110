// Each component from its own package: the @react-email/components barrel also loads a code
// highlighter, a Markdown parser and Tailwind (about 0.9 s and 33 MiB at every start).
import { Body } from "@react-email/body";
import { Container } from "@react-email/container";
import { Head } from "@react-email/head";
import { Html } from "@react-email/html";
import { Link } from "@react-email/link";
import { Preview } from "@react-email/preview";
import { Section } from "@react-email/section";
import { Text } from "@react-email/text";
import { render, toPlainText } from "@react-email/render";
import { addressLines, phoneE164, type StoreIdentity } from "~/lib/store-settings";
import { config } from "~/server/config.server";
import { storeSettingsNow } from "~/server/settings/store-settings.server";
import { UNSUBSCRIBE_URL } from "../mailing-body.server";
import { emailColors } from "./layout.server";

/**
 * The layout of newsletters and campaigns, rendered with react-email (table markup and inline
 * styles that common mail clients render). Every message carries a visible one-click unsubscribe
 * link and a footer with the store's identity and contact address (Canada's anti-spam law).
 *
 * The output still holds the placeholders UNSUBSCRIBE_URL and TRACKING_TOKEN: one render is stored
 * per mailing and each recipient's copy is filled in when it is sent (../mailing-body.server.ts).
 */

const FONT = "-apple-system,BlinkMacSystemFont,'Segoe UI',Roboto,Helvetica,Arial,sans-serif";

const styles = {
  body: { margin: 0, padding: "24px 12px", background: emailColors.page, fontFamily: FONT },
  container: { maxWidth: "600px", margin: "0 auto" },
  header: { background: emailColors.brand, borderRadius: "12px 12px 0 0", padding: "20px 28px" },
  brand: { fontSize: "20px", fontWeight: 700, color: "#ffffff", textDecoration: "none" },
  stripe: { background: emailColors.accent, height: "4px", lineHeight: "4px", fontSize: "0" },
  card: {
    background: "#ffffff",
    borderRadius: "0 0 12px 12px",
    padding: "28px",
    border: `1px solid ${emailColors.border}`,
    borderTop: "0",
    fontSize: "15px",
    lineHeight: "1.6",
    color: emailColors.text,
  },
  footer: {
    margin: "0",
    padding: "4px 28px",
    fontSize: "12px",
    lineHeight: "1.6",
    color: emailColors.muted,
    textAlign: "center" as const,
  },
  footerLink: { color: emailColors.muted, textDecoration: "underline" },
  unsubscribe: { color: emailColors.brandText, fontWeight: 600, textDecoration: "underline" },
};

interface MailingEmailProps {
  subject: string;
  preheader: string;
  /** Sanitised HTML (sanitizeMailingHtml). */
  bodyHtml: string;
  /** The store's identity (Settings → Store): only the details the owner set are shown. */
  store: StoreIdentity;
}

function MailingEmail({ subject, preheader, bodyHtml, store }: MailingEmailProps) {
  const { publicUrl } = config();
  const STORE_NAME = store.name;
  const STORE_ADDRESS = addressLines(store.address).join(", ");
  return (
    <Html lang="en">
      <Head>
        <title>{subject}</title>
        <meta name="color-scheme" content="light" />
        <meta name="supported-color-schemes" content="light" />
      </Head>
      <Preview>{preheader}</Preview>
      <Body style={styles.body}>
        <Container style={styles.container}>
          <Section style={styles.header}>
            <Link href={`${publicUrl}/`} style={styles.brand}>
              {STORE_NAME}
            </Link>
          </Section>
          <Section style={styles.stripe}>&nbsp;</Section>
          <Section style={styles.card}>
            <div dangerouslySetInnerHTML={{ __html: bodyHtml }} />
          </Section>
          <Section style={{ paddingTop: "16px" }}>
            <Text style={styles.footer}>
              You are receiving this because you subscribed to {STORE_NAME} news.{" "}
              <Link href={UNSUBSCRIBE_URL} style={styles.unsubscribe}>
                Unsubscribe
              </Link>{" "}
              with one click.
            </Text>
            <Text style={styles.footer}>
              {STORE_NAME} · For adults 19+ in Canada
              {STORE_ADDRESS ? ` · ${STORE_ADDRESS}` : ""}
            </Text>
            <Text style={styles.footer}>
              {store.email ? (
                <>
                  <Link href={`mailto:${store.email}`} style={styles.footerLink}>
                    {store.email}
                  </Link>{" "}
                  ·{" "}
                </>
              ) : null}
              {store.phone ? (
                <>
                  <Link href={`tel:${phoneE164(store.phone)}`} style={styles.footerLink}>
                    {store.phone}
                  </Link>{" "}
                  ·{" "}
                </>
              ) : null}
              <Link href={`${publicUrl}/`} style={styles.footerLink}>
                {new URL(publicUrl).host}
              </Link>
            </Text>
          </Section>
        </Container>
      </Body>
    </Html>
  );
}

interface RenderedMailing {
  html: string;
  text: string;
}

/** The message's HTML and plain-text parts, both still holding the per-recipient placeholders. */
export async function renderMailingEmail(input: {
  subject: string;
  bodyHtml: string;
}): Promise<RenderedMailing> {
  const bodyText = toPlainText(input.bodyHtml, {
    wordwrap: 78,
    // Headings keep their case; links show their address after the text.
    selectors: ["h1", "h2", "h3", "h4", "h5", "h6"].map((selector) => ({
      selector,
      options: { uppercase: false },
    })),
  }).trim();
  const preheader = bodyText.replace(/\s+/g, " ").slice(0, 140);
  // From the cache: this runs inside the sender's transaction (the send paths await
  // storeSettings() for the postal-address check before opening it).
  const { store } = storeSettingsNow();
  const html = await render(
    <MailingEmail
      subject={input.subject}
      preheader={preheader}
      bodyHtml={input.bodyHtml}
      store={store}
    />,
  );
  const { publicUrl } = config();
  const STORE_NAME = store.name;
  const STORE_ADDRESS = addressLines(store.address).join(", ");
  const text = [
    bodyText,
    "",
    "--",
    `You are receiving this because you subscribed to ${STORE_NAME} news.`,
    `Unsubscribe with one click: ${UNSUBSCRIBE_URL}`,
    "",
    [`${STORE_NAME} · For adults 19+ in Canada`, STORE_ADDRESS].filter(Boolean).join(" · "),
    [store.email, store.phone, publicUrl].filter(Boolean).join(" · "),
  ].join("\n");
  return { html, text: `${text}\n` };
}
