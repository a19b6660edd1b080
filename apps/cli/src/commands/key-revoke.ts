import { createSharedState } from '@dp/core';
import { revokeApiKey } from '@dp/db';
import { UsageError, type CliIo, type Command } from '../command';
import { openCliDatabase } from '../database';

export const keyRevoke: Command = {
  description:
    'Revoke an API key by id; running api instances refuse it within a second (Redis pub/sub, or PostgreSQL NOTIFY without Redis).',
  usage: 'key:revoke <key_id>',
  async run(argv: string[], io: CliIo): Promise<number> {
    const keyId = argv[0];
    if (!keyId || !keyId.startsWith('key_')) throw new UsageError('a key id (key_…) is required');
    const db = await openCliDatabase(io.env);
    const state = createSharedState(io.env.REDIS_URL, io.env.REDIS_KEY_PREFIX ?? 'dp:');
    try {
      const result = await revokeApiKey(db.prisma, keyId, {
        publish: (c, m) => state.pubsub.publish(c, m),
        onPublishError: (err) =>
          io.stderr.write(
            `Warning: the revocation was not announced over Redis (${err instanceof Error ? err.message : String(err)}); PostgreSQL NOTIFY and the cache window still apply.\n`,
          ),
      });
      if (!result) {
        io.stderr.write(`No API key with id ${keyId}.\n`);
        return 1;
      }
      io.stdout.write(
        `${JSON.stringify({ id: result.id, status: 'revoked', revoked_at: result.revokedAt.toISOString(), already_revoked: result.alreadyRevoked })}\n`,
      );
      return 0;
    } finally {
      await state.close();
      await db.close();
    }
  },
};
