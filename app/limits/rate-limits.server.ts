// Every limit on how often something may happen, with its numbers, in one place.
//
// Counters (per IP address, per site + e-mail address, mails per account, the login lockout)
// live in PostgreSQL through rate-limiter-flexible's RateLimiterPrisma on the `rate_limits`
// table: each count is one atomic upsert without a lock or a transaction, so parallel requests
// and several processes cannot pass a limit together, and a burst does not queue up on a lock.
// Windows are fixed: they start with the first count and last `duration` seconds. A refused
// request counts nothing, so a flood of refused requests does not prolong a block.
//
// The photo limit is counted from the photos themselves, under a lock on the profile row
// (app/profiles/photos.server.ts): deleting a photo frees its place.
import { getDb } from "#app/utils/db.server.ts";
import { getEnv } from "#app/utils/env.server.ts";
import { singleton } from "#app/utils/singleton.ts";
import { lazyRequire } from "#app/utils/lazy-require.server.ts";

const rateLimiterFlexible = lazyRequire<typeof import("rate-limiter-flexible")>("rate-limiter-flexible");

const MINUTE = 60;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

export const LIMITS = {
  /** conversations a member may start (spec section 6); premium members have no limit. Counted
   * from the conversations themselves under a lock on the member's row (app/chat/send.server.ts). */
  conversationStarts: { free: 2 },
  /** photos a profile keeps (rejected ones do not count) */
  photos: { free: 3, premium: 25 },
  /** images larger than this are refused from their header, before decoding; at most `concurrency` decode at once per process */
  photoProcessing: { maxPixels: 40_000_000, concurrency: 2 },
  /**
   * Member logins (ADR 050): failures for one site + e-mail address from one client (IP address)
   * lock that pair; perIp failures from one client over any addresses lock that client; both for
   * blockSeconds. perAccount failures for one address from all clients together within
   * accountWindowSeconds lock the address for accountBlockSeconds (a brake on guessing from many
   * addresses), which the owner lifts by setting a new password through the reset mail.
   */
  login: {
    perAccountAndClient: 5,
    perIp: 20,
    windowSeconds: 15 * MINUTE,
    blockSeconds: 15 * MINUTE,
    perAccount: 30,
    accountWindowSeconds: HOUR,
    accountBlockSeconds: HOUR,
  },
  /**
   * Staff console logins: failures per e-mail address AND client (IP address) together lock that
   * pair for blockSeconds, so nobody can lock a colleague out from elsewhere; perClient failures
   * from one client over any addresses lock that client (ADR 033).
   */
  staffLogin: { perAddressAndClient: 5, perClient: 20, windowSeconds: 15 * MINUTE, blockSeconds: 15 * MINUTE },
  /** perIp is the default of SIGNUPS_PER_IP_PER_HOUR */
  signup: { perIp: 10, perAddress: 5, windowSeconds: HOUR },
  /** per account: mails within a day (from the first) */
  passwordReset: { perAccount: 3, accountWindowSeconds: DAY, perIp: 10, windowSeconds: HOUR },
  /** per account: signup's activation mail plus the resends, within a day (from signup's) */
  activationMail: { perAccount: 5, accountWindowSeconds: DAY, perIp: 20, windowSeconds: HOUR },
  /** requests to be invited to a site open only through partners, from one IP address */
  invitationRequests: { perIp: 10, windowSeconds: HOUR },
  /** complaints and abuse reports from one IP address (a brake on floods of the support queue) */
  supportCases: { perIp: 10, windowSeconds: HOUR },
  /** likes a member gives from profiles, cards and lists (a brake on scripts; people never get near it) */
  likes: { perMember: 300, windowSeconds: HOUR },
  /**
   * The swipe game: likes within the last 24 hours (rolling), counted from the `swipes` rows under
   * a lock on the member's profile row (app/likes/swipe.server.ts); passes are not limited.
   */
  swipe: { likesPerDay: 4, windowSeconds: DAY },
  /** the like modal's auto-like: one new like per member per 24 hours, the same profile again within them */
  autoLike: { windowSeconds: DAY },
  /** "is typing" notices: one per member and conversation within the window (the page sends one while typing lasts) */
  typing: { perConversation: 1, windowSeconds: 3 },
  /** exports of their data a member may ask for within a day (from the first); staff exports do not count */
  dataExports: { perMember: 3, windowSeconds: DAY },
} as const;

