// Demo staff accounts for the embedded default (dev/demo only; docs/staff.md lists them). Created once;
// a later start leaves them as they are.
import { hashPassword } from "#app/auth/password.server.ts";
import type { Db } from "#app/utils/db.server.ts";

const DEMO_STAFF_PASSWORD = "rendezvous-staff-demo";
const DEMO_STAFF = [
  { email: "support@staff.localhost", name: "Demo Support", role: "support", totpSecret: "JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP" },
  { email: "admin@staff.localhost", name: "Demo Admin", role: "admin", totpSecret: "KRUGS4ZANFZSAYJAORSXG5BAONSWG4TF" },
  { email: "marketing@staff.localhost", name: "Demo Marketing", role: "marketing", totpSecret: "MFRGGZDFMZTWQ2LKNNWG23TPOBYXE43U" },
] as const;

export async function seedDemoStaff(db: Db): Promise<void> {
  const existing = await db.staffAccount.count({ where: { email: { in: DEMO_STAFF.map((s) => s.email) } } });
  if (existing === DEMO_STAFF.length) return;
  const passwordHash = await hashPassword(DEMO_STAFF_PASSWORD);
  for (const s of DEMO_STAFF) {
    await db.staffAccount.upsert({ where: { email: s.email }, create: { ...s, passwordHash }, update: {} });
  }
}
