import { LOCALE_TAGS, type Locale } from "./locale";

/**
 * Message catalogues: each area's English messages (the source, `as const`) and their French
 * translation with the same keys. A message is a string with `{name}` placeholders, or a plural
 * `{ one, other }` chosen by the `count` parameter with the language's plural rules (French "one"
 * covers 0 and 1).
 */
export type Plural = { readonly one: string; readonly other: string };
export type Message = string | Plural;
export type Messages = Readonly<Record<string, Message>>;

/** The translation of an English catalogue: the same keys, a plural where English has one. */
export type Translation<M extends Messages> = {
  readonly [K in keyof M]: M[K] extends Plural ? Plural : string;
};

export interface Catalogue<M extends Messages> {
  readonly en: M;
  readonly fr: Translation<M>;
}

/**
 * Defines an area's catalogue; a French message missing or extra is a type error. Marked free of
 * side effects so a bundle drops a catalogue nothing on its page uses.
 */
/* @__NO_SIDE_EFFECTS__ */
export function defineMessages<const M extends Messages>(en: M, fr: Translation<M>): Catalogue<M> {
  return { en, fr };
}

type PlaceholderNames<S> = S extends `${string}{${infer Name}}${infer Rest}`
  ? Name | PlaceholderNames<Rest>
  : never;
type MessageText<M> = M extends Plural ? M["one"] | M["other"] : M;

export type ParamValue = string | number;
/** The parameters a message takes, from its English text (`count` for a plural). */
export type Params<M> = (M extends Plural ? "count" : never) | PlaceholderNames<MessageText<M>>;

export type ParamArgs<M> = [Params<M>] extends [never]
  ? []
  : [params: Record<Params<M>, ParamValue>];

const pluralRules = new Map<Locale, Intl.PluralRules>();
const numberFormats = new Map<Locale, Intl.NumberFormat>();

function pluralCategory(locale: Locale, count: number): "one" | "other" {
  let rules = pluralRules.get(locale);
  if (!rules) pluralRules.set(locale, (rules = new Intl.PluralRules(LOCALE_TAGS[locale])));
  return rules.select(count) === "one" ? "one" : "other";
}

/** A number as the language writes it ("1 234" in French). */
export function formatNumber(value: number, locale: Locale): string {
  let format = numberFormats.get(locale);
  if (!format) numberFormats.set(locale, (format = new Intl.NumberFormat(LOCALE_TAGS[locale])));
  return format.format(value);
}

/** Fills a message's placeholders; numbers are written the language's way. */
export function fillMessage(
  message: Message,
  locale: Locale,
  params?: Readonly<Record<string, ParamValue>>,
): string {
  const text =
    typeof message === "string"
      ? message
      : message[pluralCategory(locale, Number(params?.count ?? 0))];
  if (!params) return text;
  return text.replace(/\{(\w+)\}/g, (whole, name: string) => {
    const value = params[name];
    if (value === undefined) return whole;
    return typeof value === "number" ? formatNumber(value, locale) : value;
  });
}

export type Translate<M extends Messages> = <K extends keyof M & string>(
  key: K,
  ...params: ParamArgs<M[K]>
) => string;

/** The translate function of an area in a language (server and client alike). */
export function translator<M extends Messages>(
  catalogue: Catalogue<M>,
  locale: Locale,
): Translate<M> {
  const messages: Messages = catalogue[locale];
  return (key, ...params) => fillMessage(messages[key], locale, params[0]);
}

/** Two areas' catalogues as one, for a page that shows both (keys must not repeat). */
export function combineMessages<A extends Messages, B extends Messages>(
  a: Catalogue<A>,
  b: Catalogue<B>,
): Catalogue<A & B> {
  return {
    en: { ...a.en, ...b.en },
    fr: { ...a.fr, ...b.fr } as Translation<A & B>,
  };
}
