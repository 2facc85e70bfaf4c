-- AlterTable
ALTER TABLE "discount_codes" ADD COLUMN     "starts_at" TIMESTAMP(3);
