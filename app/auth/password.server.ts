// Password hashing with argon2id (@node-rs/argon2: maintained, prebuilt, no compiler needed).
import { hash, verify } from "@node-rs/argon2";

// OWASP's second recommended argon2id profile: 19 MiB, 2 iterations, 1 lane.
const OPTIONS = { memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export const hashPassword = (password: string) => hash(password, OPTIONS);

export async function verifyPassword(passwordHash: string | null, password: string) {
  if (!passwordHash) return false;
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}
