import { href } from "react-router";
import { config } from "~/server/config.server";
import { storeSettingsNow } from "~/server/settings/store-settings.server";
import {
  emailButton,
  emailHeading,
  emailParagraph,
  html,
  renderEmailHtml,
  renderEmailText,
} from "./layout.server";
import type { RenderedEmail } from "./order-confirmation.server";

/** The invitation to the store's admin (outbox kind `staff_invite`): a one-time link. */
export function renderStaffInviteEmail(input: {
  token: string;
  displayName: string;
  username: string;
  role: string;
  hours: number;
}): RenderedEmail {
  const { publicUrl } = config();
  const STORE_NAME = storeSettingsNow().store.name;
  const link = `${publicUrl}${href("/budzadmin/invite/:token", { token: input.token })}`;
  const subject = `${STORE_NAME}: you are invited to the store's admin`;
  const lines = [
    `Hi ${input.displayName}, you have been invited to ${STORE_NAME}'s admin as ${input.role.toLowerCase()}.`,
    `Your username is ${input.username}. Use the button to choose your password and sign in.`,
  ];
  const after = [
    `The link works once, for ${input.hours} hours.`,
    "If you did not expect this invitation, you can ignore this email: nothing happens.",
  ];
  const content = html`${emailHeading("You are invited")} ${lines.map((l) => emailParagraph(l))}
  ${emailButton(link, "Choose my password")} ${after.map((l) => emailParagraph(l))}`;
  const text = [
    "You are invited",
    "",
    ...lines.flatMap((l) => [l, ""]),
    `Choose my password: ${link}`,
    "",
    ...after.flatMap((l) => [l, ""]),
  ].join("\n");
  return {
    subject,
    html: renderEmailHtml({ title: subject, preheader: lines[0]!, content }),
    text: renderEmailText(text),
  };
}
