import { getUsageReport, type Database, type UsageReport } from '@dp/db';

/**
 * GET /v1/usage: the organization's plan, the current calendar month (UTC) and its usage. The
 * report itself lives in @dp/db so the portal's usage page shows exactly the same numbers.
 */
export async function getUsage(db: Database, orgId: string, now = new Date()): Promise<UsageReport> {
  return getUsageReport(db, orgId, now);
}