const COUNTERS = {
  loginAccount: { points: LIMITS.login.perAccount, duration: LIMITS.login.accountWindowSeconds },
  loginAccountClient: { points: LIMITS.login.perAccountAndClient, duration: LIMITS.login.windowSeconds },
  loginIp: { points: LIMITS.login.perIp, duration: LIMITS.login.windowSeconds },
  staffLogin: { points: LIMITS.staffLogin.perAddressAndClient, duration: LIMITS.staffLogin.windowSeconds },
  staffLoginClient: { points: LIMITS.staffLogin.perClient, duration: LIMITS.staffLogin.windowSeconds },
  signupIp: { points: LIMITS.signup.perIp, duration: LIMITS.signup.windowSeconds },
  signupAddress: { points: LIMITS.signup.perAddress, duration: LIMITS.signup.windowSeconds },
  resetIp: { points: LIMITS.passwordReset.perIp, duration: LIMITS.passwordReset.windowSeconds },
  activationIp: { points: LIMITS.activationMail.perIp, duration: LIMITS.activationMail.windowSeconds },
  resetMail: { points: LIMITS.passwordReset.perAccount, duration: LIMITS.passwordReset.accountWindowSeconds },
  activationMail: { points: LIMITS.activationMail.perAccount, duration: LIMITS.activationMail.accountWindowSeconds },
  invitationIp: { points: LIMITS.invitationRequests.perIp, duration: LIMITS.invitationRequests.windowSeconds },
  supportCaseIp: { points: LIMITS.supportCases.perIp, duration: LIMITS.supportCases.windowSeconds },
  likes: { points: LIMITS.likes.perMember, duration: LIMITS.likes.windowSeconds },
  dataExport: { points: LIMITS.dataExports.perMember, duration: LIMITS.dataExports.windowSeconds },
  typing: { points: LIMITS.typing.perConversation, duration: LIMITS.typing.windowSeconds },
} as const;

export type CounterName = keyof typeof COUNTERS;
/** One count: the counter and its key (ipKey(ip), `site:email` or a user id). */
export type Check = readonly [CounterName, string];
export type Taken = { ok: true; counts: number[] };
export type Refused = { ok: false; retryAfterMs: number };

function counter(name: CounterName) {
  return singleton(
    `rateLimiter:${name}`,
    () =>
      new (rateLimiterFlexible().RateLimiterPrisma)({
        storeClient: getDb(),
        tableName: "rateLimit",
        keyPrefix: name,
        // its sweep deletes every row expired over an hour ago, whatever the counter: one per process is enough
        clearExpiredByTimeout: name === "loginAccount",
        ...COUNTERS[name],
        ...(name === "signupIp" ? { points: getEnv().SIGNUPS_PER_IP_PER_HOUR } : {}),
      }),
  );
}

/**
 * The key of a visitor's address: IPv4 as it is (also when IPv4-mapped), IPv6 by its /64 prefix,
 * since one subscriber commonly holds a whole /64 and could otherwise take a new address per request.
 */
export function ipKey(ip: string) {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  if (mapped) return mapped[1]!;
  if (!ip.includes(":")) return ip;
  const [head = "", tail = ""] = ip.toLowerCase().split("%")[0]!.split("::");
  const left = head ? head.split(":") : [];
  const right = tail ? tail.split(":") : [];
  const groups = ip.includes("::") ? [...left, ...Array(Math.max(0, 8 - left.length - right.length)).fill("0"), ...right] : left;
  return `${groups
    .slice(0, 4)
    .map((g) => g.replace(/^0+(?=.)/, ""))
    .join(":")}::/64`;
}

