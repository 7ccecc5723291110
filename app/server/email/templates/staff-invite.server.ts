import { href } from "react-router";
import { config } from "~/server/config.server";
import { storeSettingsNow } from "~/server/settings/store-settings.server";
import { emailNotice, renderEmail } from "./layout.server";

/** The invitation to the store's admin (outbox kind `staff_invite`): a one-time link. */
export function renderStaffInviteEmail(input: {
  token: string;
  displayName: string;
  username: string;
  role: string;
  hours: number;
}) {
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
  const { content, text } = emailNotice({
    heading: "You are invited",
    lines,
    link: { href: link, label: "Choose my password" },
    after,
  });
  return renderEmail({ subject, preheader: lines[0]!, content, text: text.join("\n") });
}
