// HTTP for the Canada Post adapter: one call with Basic auth and a timeout, and Canada Post's
// failures (status codes and <messages> bodies) turned into CanadaPostError.
import type { CallOptions, CanadaPostAccount } from "./api.server";
import { CanadaPostError } from "./errors.server";
import { child, children, parseXml, text, type XmlNode } from "./xml.server";

export interface CallRequest {
  method: "GET" | "POST" | "DELETE";
  url: string;
  accept: string;
  /** The body's XML; its Content-Type is the Accept media type (as Canada Post expects). */
  xml?: string;
  /** Names what was asked, for the staff message when Canada Post rejects it. */
  subject: string;
}

export interface CallResponse {
  status: number;
  headers: Headers;
  body: Buffer;
}

export async function call(
  account: CanadaPostAccount,
  request: CallRequest,
  options: CallOptions,
): Promise<CallResponse> {
  const timeout = new AbortController();
  const timer = setTimeout(() => timeout.abort(), options.timeoutMs);
  const signal = options.signal
    ? AbortSignal.any([timeout.signal, options.signal])
    : timeout.signal;
  const credentials = Buffer.from(`${account.username}:${account.password}`).toString("base64");
  const headers: Record<string, string> = {
    Authorization: `Basic ${credentials}`,
    Accept: request.accept,
    "Accept-language": "en-CA",
  };
  if (request.xml !== undefined) headers["Content-Type"] = request.accept;
  try {
    const response = await fetch(request.url, {
      method: request.method,
      headers,
      body: request.xml,
      signal,
    });
    // Reading the body stays under the timeout: a server that stalls mid-answer also times out.
    const body = Buffer.from(await response.arrayBuffer());
    const answer = { status: response.status, headers: response.headers, body };
    if (response.status >= 300) throw failure(answer, request.subject);
    return answer;
  } catch (error) {
    if (error instanceof CanadaPostError) throw error;
    if (timeout.signal.aborted) {
      throw new CanadaPostError(
        "timeout",
        `Canada Post did not answer within ${(options.timeoutMs / 1000).toFixed(1)} seconds.`,
      );
    }
    if (options.signal?.aborted) throw error;
    throw new CanadaPostError(
      "unavailable",
      "Could not reach Canada Post (network error); try again in a few minutes.",
    );
  } finally {
    clearTimeout(timer);
  }
}

/** Canada Post's <messages><message><code/><description/></message></messages>, if that is the body. */
function firstMessage(root: XmlNode | null): { code: string | null; description: string } | null {
  const message = children(child(root, "messages"), "message")[0];
  const description = text(message, "description");
  return description ? { code: text(message, "code"), description } : null;
}

function retryAfterMs(headers: Headers): number | null {
  const value = headers.get("retry-after");
  if (!value) return null;
  if (/^\d+$/.test(value.trim())) return Number(value) * 1000;
  const at = Date.parse(value);
  return Number.isNaN(at) ? null : Math.max(0, at - Date.now());
}

// Canada Post's throttle answers with this message (its "API Throttle Limits" page).
const THROTTLED = "Rejected by SLM Monitor";

function failure(response: CallResponse, subject: string): CanadaPostError {
  const { status } = response;
  const message = firstMessage(parseXml(response.body.toString("utf8")));
  const code = message?.code ?? null;
  if (status === 401 || status === 403) {
    return new CanadaPostError("auth", "Canada Post refused the API user name or password.", {
      status,
      code,
    });
  }
  if (status === 429 || status === 503 || message?.description === THROTTLED) {
    const retry = retryAfterMs(response.headers);
    return new CanadaPostError(
      "rate_limited",
      "Canada Post is limiting how often the store may call it; try again in a minute.",
      { status, code, retryAfterMs: retry },
    );
  }
  if (status >= 500) {
    return new CanadaPostError(
      "unavailable",
      `Canada Post's service is failing (HTTP ${status}); try again later.`,
      { status, code },
    );
  }
  if (message) {
    return new CanadaPostError(
      "rejected",
      `Canada Post rejected ${subject}: ${message.description}`,
      { status, code },
    );
  }
  return new CanadaPostError("rejected", `Canada Post rejected ${subject} (HTTP ${status}).`, {
    status,
  });
}

/** The response's root element, or a "malformed" error (a 2xx <messages> body is a rejection). */
export function rootOf(response: CallResponse, tag: string, subject: string): XmlNode {
  const document = parseXml(response.body.toString("utf8"));
  const message = firstMessage(document);
  if (message) {
    throw new CanadaPostError(
      "rejected",
      `Canada Post rejected ${subject}: ${message.description}`,
      {
        status: response.status,
        code: message.code,
      },
    );
  }
  const root = child(document, tag);
  if (!root) throw malformed(`its answer to ${subject} was not the expected <${tag}> document`);
  return root;
}

export function malformed(detail: string): CanadaPostError {
  return new CanadaPostError("malformed", `Canada Post sent an unexpected answer: ${detail}.`);
}

/** Links from an answer go back to Canada Post only: our credentials are sent with them. */
export function checkedLink(account: CanadaPostAccount, href: string): string {
  let url: URL;
  try {
    url = new URL(href, account.baseUrl);
  } catch {
    throw malformed("a link in its answer is not a URL");
  }
  if (url.origin !== new URL(account.baseUrl).origin) {
    throw malformed(`a link in its answer points outside ${new URL(account.baseUrl).host}`);
  }
  return url.toString();
}

export function endpoint(account: CanadaPostAccount, path: string): string {
  return new URL(path, account.baseUrl).toString();
}
