import { parseArgs } from 'node:util';
import { isPlan, parseScopes, PLANS } from '@dp/core';
import { createApiKey, createOrganization } from '@dp/db';
import { UsageError, type CliIo, type Command } from '../command';
import { openCliDatabase } from '../database';

export const keyCreate: Command = {
  description: 'Create an API key for a new organization (--org) or an existing one (--org-id); prints the key once as JSON.',
  usage: 'key:create (--org <name> [--plan free|pro|enterprise] | --org-id <org_id>) [--scopes read,manage] [--name <label>]',
  async run(argv: string[], io: CliIo): Promise<number> {
    let parsed;
    try {
      parsed = parseArgs({
        args: argv,
        options: {
          org: { type: 'string' },
          'org-id': { type: 'string' },
          scopes: { type: 'string' },
          plan: { type: 'string' },
          name: { type: 'string' },
        },
        strict: true,
      });
    } catch (e) {
      throw new UsageError((e as Error).message);
    }
    const { values } = parsed;
    const orgId = values['org-id'];
    // Names are not unique (a portal customer may share one), so a name always means a new organization.
    if (!values.org === !orgId)
      throw new UsageError('give either --org <name> (a new organization) or --org-id <org_id> (an existing one)');
    if (orgId && values.plan) throw new UsageError('--plan applies to a new organization (--org); an existing one keeps its plan');
    if (values.plan && !isPlan(values.plan)) throw new UsageError(`--plan must be one of ${PLANS.join(', ')}`);
    let scopes;
    try {
      scopes = parseScopes(values.scopes);
    } catch (e) {
      throw new UsageError((e as Error).message);
    }
    const db = await openCliDatabase(io.env);
    try {
      const org = orgId
        ? await db.prisma.organization.findUnique({ where: { id: orgId } })
        : await createOrganization(db.prisma, { name: values.org!, plan: values.plan && isPlan(values.plan) ? values.plan : 'free' });
      if (!org) {
        io.stderr.write(`No organization with id ${orgId}.\n`);
        return 1;
      }
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
