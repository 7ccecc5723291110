/** Escapes LIKE wildcards so a search for "50%" finds "50%" literally. */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}
