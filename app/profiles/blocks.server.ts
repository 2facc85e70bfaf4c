// Blocking: a blocked member cannot see the blocker's profile or contact the blocker.
import { getDb } from "#app/utils/db.server.ts";

export async function block(blockerId: number, blockedId: number) {
  if (blockerId === blockedId) return;
  await getDb().block.upsert({
    where: { blockerId_blockedId: { blockerId, blockedId } },
    create: { blockerId, blockedId },
    update: {},
  });
}

export async function unblock(blockerId: number, blockedId: number) {
  await getDb().block.deleteMany({ where: { blockerId, blockedId } });
}

/** Who blocked whom between two profiles. */
export async function blockState(viewerId: number, otherId: number) {
  const rows = await getDb().block.findMany({
    where: { OR: [{ blockerId: viewerId, blockedId: otherId }, { blockerId: otherId, blockedId: viewerId }] },
    select: { blockerId: true },
  });
  return { iBlocked: rows.some((r) => r.blockerId === viewerId), blockedMe: rows.some((r) => r.blockerId === otherId) };
}
