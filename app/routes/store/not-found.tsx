import { data } from "react-router";
import { ErrorPage } from "~/components/ui/error-page";

export function loader() {
  throw data(null, { status: 404 });
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