async function takeOne(name: CounterName, key: string): Promise<{ ok: true; count: number } | Refused> {
  const limiter = counter(name);
  // a key already over its limit is refused with one read, without writing
  const current = await limiter.get(key);
  if (current && current.consumedPoints >= limiter.points) return { ok: false, retryAfterMs: current.msBeforeNext };
  try {
    return { ok: true, count: (await limiter.consume(key)).consumedPoints };
  } catch (error) {
    if (!(error instanceof rateLimiterFlexible().RateLimiterRes)) throw error;
    await limiter.reward(key, 1);
    return { ok: false, retryAfterMs: error.msBeforeNext };
  }
}

/**
 * Counts one request against every check, atomically per counter. When any check is over its
 * limit the request is refused and counts nowhere; `counts` are the positions within each window.
 */
export async function take(...checks: Check[]): Promise<Taken | Refused> {
  const results = await Promise.allSettled(checks.map(([name, key]) => takeOne(name, key)));
  const failed = results.find((r) => r.status === "rejected");
  const refused = results.flatMap((r) => (r.status === "fulfilled" && !r.value.ok ? [r.value.retryAfterMs] : []));
  if (failed || refused.length) {
    await Promise.all(results.map((r, i) => (r.status === "fulfilled" && r.value.ok ? counter(checks[i]![0]).reward(checks[i]![1], 1) : null)));
    if (failed) throw (failed as PromiseRejectedResult).reason;
    return { ok: false, retryAfterMs: Math.max(...refused) };
  }
  return { ok: true, counts: results.map((r) => (r as PromiseFulfilledResult<{ count: number }>).value.count) };
}

/** Gives back what `take` counted, for a request that turned out not to count (a successful login). */
export async function giveBack(...checks: Check[]) {
  await Promise.all(checks.map(([name, key]) => counter(name).reward(key, 1)));
}

/**
 * Makes the key's current window end `seconds` from now: a lockout that starts with the attempt
 * that filled the counter. Only the expiry changes (rate-limiter-flexible's block() would set the
 * count, and the give-backs of parallel requests would then take it below the limit); true when
 * the key is full.
 */
export async function holdFull(name: CounterName, key: string, seconds: number) {
  const limiter = counter(name);
  const until = new Date(Date.now() + seconds * 1000);
  const rows = await getDb().$queryRaw<{ points: number }[]>`UPDATE rate_limits SET expire = ${until} WHERE key = ${limiter.getKey(key)} RETURNING points`;
  return (rows[0]?.points ?? 0) >= limiter.points;
}

/** Whole minutes to show in "try again in {{minutes}} min.", never 0. */
export const minutesOf = (ms: number) => Math.max(1, Math.ceil(ms / 60_000));
export const retryAfterHeader = (ms: number) => ({ "Retry-After": String(Math.max(1, Math.ceil(ms / 1000))) });

/** A counter's state for one key (the staff console shows a member's lockout): count and when its window ends. */
export async function counterState(name: CounterName, key: string) {
  const limiter = counter(name);
  const res = await limiter.get(key);
  if (!res) return null;
  return { count: res.consumedPoints, full: res.consumedPoints >= limiter.points, until: new Date(Date.now() + res.msBeforeNext) };
}

/** When the full windows of a counter's keys that start with `prefix` end (an address's locks for every client), latest first. */
export async function fullUntil(name: CounterName, prefix: string): Promise<Date[]> {
  const limiter = counter(name);
  const pattern = `${likePrefix(limiter.getKey(prefix))}%`;
  const rows = await getDb().$queryRaw<{ expire: Date }[]>`
    SELECT expire FROM rate_limits WHERE key LIKE ${pattern} AND points >= ${limiter.points} AND expire > now() ORDER BY expire DESC`;
  return rows.map((r) => r.expire);
}

const likePrefix = (value: string) => value.replace(/[\\%_]/g, "\\$&");

/** Clears a counter for one key (the staff console lifts a login lockout); true when there was one. */
export async function clearCounter(name: CounterName, key: string) {
  return counter(name).delete(key);
}

/** Clears a counter for every key that starts with `prefix` (an address's locks from every client); how many there were. */
export async function clearCounters(name: CounterName, prefix: string) {
  const pattern = `${likePrefix(counter(name).getKey(prefix))}%`;
  return getDb().$executeRaw`DELETE FROM rate_limits WHERE key LIKE ${pattern}`;
}
