// A mail that carries a one-time link (activation, password reset, e-mail change, reactivation):
// the token and the mail are saved in one transaction, with the change they belong to when there
// is one, so a committed change always has its mail and a mail never names a token that is not
// there. The mail is rendered before the transaction; the relay queues it (app/mail/outbox-*).
import type { TokenKind } from "#app/generated/prisma/enums.ts";
import type { Prisma } from "#app/generated/prisma/client.ts";
import { newLinkToken, saveToken } from "#app/auth/tokens.server.ts";
import { prepareAccountMail, type AccountMailInput } from "#app/mail/account-mails.server.ts";
import { writeToMailOutbox } from "#app/mail/outbox-store.server.ts";
import { getDb } from "#app/utils/db.server.ts";

export interface LinkToken {
  userId: number;
  kind: TokenKind;
  newEmail?: string;
  /** the link the mail shows, for the new token */
  link: (token: string) => string;
}

export async function sendLinkMail(mail: Omit<AccountMailInput, "link">, token: LinkToken, change?: (tx: Prisma.TransactionClient) => Promise<unknown>) {
  const value = newLinkToken();
  const prepared = await prepareAccountMail({ ...mail, link: token.link(value) });
  await getDb().$transaction(async (tx) => {
    await change?.(tx);
    await saveToken(tx, token.userId, token.kind, value, token.newEmail ? { newEmail: token.newEmail } : {});
    await writeToMailOutbox(tx, [prepared]);
  });
}
