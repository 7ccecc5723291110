/**
 * Writes a text to the clipboard (browser only): the Clipboard API, else the older copy command
 * (the API is missing on plain http, or refused when the page is not focused); false if neither.
 */
export async function copyText(text: string): Promise<boolean> {
  try {
    if (navigator.clipboard) {
      await navigator.clipboard.writeText(text);
      return true;
    }
  } catch {
    // Refused (no permission, page not focused): the copy command below.
  }
  const focused = document.activeElement;
  const area = document.createElement("textarea");
  area.value = text;
  area.setAttribute("readonly", "");
  area.style.position = "fixed";
  area.style.opacity = "0";
  document.body.append(area);
  area.select();
  try {
    return document.execCommand("copy");
  } catch {
    return false;
  } finally {
    area.remove();
    // Selecting the textarea took the focus: back to the button, for keyboard users.
    if (focused instanceof HTMLElement) focused.focus();
  }
}
