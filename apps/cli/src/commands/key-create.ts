import { parseArgs } from 'node:util';
import { isPlan, parseScopes, PLANS } from '@dp/core';
import { createApiKey, createOrganization } from '@dp/db';
import { UsageError, type CliIo, type Command } from '../command';
import { openCliDatabase } from '../database';

export const keyCreate: Command = {
  description: 'Create an organization (or reuse one by name) and an API key; prints the key once as JSON.',
  usage: 'key:create --org <name> [--scopes read,manage] [--plan free|pro|enterprise] [--name <label>]',
  async run(argv: string[], io: CliIo): Promise<number> {
    let parsed;
    try {
      parsed = parseArgs({
      args: argv,
      options: { org: { type: 'string' }, scopes: { type: 'string' }, plan: { type: 'string' }, name: { type: 'string' } },
        strict: true,
      });
    } catch (e) {
      throw new UsageError((e as Error).message);
    }
    const { values } = parsed;
    if (!values.org) throw new UsageError('--org <name> is required');
    if (values.plan && !isPlan(values.plan)) throw new UsageError(`--plan must be one of ${PLANS.join(', ')}`);
    let scopes;
    try {
      scopes = parseScopes(values.scopes);
    } catch (e) {
      throw new UsageError((e as Error).message);
    }
    const db = await openCliDatabase(io.env);
    try {
      const org =
        (await db.prisma.organization.findFirst({ where: { name: values.org }, orderBy: { createdAt: 'asc' } })) ??
        (await createOrganization(db.prisma, { name: values.org, plan: values.plan && isPlan(values.plan) ? values.plan : 'free' }));
      const key = await createApiKey(db.prisma, { orgId: org.id, scopes, name: values.name });
      // The only time the full key is shown.
      io.stdout.write(
        `${JSON.stringify({ id: key.id, key: key.key, prefix: key.prefix, scopes: key.scopes, organization: { id: org.id, name: org.name, plan: org.plan } })}\n`,
      );
      return 0;
    } finally {
      await db.close();
    }
  },
};
