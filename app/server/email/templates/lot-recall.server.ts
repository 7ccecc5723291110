import { storeSettingsNow } from "~/server/settings/store-settings.server";
import { emailNotice, html, oneLine, renderEmail } from "./layout.server";

/**
 * The recall notice a customer whose order took units of a recalled lot is sent: the product, its
 * size and lot, the notice's number and words, and what to do. A service message (transactional:
 * sent whatever the customer's marketing consent, and without an unsubscribe link).
 */
export function renderRecallNotice(input: {
  customerName: string;
  orderNumber: string;
  productName: string;
  sizeLabel: string | null;
  lotNumber: string;
  noticeNumber: string;
  noticeText: string;
}) {
  const store = storeSettingsNow().store;
  const product = oneLine(input.productName);
  const item = input.sizeLabel ? `${product} (${input.sizeLabel})` : product;
  const reach = [store.email, store.phone].filter(Boolean).join(" or ");
  const contact = reach ? `reply to this email or contact us at ${reach}` : "reply to this email";
  const notice = emailNotice({
    heading: `Recall notice: ${product}`,
    lines: [
      `Hi ${oneLine(input.customerName)},`,
      `${item}, lot ${input.lotNumber}, which was part of your order ${input.orderNumber}, has been recalled.`,
      `Recall notice ${input.noticeNumber}:`,
      ...input.noticeText
        .split(/\n{2,}/)
        .map((block) => block.trim())
        .filter(Boolean),
    ],
    after: [
      "What to do: stop using this product now and keep it away from children and pets.",
      `For a refund, ${contact}. Tell us your order number, ${input.orderNumber}.`,
      `We are sorry for the trouble. — The ${store.name} team`,
    ],
  });
  const subject = `Recall notice: ${product}`;
  return renderEmail({
    subject,
    preheader: `${item}, lot ${input.lotNumber}, has been recalled. Stop using it.`,
    content: html`${notice.content}`,
    text: notice.text.join("\n"),
  });
}
