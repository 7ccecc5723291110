/**
 * Refunds for the reports' tests, written straight into the tables (tests/fixtures/refunds.ts),
 * so the figures downstream of refunds are tested apart from the refund service.
 */
export { insertTestRefund, type TestRefund } from "../fixtures/refunds";
