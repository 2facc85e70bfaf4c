// Everything a member's export holds, as JSON documents, one per file of the zip. Every query
// selects its columns by name: password hashes, session ids, tokens, IBAN ciphertexts, payment
// mandates and idempotency keys are never read, and other members appear only by profile id and
// display name (never their e-mail address or anything else of theirs).
import { getDb } from "#app/utils/db.server.ts";
import { descriptionSelect } from "#app/profiles/profile-select.server.ts";

export interface MemberData {
  /** file name in the zip → JSON value */
  documents: Record<string, unknown>;
  /** image files to add: file name in the zip → media storage key */
  images: Record<string, string>;
}

const other = (p: { id: number; name: string } | null | undefined) => (p ? { profileId: p.id, name: p.name } : null);

export async function collectMemberData(userId: number): Promise<MemberData | null> {
  const db = getDb();
  const user = await db.user.findUnique({
    where: { id: userId },
    select: {
      id: true,
      siteKey: true,
      email: true,
      status: true,
      language: true,
      credits: true,
      paidUser: true,
      signupDate: true,
      confirmedAt: true,
      lastSeenAt: true,
      notificationsOff: true,
      notificationsDisabled: true,
      deletionRequestedAt: true,
      deletionReason: true,
    },
  });
  if (!user) return null;
  const profile = await db.profile.findUnique({
    where: { userId },
    select: {
      id: true,
      name: true,
      status: true,
      invisible: true,
      country: true,
      region: true,
      city: true,
      latitude: true,
      longitude: true,
      ...descriptionSelect,
      seeking: true,
      aboutMe: true,
      mainPhotoId: true,
      lastActiveAt: true,
      createdAt: true,
      updatedAt: true,
    },
  });
  const profileId = profile?.id ?? -1;
  const images: Record<string, string> = {};

  const photos = await db.photo.findMany({
    where: { profileId },
    orderBy: [{ position: "asc" }, { id: "asc" }],
    select: { id: true, filename: true, width: true, height: true, status: true, position: true, createdAt: true, rejectReason: true },
  });
  const photoDocs = photos.map(({ filename, ...p }) => {
    const file = `photos/${p.id}.jpg`;
    images[file] = filename;
    return { ...p, main: p.id === profile?.mainPhotoId, file };
  });

  // conversations the member takes part in, with the other member by id and name only
  const participations = await db.conversationParticipant.findMany({
    where: { profileId },
    orderBy: { conversationId: "asc" },
    select: {
      conversationId: true,
      removedAt: true,
      lastReadAt: true,
      conversation: { select: { createdAt: true, participants: { select: { profile: { select: { id: true, name: true } } } } } },
    },
  });
  const conversationIds = participations.map((p) => p.conversationId);
  const messages = await db.message.findMany({
    where: { conversationId: { in: conversationIds } },
    orderBy: [{ conversationId: "asc" }, { createdAt: "asc" }, { id: "asc" }],
    select: { id: true, conversationId: true, senderId: true, body: true, imageId: true, creditsCost: true, createdAt: true, gift: { select: { key: true } } },
  });
  const ownImages = await db.chatImage.findMany({
    where: { uploaderId: profileId },
    select: { id: true, filename: true, conversationId: true, width: true, height: true, createdAt: true },
  });
  const ownImageIds = new Set(ownImages.map((i) => i.id));
  for (const i of ownImages) images[`chat-images/${i.id}.jpg`] = i.filename;
  const conversations = participations.map((p) => ({
    conversationId: p.conversationId,
    startedAt: p.conversation.createdAt,
    with: other(p.conversation.participants.map((x) => x.profile).find((x) => x.id !== profileId)),
    removedFromMyList: p.removedAt,
    lastReadAt: p.lastReadAt,
    messages: messages
      .filter((m) => m.conversationId === p.conversationId)
      .map((m) => ({
        id: m.id,
        sentByMe: m.senderId === profileId,
        createdAt: m.createdAt,
        text: m.body,
        gift: m.gift?.key ?? null,
        creditsCost: m.senderId === profileId ? m.creditsCost : undefined,
        image: m.imageId ? (ownImageIds.has(m.imageId) ? `chat-images/${m.imageId}.jpg` : { id: m.imageId, sentBy: "the other member (not included)" }) : null,
      })),
  }));

  const named = { select: { id: true, name: true } } as const;
  const [
    likesGiven,
    likesReceived,
    swipes,
    blocksGiven,
    payments,
    redemptions,
    ledger,
    trackings,
    dismissals,
    sends,
    pushSubs,
    ddBlock,
    ddCodes,
    logins,
    sessions,
    cases,
  ] = await Promise.all([
    db.like.findMany({ where: { likerId: profileId }, orderBy: { createdAt: "asc" }, select: { source: true, createdAt: true, liked: named } }),
    db.like.findMany({ where: { likedId: profileId }, orderBy: { createdAt: "asc" }, select: { createdAt: true, seenAt: true, liker: named } }),
    db.swipe.findMany({ where: { profileId }, orderBy: { at: "asc" }, select: { liked: true, at: true, target: named } }),
    // blocks the member made; who blocked them is the other member's decision, not their data
    db.block.findMany({ where: { blockerId: profileId }, orderBy: { createdAt: "asc" }, select: { createdAt: true, blocked: named } }),
    db.payment.findMany({
      where: { userId },
      orderBy: { createdAt: "asc" },
      select: {
        id: true,
        siteKey: true,
        packageId: true,
        credits: true,
        method: true,
        provider: true,
        amountCents: true,
        listPriceCents: true,
        currency: true,
        country: true,
        status: true,
        providerReference: true,
        recurring: true,
        createdAt: true,
        completedAt: true,
        refundedCredits: true,
        refundedCents: true,
        refundedAt: true,
      },
    }),
    db.discountRedemption.findMany({ where: { userId }, select: { paymentId: true, createdAt: true, code: { select: { code: true } } } }),
    db.creditLedgerEntry.findMany({
      where: { userId },
      orderBy: [{ createdAt: "asc" }, { id: "asc" }],
      select: { id: true, delta: true, balanceAfter: true, reason: true, referenceType: true, referenceId: true, createdAt: true },
    }),
    db.tracking.findMany({
      where: { userId },
      orderBy: { createdAt: "asc" },
      select: { siteKey: true, network: true, ref: true, sub1: true, sub2: true, sub3: true, landing: true, createdAt: true },
    }),
    db.alertDismissal.findMany({ where: { userId }, select: { alert: true, dismissedAt: true } }),
    db.notificationSend.findMany({ where: { userId }, orderBy: { createdAt: "asc" }, select: { type: true, createdAt: true } }),
    db.pushSubscription.findMany({ where: { userId }, select: { createdAt: true } }),
    db.directDebitBlock.findUnique({ where: { userId }, select: { createdAt: true } }),
    db.directDebitCode.findMany({
      where: { userId },
      orderBy: { createdAt: "asc" },
      select: {
        createdAt: true,
        usedAt: true,
        packageId: true,
        discountCode: true,
        accountHolder: true,
        ibanMasked: true,
        street: true,
        houseNumber: true,
        zip: true,
        city: true,
        phone: true,
      },
    }),
    db.loginAttempt.findMany({ where: { userId }, orderBy: { createdAt: "asc" }, select: { createdAt: true, ip: true, success: true } }),
    db.session.findMany({ where: { userId }, orderBy: { createdAt: "asc" }, select: { createdAt: true, expiresAt: true, ip: true, userAgent: true } }),
    db.supportCase.findMany({
      where: { reporterUserId: userId },
      orderBy: { createdAt: "asc" },
      select: { id: true, kind: true, category: true, text: true, status: true, outcome: true, createdAt: true, closedAt: true },
    }),
  ]);

  return {
    images,
    documents: {
      "account.json": user,
      "profile.json": profile,
      "photos.json": photoDocs,
      "messages.json": { conversations, chatImages: ownImages.map(({ filename: _, ...i }) => ({ ...i, file: `chat-images/${i.id}.jpg` })) },
      "likes.json": {
        given: likesGiven.map((l) => ({ to: other(l.liked), source: l.source, createdAt: l.createdAt })),
        received: likesReceived.map((l) => ({ from: other(l.liker), createdAt: l.createdAt, seenAt: l.seenAt })),
        swipes: swipes.map((s) => ({ profile: other(s.target), liked: s.liked, at: s.at })),
      },
      "blocks.json": { given: blocksGiven.map((b) => ({ profile: other(b.blocked), createdAt: b.createdAt })) },
      "payments.json": {
        payments,
        discountCodes: redemptions.map((r) => ({ code: r.code.code, paymentId: r.paymentId, createdAt: r.createdAt })),
        directDebit: { blocked: !!ddBlock, blockedSince: ddBlock?.createdAt ?? null, orders: ddCodes },
      },
      "credit-ledger.json": ledger,
      "tracking.json": trackings,
      "settings.json": {
        language: user.language,
        notificationsOff: user.notificationsOff,
        notificationsDisabled: user.notificationsDisabled,
        invisible: profile?.invisible ?? false,
        pushSubscriptions: pushSubs,
        dismissedAlerts: dismissals,
        notificationMailsSent: sends,
      },
      "logins.json": { attempts: logins, sessions },
      "support-cases.json": cases,
    },
  };
}
