-- AlterTable
ALTER TABLE "staff_accounts" ADD COLUMN     "last_login_at" TIMESTAMP(3);
