// `npm run staff:create -- --email you@example.com [--name "Your Name"] [--role admin|support|marketing]`
// Creates a staff account (the first admin of a new installation). The password is read from
// STAFF_PASSWORD or asked for on the terminal; the TOTP secret is generated and printed once,
// with the otpauth:// URI to add it to an authenticator app.
import { createInterface } from "node:readline/promises";
import { z } from "zod";
import { createStaffAccount } from "#app/staff/accounts.server.ts";
import { staffEmail, staffPassword } from "#app/staff/password-policy.ts";
import { totpUri } from "#app/staff/totp.server.ts";
import { getEnv } from "#app/utils/env.server.ts";
import { migrateDatabase } from "#server/database/prepare.ts";
import { openDatabase, OperatorError, parseCommandLine, runOperatorScript, UsageError } from "./operator.ts";

const usage = `
Usage: npm run staff:create -- --email you@example.com [--name "Your Name"] [--role admin|support|marketing]

Creates a staff account and prints its TOTP secret once (add it to an authenticator app).
The password comes from STAFF_PASSWORD or is asked for (12 to 128 characters).
Works beside a running npm start (its embedded database) or on DATABASE_URL.

  --email   the account's e-mail address (required)
  --name    the name shown in the staff console (default: the address)
  --role    admin (default), support or marketing
  --help    this text
`;

await runOperatorScript("staff:create", async () => {
  const { values } = parseCommandLine({ usage, options: { email: { type: "string" }, name: { type: "string" }, role: { type: "string", default: "admin" } } });
  if (!values.email) throw new UsageError("--email is required");
  const email = staffEmail.safeParse(values.email);
  if (!email.success) throw new UsageError(`--email: '${values.email}' is not an e-mail address`);
  const role = z.enum(["admin", "support", "marketing"]).safeParse(values.role);
  if (!role.success) throw new UsageError(`--role: '${values.role}' is not admin, support or marketing`);

  const env = getEnv();
  let password = env.STAFF_PASSWORD ?? "";
  if (!password) {
    const rl = createInterface({ input: process.stdin, output: process.stdout });
    password = await rl.question("Password (12 to 128 characters): ");
    rl.close();
  }
  if (!staffPassword.safeParse(password).success) throw new UsageError("the password must be 12 to 128 characters long");

  const database = (await openDatabase(env))!;
  // a database this script started may be new: it gets the tables first
  if (database.startedHere) await migrateDatabase(env, { url: database.url, log: () => {} });
  try {
    const staff = await createStaffAccount({ email: email.data, name: values.name ?? email.data, password, role: role.data });
    console.log(`created ${staff.role} ${staff.email} (id ${staff.id}) in ${database.where}`);
    console.log(`TOTP secret (add it to an authenticator app; shown only now): ${staff.totpSecret}`);
    console.log(totpUri(staff.totpSecret, staff.email));
  } catch (error) {
    if ((error as { code?: string }).code === "P2002") throw new OperatorError(`a staff account for ${email.data} exists already`);
    throw error;
  }
});
