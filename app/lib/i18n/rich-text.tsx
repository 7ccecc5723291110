import { Fragment, type ReactNode } from "react";

/**
 * A translated message with marked parts rendered as elements: "Read our <link>privacy
 * policy</link>." with `{ link: (text) => <a href="/privacy">{text}</a> }`. Tags do not nest.
 */
export function richText(
  text: string,
  tags: Readonly<Record<string, (chunk: string) => ReactNode>>,
): ReactNode {
  const parts: ReactNode[] = [];
  const pattern = /<(\w+)>(.*?)<\/\1>/g;
  let last = 0;
  for (const match of text.matchAll(pattern)) {
    const render = tags[match[1]];
    if (match.index > last) parts.push(text.slice(last, match.index));
    parts.push(<Fragment key={parts.length}>{render ? render(match[2]) : match[2]}</Fragment>);
    last = match.index + match[0].length;
  }
  if (last < text.length) parts.push(text.slice(last));
  return parts;
}
