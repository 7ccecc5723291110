import { createContext, RouterContextProvider } from "react-router";

/** What the Express server knows about a request that loaders and actions may need. */
export interface RequestInfo {
  /** The Content-Security-Policy nonce of this response. */
  nonce: string;
  /** The visitor's address (TRUST_PROXY hops from the right of X-Forwarded-For), for throttling. */
  clientIp: string;
}

export const requestInfo = createContext<RequestInfo>();

/** The router context of one request (React Router's middleware mode wants a provider). */
export function requestContext(info: RequestInfo): RouterContextProvider {
  const context = new RouterContextProvider();
  context.set(requestInfo, info);
  return context;
}

/** The visitor's address, for the sign-in and look-up throttles. */
export function clientIp(context: Readonly<RouterContextProvider>): string {
  return context.get(requestInfo).clientIp;
}

/** Who a session is signed in for: the visitor's address and browser. */
export function requestClient(request: Request, context: Readonly<RouterContextProvider>) {
  return { ipAddress: clientIp(context), userAgent: request.headers.get("User-Agent") };
}
