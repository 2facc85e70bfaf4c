-- AlterTable
ALTER TABLE "users" ADD COLUMN     "page_hidden_at" TIMESTAMP(3);
