-- AlterTable
ALTER TABLE "staff_accounts" DROP COLUMN "failed_logins",
DROP COLUMN "locked_until";
