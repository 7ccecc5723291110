import type { Route } from "./+types/not-found";
import { ErrorPage } from "~/components/ui/error-page";
import { localeOfPath, requestLocale } from "~/lib/i18n/locale";
import { shellMessages } from "~/lib/i18n/messages/shell";
import { translator } from "~/lib/i18n/translate";
import { errorResponse } from "~/server/http/responses.server";

export function loader({ request }: Route.LoaderArgs) {
  const t = translator(shellMessages, requestLocale(request));
  throw errorResponse(t("errorMessage404"), 404);
}

export function meta({ location }: Route.MetaArgs) {
  const t = translator(shellMessages, localeOfPath(location.pathname));
  return [{ title: t("errorTitle404") }];
}

export default function NotFound() {
  return null;
}

export function ErrorBoundary() {
  return <ErrorPage variant="store" />;
}
