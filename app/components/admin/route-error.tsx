import { useEffect } from "react";
import { isRouteErrorResponse, useRouteError } from "react-router";
import { buttonClass } from "./button";

/**
 * ErrorBoundary for admin routes: a missing record, a refused action or an ended session (401,
 * sent back to sign in) shown as a message, never a stack trace.
 */
export function AdminRouteError() {
  const error = useRouteError();
  const status = isRouteErrorResponse(error) ? error.status : 500;
  const given =
    isRouteErrorResponse(error) && typeof error.data?.message === "string"
      ? (error.data.message as string)
      : undefined;
  useEffect(() => {
    if (status === 401) window.location.assign("/budzadmin");
  }, [status]);
  const title =
    status === 401
      ? "Please sign in again"
      : status === 403
        ? "Not allowed"
        : status === 404
          ? "Not found"
          : "Something went wrong";
  const message =
    given ??
    (status === 404
      ? "This page or record does not exist (it may have been deleted)."
      : "Something went wrong on our side. Please try again.");
  return (
    <div className="mx-auto flex max-w-lg flex-col items-center px-6 py-20 text-center">
      <p className="text-sm font-semibold tracking-widest text-brand-700">{status}</p>
      <h1 className="mt-2 text-2xl font-bold text-stone-900">{title}</h1>
      <p className="mt-3 text-stone-600">{message}</p>
      <a
        href={status === 401 ? "/budzadmin" : "/budzadmin/dashboard"}
        className={buttonClass("primary", "md", "mt-6")}
      >
        {status === 401 ? "Sign in" : "Back to the dashboard"}
      </a>
    </div>
  );
}
