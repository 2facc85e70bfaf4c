// `npm run staff:create -- --email you@example.com [--name "Your Name"] [--role admin|support]`
// Creates a staff account (the first admin of a new installation). The password is read from
// STAFF_PASSWORD or asked for on the terminal; the TOTP secret is generated and printed once,
// with the otpauth:// URI to add it to an authenticator app.
import { createInterface } from "node:readline/promises";
import { parseArgs } from "node:util";
import { z } from "zod";
import { createStaffAccount } from "#app/staff/accounts.server.ts";
import { staffEmail, staffPassword } from "#app/staff/password-policy.ts";
import { totpUri } from "#app/staff/totp.server.ts";
import { getEnv } from "#app/utils/env.server.ts";
import { getDb } from "#app/utils/db.server.ts";
import { prepareDatabase } from "#server/database/prepare.ts";

const { values } = parseArgs({ options: { email: { type: "string" }, name: { type: "string" }, role: { type: "string", default: "admin" } } });
const email = staffEmail.safeParse(values.email ?? "");
const role = z.enum(["admin", "support"]).safeParse(values.role);
if (!email.success || !role.success) {
  console.error('Usage: npm run staff:create -- --email you@example.com [--name "Your Name"] [--role admin|support]');
  process.exit(2);
}

let password = process.env.STAFF_PASSWORD ?? "";
if (!password) {
  const rl = createInterface({ input: process.stdin, output: process.stdout });
  password = await rl.question("Password (12 to 128 characters): ");
  rl.close();
}
if (!staffPassword.safeParse(password).success) {
  console.error("The password must be 12 to 128 characters long.");
  process.exit(2);
}

const database = await prepareDatabase(getEnv(), { log: () => {} });
try {
  const staff = await createStaffAccount({ email: email.data, name: values.name ?? email.data, password, role: role.data });
  console.log(`created ${staff.role} ${staff.email} (id ${staff.id})`);
  console.log(`TOTP secret (add it to an authenticator app; shown only now): ${staff.totpSecret}`);
  console.log(totpUri(staff.totpSecret, staff.email));
} catch (error) {
  console.error((error as { code?: string }).code === "P2002" ? `a staff account for ${email.data} exists already` : error);
  process.exitCode = 1;
} finally {
  await getDb().$disconnect();
  await database.embedded?.stop();
}
