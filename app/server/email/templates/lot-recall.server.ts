import type { Locale } from "~/lib/i18n/locale";
import { storeSettingsNow } from "~/server/settings/store-settings.server";
import { emailNotice, emailText, html, oneLine, renderEmail } from "./layout.server";

/**
 * The recall notice a customer whose order took units of a recalled lot is sent: the product, its
 * size and lot, the notice's number and words, and what to do. A service message (transactional:
 * sent whatever the customer's marketing consent, and without an unsubscribe link). In the order's
 * language (`locale`, English when not given); the notice's own words are the staff's, as written.
 */
export function renderRecallNotice(input: {
  customerName: string;
  orderNumber: string;
  productName: string;
  sizeLabel: string | null;
  lotNumber: string;
  noticeNumber: string;
  noticeText: string;
  locale?: Locale;
}) {
  const locale = input.locale ?? "en";
  const t = emailText(locale);
  const store = storeSettingsNow().store;
  const product = oneLine(input.productName);
  const item = input.sizeLabel ? `${product} (${input.sizeLabel})` : product;
  const reach = [store.email, store.phone].filter(Boolean).join(t("recallOr"));
  const contact = reach ? t("recallContactReach", { reach }) : t("recallContactReply");
  const lot = input.lotNumber;
  const notice = emailNotice({
    heading: t("recallHeading", { product }),
    lines: [
      t("hiName", { name: oneLine(input.customerName) }),
      t("recallLine", { item, lot, orderNumber: input.orderNumber }),
      t("recallNoticeNumber", { notice: input.noticeNumber }),
      ...input.noticeText
        .split(/\n{2,}/)
        .map((block) => block.trim())
        .filter(Boolean),
    ],
    after: [
      t("recallWhatToDo"),
      t("recallRefund", { contact, orderNumber: input.orderNumber }),
      t("recallSorry", { store: store.name }),
    ],
    locale,
  });
  const subject = t("recallHeading", { product });
  return renderEmail({
    subject,
    preheader: t("recallPreheader", { item, lot }),
    content: html`${notice.content}`,
    text: notice.text.join("\n"),
    locale,
  });
}
