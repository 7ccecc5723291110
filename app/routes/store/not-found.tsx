import { ErrorPage } from "~/components/ui/error-page";
import { errorResponse } from "~/server/http/responses.server";

export function loader() {
  throw errorResponse("Sorry, we couldn't find the page you were looking for.", 404);
}

export function meta() {
  return [{ title: "Page not found" }];
}

export default function NotFound() {
  return null;
}

export function ErrorBoundary() {
  return <ErrorPage variant="store" />;
}
