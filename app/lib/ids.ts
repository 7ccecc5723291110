const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** True for a UUID (record ids); anything else in a URL is simply not found. */
export function isUuid(value: string): boolean {
  return UUID.test(value);
}
