-- AlterTable
ALTER TABLE "payments" ADD COLUMN     "transaction_costs_currency" TEXT,
ALTER COLUMN "transaction_costs_cents" DROP NOT NULL,
ALTER COLUMN "transaction_costs_cents" DROP DEFAULT;

-- nothing ever wrote the costs: the zeros were never a provider's word
UPDATE "payments" SET "transaction_costs_cents" = NULL;
